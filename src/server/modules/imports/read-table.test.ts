import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { IMPORT_MAX_ROWS } from '../../../domain/imports/contracts';
import { readTable } from './read-table';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

type Cell = string | number | boolean | Date | null;
/** A workbook as a spreadsheet program writes one (dates formatted as dates). */
const xlsx = (rows: Cell[][]): Promise<Buffer> =>
  writeExcelFile(rows, { dateFormat: 'yyyy-mm-dd', sheet: 'Roster' }).toBuffer();

/**
 * A workbook written by hand, for what a writer library does not make: rich text, a link, a formula with the
 * value the file keeps for it and one with none. `cells` is the sheet's XML inside <sheetData>.
 */
function handWrittenXlsx(cells: string, extra = ''): Buffer {
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
      '_rels/.rels': xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      'xl/workbook.xml': xml(
        `<workbook ${ns} xmlns:r="${rel}"><sheets><sheet name="Roster" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      'xl/worksheets/sheet1.xml': xml(
        `<worksheet ${ns} xmlns:r="${rel}"><sheetData>${cells}</sheetData>${extra}</worksheet>`,
      ),
    }),
  );
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

  it('reads .xlsx: text, numbers as written, dates, booleans, and a formula with no kept value as empty', async () => {
    const bytes = await xlsx([
      ['Email', 'Since', 'Dues', 'Member number', 'Active', 'Total'],
      ['a@x.com', new Date(Date.UTC(2021, 2, 14)), 450.5, 12345678901234, true, null],
      ['b@x.com', null, null, null, false, null],
    ]);
    expect(await readTable(bytes)).toEqual({
      headers: ['Email', 'Since', 'Dues', 'Member number', 'Active', 'Total'],
      rows: [
        ['a@x.com', '2021-03-14', '450.5', '12345678901234', 'true', ''],
        ['b@x.com', '', '', '', 'false', ''],
      ],
    });
  });

  it('reads rich text and links as their text, and a formula as the value the file keeps, never its text', async () => {
    const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const bytes = handWrittenXlsx(
      `<row r="1">${inline('A1', 'Email')}${inline('B1', 'Name')}${inline('C1', 'Site')}${inline('D1', 'Total')}${inline('E1', 'Note')}</row>
<row r="2">${inline('A2', 'a@x.com')}<c r="B2" t="inlineStr"><is><r><t xml:space="preserve">Ann </t></r><r><t>Lee</t></r></is></c>${inline('C2', 'acme.com')}<c r="D2"><f>2*450</f><v>900</v></c><c r="E2"><f>HYPERLINK("http://evil")</f></c></row>`,
      '<hyperlinks><hyperlink ref="C2" r:id="rId9"/></hyperlinks>',
    );
    expect(await readTable(bytes)).toEqual({
      headers: ['Email', 'Name', 'Site', 'Total', 'Note'],
      rows: [['a@x.com', 'Ann Lee', 'acme.com', '900', '']],
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
      'This Excel file unpacks to more than 50 MB. Save it as CSV, or split it, and upload it again.',
    );
  });
});
