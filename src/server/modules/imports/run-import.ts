import { sql } from 'drizzle-orm';
import {
  IMPORT_MESSAGES,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
} from '../../../domain/imports/contracts';
import { guessMapping, IMPORT_FIELDS } from '../../../domain/imports/fields';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import { actingChapterId } from '../../db/chapter-settings';
import type { Database, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../audit/record-audit';
import { planAttendance, planReferrals } from './history-import';
import { planMembers } from './member-import';
import { planPalms } from './palms-import';
import { auditActorOf, checkMapping, type Importer, type ImportPlan, readRows } from './plan-rows';
import { readTable, type Table } from './read-table';
import { refusedRowsCsv } from './refused-rows';

// Each kind reads its rows by its own form rules, then plans against the database.
async function plan(db: Database, by: Importer, kind: ImportKind, table: Table, mapping: ImportMapping) {
  const importer = { ...by, chapterId: await actingChapterId(db, by) };
  switch (kind) {
    case 'members':
      return planMembers(db, importer, readRows(kind, table, mapping));
    case 'referrals':
      return planReferrals(db, importer, readRows(kind, table, mapping));
    case 'attendance':
      return planAttendance(db, importer, readRows(kind, table, mapping));
    case 'palms':
      return planPalms(db, importer, readRows(kind, table, mapping));
  }
}

/**
 * The preview: the file read, the mapping (guessed from the headers unless chosen) and every row with
 * its errors and what committing would do. Writes nothing.
 */
export async function previewImport(
  db: Database,
  importer: Importer,
  kind: ImportKind,
  bytes: Buffer,
  chosen?: ImportMapping,
): Promise<ImportPreview> {
  const table = await readTable(bytes);
  const mapping = chosen ?? guessMapping(kind, table.headers);
  const missing = IMPORT_FIELDS[kind].filter((f) => f.required && mapping[f.key] === undefined);
  const base = { kind, headers: table.headers, mapping, missing: missing.map((f) => f.label) };
  if (missing.length > 0)
    return {
      ...base,
      rows: [],
      counts: { rows: table.rows.length, errors: 0, create: 0, update: 0, unchanged: 0 },
      newIndustries: [],
    };
  checkMapping(kind, table.headers, mapping);
  const { rows, counts, newIndustries } = await plan(db, importer, kind, table, mapping);
  return { ...base, rows, counts, newIndustries };
}

/**
 * The commit: the same plan, taken again inside one transaction, written whole or not at all. A file
 * with any row in error writes nothing, unless the importer chose to leave those rows out (`leaveOut`, the
 * number the preview showed): then the good rows are written and the refused ones come back as a CSV with
 * their reasons. Imports run one at a time (an advisory lock), so two administrators importing the same
 * roster at once create each member once.
 */
export async function commitImport(
  db: Database,
  importer: Importer,
  kind: ImportKind,
  input: { bytes: Buffer; mapping?: ImportMapping; filename?: string; leaveOut?: number },
): Promise<ImportResult> {
  const table = await readTable(input.bytes);
  const mapping = input.mapping ?? guessMapping(kind, table.headers);
  checkMapping(kind, table.headers, mapping);
  try {
    return await db.transaction(async (tx: Transaction) => {
      // The command line has no account; a signed-in importer's rank is read again under the lock.
      const by = importer.id
        ? await confirmActorRole(tx, { id: importer.id, role: importer.role }, 'NETWORK_ADMIN')
        : importer;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('noco-import'))`);
      const planned: ImportPlan = await plan(tx, by, kind, table, mapping);
      const { errors } = planned.counts;
      if (input.leaveOut === undefined && errors > 0)
        throw new HttpError('VALIDATION', IMPORT_MESSAGES.hasErrors(errors));
      // The rows left out must be the ones the importer saw: another number means the file or the roster moved.
      if (input.leaveOut !== undefined && errors !== input.leaveOut)
        throw new HttpError('CONFLICT', IMPORT_MESSAGES.leftOutChanged(errors, input.leaveOut));
      await planned.write(tx);
      await recordAudit(tx, {
        ...auditActorOf(importer),
        action: `import.${kind}`,
        subject: input.filename?.trim() || 'a file',
        after: { ...planned.counts, newIndustries: planned.newIndustries.length },
      });
      return {
        counts: planned.counts,
        newIndustries: planned.newIndustries,
        refusedCsv: refusedRowsCsv(table, planned.rows),
      };
    });
  } catch (err) {
    // Someone signed up (or was added) with one of the file's emails while it was being written.
    if (isUniqueViolation(err)) throw new HttpError('CONFLICT', IMPORT_MESSAGES.changedMeanwhile);
    throw err;
  }
}
