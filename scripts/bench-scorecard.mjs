// The scorecard's chapter computation at the sizes it meets: one chapter of 60 members and the whole agency of
// 10,000 members in 100 chapters, each member with six kept months, on a fresh PostgreSQL database migrated by the
// built server. Prints each computation's time (median of the runs) and its query count. Usage: npm run build &&
// node --import tsx scripts/bench-scorecard.mjs [runs]. Environment: TEST_DATABASE_URL (admin).
import { todayIn } from '../src/domain/dates.ts';
import { liveWindow } from '../src/domain/scorecard/windows.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { scoreChapters } from '../src/server/modules/scorecard/score-chapters.ts';
import { startOnFreshDatabase } from './bench-support.mjs';

const RUNS = Number(process.argv[2] ?? 7);
const CHAPTERS = 100;
const AGENCY_MEMBERS = 10_000;
const FIRST_CHAPTER_MEMBERS = 60;

const run = await startOnFreshDatabase('bench_scorecard');
const { db } = run;
let handle;
try {
  const [{ id: first }] = (await db.query(`select id from chapters order by created_at limit 1`)).rows;
  await db.query(
    `insert into chapters (name, slug) select 'Bench ' || i, 'bench-' || i from generate_series(2, $1) as i`,
    [CHAPTERS],
  );
  const others = (await db.query(`select id from chapters where id <> $1 order by slug`, [first])).rows.map(
    (r) => r.id,
  );
  // 60 members in the first chapter, the rest spread over the other 99.
  await db.query(
    `insert into users (email, slug, role, first_name, last_name, chapter_id, created_at)
     select 'm' || i || '@bench.test', 'm' || i, 'MEMBER', 'Bench', 'Member ' || i,
       case when i <= $1 then $2::uuid else ($3::uuid[])[1 + (i % $4)] end, now() - interval '2 years'
     from generate_series(1, $5) as i`,
    [FIRST_CHAPTER_MEMBERS, first, others, others.length, AGENCY_MEMBERS],
  );
  // Six kept months each, varied so every band is reached somewhere.
  await db.query(
    `insert into member_month_totals (member_id, chapter_id, month, present, absent, late, excused, substitute,
       given_count, received_count, received_amount, one_to_ones, education_units, testimonials, visitors)
     select u.id, u.chapter_id, date_trunc('month', now())::date - make_interval(months => m),
       4 - (n % 3), n % 3, (n / 3) % 2, (n / 5) % 2, 0, n % 7, n % 5, (n % 11) * 250, n % 9, n % 3, n % 2, (n / 2) % 3
     from (select id, chapter_id, row_number() over (order by id)::int as n from users where role = 'MEMBER') u,
       generate_series(0, 5) as m
     on conflict (member_id, month) do update set present = excluded.present`,
  );
  const queries = [];
  handle = openDatabase({
    databaseUrl: run.dbUrl,
    dataDir: 'unused',
    onQuery: (q) => queries.push(q),
  });
  // The six months the seeded totals fill: this one and the five before it.
  const window = liveWindow(todayIn(), 6);
  const allChapters = [first, ...others];
  const measure = async (label, chapterIds) => {
    const times = [];
    let scored = 0;
    let count = 0;
    for (let i = 0; i < RUNS; i += 1) {
      queries.length = 0;
      const started = performance.now();
      scored = (await scoreChapters(handle.db, chapterIds, window, {})).length;
      times.push(performance.now() - started);
      count = queries.length;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(
      `${label}: ${scored} members scored in ${median.toFixed(1)} ms (median of ${RUNS}; ${times[0].toFixed(1)} to ${times.at(-1).toFixed(1)} ms), ${count} queries`,
    );
  };
  await measure('one chapter', [first]);
  await measure('the agency', allChapters);
} finally {
  await handle?.close().catch(() => {});
  await run.stop();
}
