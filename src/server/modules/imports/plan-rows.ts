import { AUDIT_ACTOR_LABELS } from '../../../domain/admin/audit';
import {
  IMPORT_MESSAGES,
  type ImportCounts,
  type ImportKind,
  type ImportMapping,
  PREVIEW_VALUE_MAX,
  type PreviewRow,
} from '../../../domain/imports/contracts';
import { IMPORT_FIELDS } from '../../../domain/imports/fields';
import { type ImportRow, type RowCells, readRow } from '../../../domain/imports/rows';
import type { Role } from '../../../domain/roles/roles';
import type { Transaction } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { AuditActor } from '../audit/record-audit';
import type { Table } from './read-table';

/** Who imports: a signed-in administrator, or the command line (no account, every role). */
export interface Importer {
  id: string | null;
  role: Role;
  /** The importer's chapter; null (an agency administrator of none, the command line) imports into the first. */
  chapterId: string | null;
}

/** An importer with the chapter the file lands in: its members, seats and records are that chapter's only. */
export type ChapterImporter = Importer & { chapterId: string };

/** How the audit log names the importer. */
export const auditActorOf = (importer: Importer): AuditActor =>
  importer.id ? { actorId: importer.id } : { actorLabel: AUDIT_ACTOR_LABELS.commandLine };

export type RowAction = NonNullable<PreviewRow['action']>;

/** One row on its way through the import: its cells, its value once read, and what is wrong with it. */
export interface PlannedRow<T> {
  line: number;
  cells: RowCells;
  value?: T;
  errors: string[];
  action: RowAction | null;
}

/** What an import would do, and the writes that do it (run in the commit's transaction). */
export interface ImportPlan {
  rows: PreviewRow[];
  counts: ImportCounts;
  newIndustries: string[];
  write: (tx: Transaction) => Promise<void>;
}

/** Refuses a mapping that leaves a required field out or points past the file's columns. */
export function checkMapping(kind: ImportKind, headers: readonly string[], mapping: ImportMapping): void {
  const fields = IMPORT_FIELDS[kind];
  for (const [key, column] of Object.entries(mapping)) {
    if (!fields.some((f) => f.key === key) || column >= headers.length)
      throw new HttpError('VALIDATION', IMPORT_MESSAGES.badMapping);
  }
  const missing = fields.find((f) => f.required && mapping[f.key] === undefined);
  if (missing) throw new HttpError('VALIDATION', IMPORT_MESSAGES.unmapped(missing.label));
}

/** Every row read by the kind's form rules (spreadsheet row numbers: the header is row 1). */
export function readRows<K extends ImportKind>(
  kind: K,
  table: Table,
  mapping: ImportMapping,
): PlannedRow<ImportRow<K>>[] {
  const mapped = Object.entries(mapping);
  return table.rows.map((cells, index) => {
    const rowCells: RowCells = {};
    for (const [key, column] of mapped) rowCells[key] = cells[column] ?? '';
    const { value, errors } = readRow(kind, rowCells);
    return { line: index + 2, cells: rowCells, value, errors, action: null };
  });
}

/**
 * Marks every row after the first with the same key (an email, a member and date) as a duplicate,
 * so a file never writes one thing twice.
 */
export function refuseRepeats<T>(
  rows: PlannedRow<T>[],
  keyOf: (value: T) => string,
  what: (value: T) => string,
): void {
  const first = new Map<string, number>();
  for (const row of rows) {
    if (!row.value) continue;
    const key = keyOf(row.value);
    const line = first.get(key);
    if (line === undefined) first.set(key, row.line);
    else row.errors.push(IMPORT_MESSAGES.duplicateInFile(what(row.value), line));
  }
}

const shown = (cell: string) =>
  cell.length > PREVIEW_VALUE_MAX ? `${cell.slice(0, PREVIEW_VALUE_MAX)}…` : cell;

/** The preview's rows and counts; a row with errors does nothing. */
export function summarize<T>(rows: PlannedRow<T>[]): Pick<ImportPlan, 'rows' | 'counts'> {
  const counts: ImportCounts = { rows: rows.length, errors: 0, create: 0, update: 0, unchanged: 0 };
  const preview = rows.map((row): PreviewRow => {
    const action = row.errors.length > 0 ? null : row.action;
    if (action) counts[action]++;
    else counts.errors++;
    const values = Object.fromEntries(Object.entries(row.cells).map(([k, v]) => [k, shown(v)]));
    return { line: row.line, values, errors: row.errors, action };
  });
  return { rows: preview, counts };
}

/** Rows that will be written: read, without errors. */
export const validRows = <T>(rows: PlannedRow<T>[]) =>
  rows.filter(
    (row): row is PlannedRow<T> & { value: T } => row.value !== undefined && row.errors.length === 0,
  );

/** Splits `items` into chunks small enough for one INSERT's parameters. */
export function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
