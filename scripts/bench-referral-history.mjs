// One member's referral history with 1,037 referrals, on real PostgreSQL, against the built server on
// 127.0.0.1: 50 sequential requests of the history's first screen, then its last page, p50 and p99 in ms
// and the bytes of one answer. Usage: npm run build && node scripts/bench-referral-history.mjs [server.js]
// (pass another build's dist/server/main.js to compare). Environment: TEST_DATABASE_URL (admin).
import { startOnFreshDatabase } from './bench-support.mjs';

const server = process.argv[2] ?? 'dist/server/main.js';
const ROWS = 1037;
const RUNS = 50;

const run = await startOnFreshDatabase('bench_history', server);
const { base, db } = run;
try {
  const ids = [];
  for (const who of ['ann', 'bo']) {
    const { rows } = await db.query(
      `insert into users (email, slug, role, first_name, last_name) values ($1, $2, 'MEMBER', $3, 'Bench') returning id`,
      [`${who}@bench.test`, `${who}-bench`, who],
    );
    ids.push(rows[0].id);
  }
  // 1,037 referrals over three years, both directions, every status.
  await db.query(
    `insert into referrals (referrer_id, reporter_id, created_by_id, amount, sale_date, status, customer_name)
     select case when i % 3 = 0 then $2::uuid else $1::uuid end, case when i % 3 = 0 then $1::uuid else $2::uuid end,
            $1::uuid, (i * 7.31)::numeric(12,2), date '2023-01-01' + (i % 1000),
            (array['pending','approved','declined'])[1 + i % 3]::referral_status, 'Customer ' || i
     from generate_series(1, ${ROWS}) i`,
    ids,
  );
  const headers = await run.session(ids[0]);

  async function measure(label, url) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < RUNS + 5; i++) {
      const start = performance.now();
      const res = await fetch(`${base}${url}`, { headers });
      const body = await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      if (i >= 5) times.push(performance.now() - start); // 5 warm-up requests
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
    console.log(
      `${label.padEnd(44)} p50 ${pct(50).padStart(7)} ms  p99 ${pct(99).padStart(7)} ms  ${bytes} bytes`,
    );
    return (res) => res;
  }
  await measure('GET /api/referrals/transactions (first screen)', '/api/referrals/transactions');
  await measure('GET /api/referrals/pending', '/api/referrals/pending');
  await measure('GET /api/referrals?direction=given', '/api/referrals?direction=given');
  const summary = await fetch(`${base}/api/referrals/summary`, { headers });
  if (summary.ok) await measure('GET /api/referrals/summary', '/api/referrals/summary');
} finally {
  await run.stop();
}
