/**
 * What an .xlsx (a zip) says its files take once unpacked, from its central directory: undefined when it is no
 * zip. Asked before the workbook is opened, so a 10 MB file that unpacks to gigabytes (a zip bomb) is refused
 * without unpacking any of it: fflate reads each entry's declared size and, told to skip every entry, inflates
 * nothing.
 */
export async function declaredUnzippedSize(zip: Buffer): Promise<number | undefined> {
  // Loaded on first use: only an import of a spreadsheet needs it.
  const { unzipSync } = await import('fflate');
  let total = 0;
  try {
    unzipSync(zip, {
      filter: (entry) => {
        total += entry.originalSize;
        return false;
      },
    });
    return total;
  } catch {
    return undefined;
  }
}
