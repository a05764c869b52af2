import { stringify } from 'csv-stringify/sync';
import { IMPORT_REASONS_HEADER, type PreviewRow } from '../../../domain/imports/contracts';
import { formulaSafe } from '../../http/csv';
import type { Table } from './read-table';

/**
 * The rows an import left out, as a CSV to fix and upload again: the file's own header and cells, as they
 * were, and each row's reasons. The cells are the importer's own file, kept exactly so it imports once fixed;
 * the reasons may quote another member's name, so they go through `formulaSafe`. A refused file uploaded
 * again keeps its Reasons column in its place. Null when no row was left out.
 */
export function refusedRowsCsv(table: Table, rows: readonly PreviewRow[]): string | null {
  const refused = rows.filter((row) => row.errors.length > 0);
  if (refused.length === 0) return null;
  const kept = table.headers.indexOf(IMPORT_REASONS_HEADER);
  const reasonsAt = kept >= 0 ? kept : table.headers.length;
  const header = [...table.headers];
  header[reasonsAt] = IMPORT_REASONS_HEADER;
  // A cell past the header's columns was never read, so it has no column to go back in.
  const lines = refused.map((row) => {
    const source = table.rows[row.line - 2] ?? [];
    return header.map((_, at) =>
      at === reasonsAt ? formulaSafe(row.errors.join('; ')) : (source[at] ?? ''),
    );
  });
  return stringify([header, ...lines], { bom: true });
}
