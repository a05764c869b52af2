/**
 * Hands text to the browser as a download (a CSV that came inside a JSON answer), through a link with
 * `download`, the way a page saves a file it made.
 */
export function saveTextFile(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the file by now; the address is freed once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
