import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../../domain/imports/contracts';
import { readTable } from './read-table';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Roster');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const refusal = async (bytes: Buffer) => {
  try {
    await readTable(bytes);
  } catch (err) {
    return (err as Error).message;
  }
  return 'read without complaint';
};

describe('reading an uploaded spreadsheet', () => {
  it('reads a plain CSV, skipping blank lines', async () => {
    expect(await readTable(utf8('Email,First Name\r\na@x.com,Ann\r\n\r\n,\r\nb@x.com,Bo\r\n'))).toEqual({
      headers: ['Email', 'First Name'],
      rows: [
        ['a@x.com', 'Ann'],
        ['b@x.com', 'Bo'],
      ],
    });
  });

  it('drops a UTF-8 byte-order mark, so the first header reads "Email"', async () => {
    const table = await readTable(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('Email\na@x.com\n')]));
    expect(table.headers).toEqual(['Email']);
  });

  it('reads semicolon separators (European Excel) and tabs', async () => {
    expect((await readTable(utf8('Email;Business\na@x.com;"Smith, Jones & Co"\n'))).rows).toEqual([
      ['a@x.com', 'Smith, Jones & Co'],
    ]);
    expect((await readTable(utf8('Email\tName\na@x.com\tAnn\n'))).rows).toEqual([['a@x.com', 'Ann']]);
  });

  it('keeps a quoted newline inside its cell', async () => {
    expect((await readTable(utf8('Email,Notes\na@x.com,"line one\nline two"\n'))).rows).toEqual([
      ['a@x.com', 'line one\nline two'],
    ]);
  });

  it('reads Windows-1252 (Excel on Windows) and UTF-16 with its mark', async () => {
    const cp1252 = Buffer.from([...utf8('Name\nRen'), 0xe9, 0x0a]);
    expect((await readTable(cp1252)).rows).toEqual([['René']]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\nZoë\n', 'utf16le')]);
    expect((await readTable(utf16)).rows).toEqual([['Zoë']]);
  });

  it('refuses what is not a table, with a message', async () => {
    expect(await refusal(Buffer.alloc(0))).toBe('The file has no rows to import.');
    expect(await refusal(utf8('Email,Name\n'))).toBe('The file has no rows to import.');
    expect(await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]))).toBe(
      'This file is not a CSV or Excel (.xlsx) file.',
    );
    expect(await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]))).toMatch(/\.xls\) cannot be read/);
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatch(
      /Excel file could not be read/,
    );
    expect(await refusal(utf8('Email,Notes\na@x.com,"never closed\n'))).toMatch(
      /^This CSV file could not be read: /,
    );
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows and takes exactly that many`, async () => {
    const lines = (n: number) => `Email\n${Array.from({ length: n }, (_, i) => `m${i}@x.com`).join('\n')}\n`;
    expect((await readTable(utf8(lines(IMPORT_MAX_ROWS)))).rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(await refusal(utf8(lines(IMPORT_MAX_ROWS + 1)))).toMatch(/more than 10,000 rows/);
  });

  it('reads .xlsx: text, numbers, dates, rich text, links, and a formula as its value', async () => {
    const bytes = await xlsx([
      ['Email', 'Since', 'Dues', 'Name', 'Site', 'Total'],
      [
        'a@x.com',
        new Date(Date.UTC(2021, 2, 14)),
        450,
        { richText: [{ text: 'Ann ' }, { text: 'Lee' }] },
        { text: 'acme.com', hyperlink: 'https://acme.com' },
        { formula: 'C2*2', result: 900 },
      ],
      ['b@x.com', '', '', '', '', { formula: 'HYPERLINK("http://evil")' }],
    ]);
    expect(await readTable(bytes)).toEqual({
      headers: ['Email', 'Since', 'Dues', 'Name', 'Site', 'Total'],
      rows: [
        ['a@x.com', '2021-03-14', '450', 'Ann Lee', 'acme.com', '900'],
        ['b@x.com', '', '', '', '', '=HYPERLINK("http://evil")'],
      ],
    });
  });

  it(`refuses an .xlsx with more than ${IMPORT_MAX_ROWS} rows`, async () => {
    const rows = [['Email'], ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`m${i}@x.com`])];
    expect(await refusal(await xlsx(rows))).toMatch(/more than 10,000 rows/);
  });
});

describe('a zip bomb dressed as .xlsx', () => {
  it('is refused by the sizes its directory declares, before anything is unpacked', async () => {
    const bytes = await xlsx([['Email'], ['a@x.com']]);
    expect((await readTable(bytes)).rows).toEqual([['a@x.com']]);
    // The same workbook, its first entry declaring 200 MB unpacked (as a bomb's does).
    const bomb = Buffer.from(bytes);
    const end = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const firstEntry = bomb.readUInt32LE(end + 16);
    bomb.writeUInt32LE(200 * 1024 * 1024, firstEntry + 24);
    expect(await refusal(bomb)).toBe(
      'This Excel file unpacks to more than 100 MB. Save it as CSV, or split it, and upload it again.',
    );
  });
});
