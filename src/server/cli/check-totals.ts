import { migrationsBehind } from '../db/migration-state';
import { memberTotalsDifferences, type TotalsDifference } from '../modules/member-totals/member-totals';
import { withCommandDatabase } from './command-database';

/** The most differences printed; the count says how many there are in all. */
const SHOWN = 50;

/** Where a difference is: a member's month (a date), their sums over a period (its name) or all time. */
const where = (d: TotalsDifference) => {
  if (d.memberId === null) return 'network totals';
  if (d.month === null) return `member ${d.memberId}, all time`;
  return /^\d/.test(d.month) ? `member ${d.memberId}, month ${d.month}` : `member ${d.memberId}, ${d.month}`;
};

// The figures in the order the tables keep them; a side without a row counts as zero.
const FIGURES = [
  'givenCount',
  'givenAmount',
  'receivedCount',
  'receivedAmount',
  'present',
  'absent',
  'excused',
  'late',
  'substitute',
  'count',
  'amount',
  'accounts',
  'members',
];

/** Each figure that differs, as `name kept K, recounted R`. */
function figuresApart(d: TotalsDifference): string {
  const kept: Record<string, unknown> = { ...d.kept };
  const recounted: Record<string, unknown> = { ...d.recounted };
  const value = (v: unknown) => (v === undefined ? '0' : String(v));
  const apart = FIGURES.filter((name) => Number(value(kept[name])) !== Number(value(recounted[name])));
  // A period's sums carry the member's chapter too (text, compared as such).
  if (('chapterId' in kept || 'chapterId' in recounted) && kept.chapterId !== recounted.chapterId)
    apart.push('chapterId');
  return apart
    .map((name) => `${name} kept ${value(kept[name])}, recounted ${value(recounted[name])}`)
    .join('; ');
}

/**
 * `npm run db:check-totals`: recounts every member's monthly and all-time figures and the network's
 * approved total from the referrals and attendance rows, and reports where the kept totals differ
 * (docs/decisions/0026). Exit code 0 when they all agree, 1 otherwise, 2 when the database is not migrated
 * to this version. Reads only; safe on a live database.
 */
// Reads only: a database behind this version is reported, never migrated.
await withCommandDatabase(
  async (handle) => {
    // Only what the database holds is checked: a database behind this version lacks some of the kept tables.
    const behind = await migrationsBehind(handle.db);
    const differences = behind > 0 ? [] : await memberTotalsDifferences(handle.db);
    if (behind > 0) {
      console.error(
        `The database is ${behind} migration${behind === 1 ? '' : 's'} behind this version: run npm run db:migrate, then check again.`,
      );
      process.exitCode = 2;
    } else if (differences.length === 0) {
      console.log('Kept totals match a recount of the referrals and attendance.');
    } else {
      for (const d of differences.slice(0, SHOWN)) console.log(`${where(d)}: ${figuresApart(d)}`);
      if (differences.length > SHOWN) console.log(`… and ${differences.length - SHOWN} more`);
      console.error(`${differences.length} kept totals differ from a recount.`);
      process.exitCode = 1;
    }
  },
  { migrate: false },
);
