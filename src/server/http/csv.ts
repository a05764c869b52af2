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
 * Where an export's rows come from: a list or generator, or a producer that hands over batches as it reads
 * them (a database cursor) and waits for each `emit` before reading on.
 */
export type RowSource<T> =
  | Iterable<T>
  | AsyncIterable<T>
  | ((emit: (rows: readonly T[]) => Promise<void>) => Promise<void>);

/** The client went away mid-download: the producer stops reading (and its cursor closes). */
class DownloadAborted extends Error {}

/**
 * Streams rows as a CSV download: a header line, then one line per row as the source yields it, so a
 * long history is never held as one string. Writing waits while the client is slower than the source
 * (backpressure), and stops the source if the client leaves. Every cell goes through `formulaSafe`.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: ReadonlyArray<{ header: string; value: (row: T) => unknown }>,
  rows: RowSource<T>,
) {
  const csv = stringify({ header: true, columns: columns.map((c) => c.header), bom: true });
  const write = async (row: T) => {
    if (csv.destroyed) throw new DownloadAborted();
    if (!csv.write(columns.map((c) => formulaSafe(c.value(row))))) {
      await new Promise<void>((resolve) => {
        const done = () => {
          csv.off('drain', done);
          csv.off('close', done);
          resolve();
        };
        csv.on('drain', done);
        csv.on('close', done);
      });
    }
  };
  void (async () => {
    try {
      if (typeof rows === 'function') {
        await rows(async (batch) => {
          for (const row of batch) await write(row);
        });
      } else {
        for await (const row of rows) await write(row);
      }
      csv.end();
    } catch (err) {
      if (!(err instanceof DownloadAborted)) csv.destroy(err as Error);
    }
  })();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
