import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * A cell a spreadsheet will not run: text starting with =, +, -, @, tab or carriage return gets a
 * leading apostrophe (OWASP's CSV injection advice), so `=HYPERLINK(...)` shows as text.
 */
export function formulaSafe(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Streams rows as a CSV download: a header line, then one line per row as the generator yields it, so a
 * long history is never held as one string. Every cell goes through `formulaSafe`.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: ReadonlyArray<{ header: string; value: (row: T) => unknown }>,
  rows: Iterable<T> | AsyncIterable<T>,
) {
  const csv = stringify({ header: true, columns: columns.map((c) => c.header), bom: true });
  void (async () => {
    try {
      for await (const row of rows) {
        if (!csv.write(columns.map((c) => formulaSafe(c.value(row))))) {
          await new Promise((resolve) => csv.once('drain', resolve));
        }
      }
      csv.end();
    } catch (err) {
      csv.destroy(err as Error);
    }
  })();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
