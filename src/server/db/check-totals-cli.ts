import { loadDatabaseConfig } from '../config';
import { orExit } from '../lib/or-exit';
import { memberTotalsDifferences, type TotalsDifference } from '../modules/member-totals/member-totals';
import { openDatabase } from './client';

/** The most differences printed; the count says how many there are in all. */
const SHOWN = 50;

const where = (d: TotalsDifference) =>
  d.memberId === null
    ? 'network totals'
    : `member ${d.memberId}${d.month ? `, month ${d.month}` : ', all time'}`;

// The figures in the order the tables keep them; a side without a row counts as zero.
const FIGURES = [
  'givenCount',
  'givenAmount',
  'receivedCount',
  'receivedAmount',
  'present',
  'absent',
  'excused',
  'count',
  'amount',
  'accounts',
];

/** Each figure that differs, as `name kept K, recounted R`. */
function figuresApart(d: TotalsDifference): string {
  const kept: Record<string, unknown> = { ...d.kept };
  const recounted: Record<string, unknown> = { ...d.recounted };
  const value = (v: unknown) => (v === undefined ? '0' : String(v));
  return FIGURES.filter((name) => Number(value(kept[name])) !== Number(value(recounted[name])))
    .map((name) => `${name} kept ${value(kept[name])}, recounted ${value(recounted[name])}`)
    .join('; ');
}

/**
 * `npm run db:check-totals`: recounts every member's monthly and all-time figures and the network's
 * approved total from the referrals and attendance rows, and reports where the kept totals differ
 * (docs/decisions/0026). Exit code 0 when they all agree, 1 otherwise. Reads only; safe on a live database.
 */
const config = orExit(() => loadDatabaseConfig());
const handle = orExit(() =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    migrationUrl: config.migrationDatabaseUrl,
    dataDir: config.dataDir,
  }),
);
try {
  const differences = await memberTotalsDifferences(handle.db);
  if (differences.length === 0) {
    console.log('Kept totals match a recount of the referrals and attendance.');
  } else {
    for (const d of differences.slice(0, SHOWN)) console.log(`${where(d)}: ${figuresApart(d)}`);
    if (differences.length > SHOWN) console.log(`… and ${differences.length - SHOWN} more`);
    console.error(`${differences.length} kept totals differ from a recount.`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
