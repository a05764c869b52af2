import type { ImportPreview } from '../../../domain/imports/contracts';
import { IMPORT_FIELDS } from '../../../domain/imports/fields';

const ACTIONS = { create: 'new', update: 'update', unchanged: 'unchanged' } as const;
const WIDTH = { row: 6, action: 10, values: 48 };
const pad = (text: string, width: number) =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);

/**
 * The web page's preview as text for the command line: the columns used, the counts, then one line per
 * row (the row's first three values, what importing does, or its errors).
 */
export function previewTable(preview: ImportPreview): string[] {
  const fields = IMPORT_FIELDS[preview.kind];
  const columns = fields
    .filter((f) => preview.mapping[f.key] !== undefined)
    .map((f) => `${f.label} <- "${preview.headers[preview.mapping[f.key]!]}"`);
  const { rows, errors, create, update, unchanged } = preview.counts;
  const lines = [`Columns: ${columns.join(', ')}`];
  if (preview.missing.length > 0) lines.push(`Missing: ${preview.missing.join(', ')} (no column matches)`);
  lines.push(
    `${rows} rows: ${create} new, ${update} to update, ${unchanged} unchanged, ${errors} with errors`,
  );
  if (preview.newIndustries.length > 0) lines.push(`New industries: ${preview.newIndustries.join(', ')}`);
  if (preview.rows.length === 0) return lines;
  lines.push(
    '',
    `${pad('Row', WIDTH.row)}${pad('Action', WIDTH.action)}${pad('Values', WIDTH.values)}Errors`,
  );
  for (const row of preview.rows) {
    const values = fields
      .map((f) => row.values[f.key])
      .filter(Boolean)
      .slice(0, 3)
      .join(' / ');
    const action = row.action ? ACTIONS[row.action] : 'ERROR';
    lines.push(
      `${pad(String(row.line), WIDTH.row)}${pad(action, WIDTH.action)}${pad(values, WIDTH.values)}${row.errors.join('; ')}`.trimEnd(),
    );
  }
  return lines;
}
