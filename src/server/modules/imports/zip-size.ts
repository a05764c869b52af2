/**
 * What an .xlsx (a zip) says its files take once unpacked, from its central directory (read by unzipper,
 * which exceljs reads the workbook with): undefined when it is no zip. Asked before the workbook is opened,
 * so a 10 MB file that unpacks to gigabytes (a zip bomb) is refused without unpacking any of it.
 */
export async function declaredUnzippedSize(zip: Buffer): Promise<number | undefined> {
  // Loaded on first use, with exceljs: only an import of a spreadsheet needs it.
  const { default: unzipper } = await import('unzipper');
  try {
    const directory = await unzipper.Open.buffer(zip);
    return directory.files.reduce((total, file) => total + file.uncompressedSize, 0);
  } catch {
    return undefined;
  }
}
