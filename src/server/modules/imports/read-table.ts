import { parse } from 'csv-parse/sync';
import type { CellValue, SheetData } from 'read-excel-file/node';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNZIPPED_BYTES,
  IMPORT_MESSAGES,
} from '../../../domain/imports/contracts';
import { HttpError } from '../../lib/http-error';
import { declaredUnzippedSize } from './zip-size';

/** A spreadsheet as the import reads it: the header row and every non-empty row below, as text. */
export interface Table {
  headers: string[];
  rows: string[][];
}

const refuse = (message: string) => new HttpError('VALIDATION', message);
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/**
 * Reads an uploaded CSV or .xlsx, told apart by their bytes rather than the name or type the browser
 * claims. Refuses the whole file with a message when it cannot be read or has too many rows; reading
 * never writes anything.
 */
export async function readTable(bytes: Buffer): Promise<Table> {
  if (bytes.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  if (startsWith(bytes, OLE)) throw refuse(IMPORT_MESSAGES.oldExcel);
  const raw = startsWith(bytes, ZIP) ? await readXlsx(bytes) : readCsv(decodeText(bytes));
  const [header, ...body] = raw.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (!header) throw refuse(IMPORT_MESSAGES.empty);
  const headers = header.map((h) => h.trim());
  if (body.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  if (body.length > IMPORT_MAX_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows);
  return { headers, rows: body };
}

/**
 * The text of a CSV: UTF-8 (with or without a byte-order mark), UTF-16 with its mark (Excel's "Unicode
 * text"), else Windows-1252, what Excel on Windows writes for "CSV" and the only other encoding a
 * chapter's file is likely in. Bytes no text has (a picture, a PDF) are refused.
 */
export function decodeText(bytes: Buffer): string {
  let text: string;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) text = new TextDecoder('utf-8').decode(bytes.subarray(3));
  else if (startsWith(bytes, [0xff, 0xfe])) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (startsWith(bytes, [0xfe, 0xff])) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (text.includes('\u0000')) throw refuse(IMPORT_MESSAGES.notATable);
  return text;
}

/** The separator the header line uses most, outside quotes: comma, semicolon (European Excel) or tab. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return [...counts].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readCsv(text: string): string[][] {
  try {
    return parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      // A stray quote inside an unquoted cell (5" screen) is text, as Excel reads it.
      relax_quotes: true,
      skip_empty_lines: true,
      // One past the limit is enough to refuse the file; the rest is never parsed.
      to_line: IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch (err) {
    throw refuse(IMPORT_MESSAGES.unreadableCsv(err instanceof Error ? err.message : String(err)));
  }
}

/** A cell as the sheet shows it: dates as yyyy-MM-dd, numbers as written in the file, a formula as its kept value. */
function cellText(value: CellValue<string> | null): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/**
 * The first worksheet. read-excel-file unpacks the workbook and parses the sheet off the main thread; the sizes
 * its directory declares are checked first, so what it unpacks is bounded. A formula reads as the value the file
 * keeps for it (what the sheet shows), never as its text.
 */
async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const unzipped = await declaredUnzippedSize(bytes);
  if (unzipped === undefined) throw refuse(IMPORT_MESSAGES.unreadableExcel);
  if (unzipped > IMPORT_MAX_UNZIPPED_BYTES) throw refuse(IMPORT_MESSAGES.unzipsTooLarge);
  // Loaded on first use: only an import of a spreadsheet needs it.
  const { readSheet } = await import('read-excel-file/node');
  let sheet: SheetData<string>;
  try {
    // Numbers as the file writes them (a long member number keeps every digit), not as parsed floats.
    sheet = await readSheet<string>(bytes, { parseNumber: (text) => text });
  } catch {
    throw refuse(IMPORT_MESSAGES.unreadableExcel);
  }
  return sheet.map((row) => row.map(cellText));
}
