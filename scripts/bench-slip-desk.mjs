// The slips desk's save at its largest: batches of 200 slips (referrals, closed business, one-to-ones, CEUs and
// testimonials among 40 members) through the built server on 127.0.0.1 and a fresh PostgreSQL database, then the
// same batch again (answered from its key). Prints each save's time. Usage: npm run build &&
// node scripts/bench-slip-desk.mjs [batches]. Environment: TEST_DATABASE_URL (admin).
import { randomUUID } from 'node:crypto';
import { startOnFreshDatabase } from './bench-support.mjs';

const BATCHES = Number(process.argv[2] ?? 5);
const MEMBERS = 40;

const run = await startOnFreshDatabase('bench_slip_desk');
const { base, db } = run;
try {
  const [{ id: chapterId }] = (await db.query(`select id from chapters order by created_at limit 1`)).rows;
  const insert = async (email, role) =>
    (
      await db.query(
        `insert into users (email, slug, role, first_name, last_name, chapter_id, created_at)
         values ($1, $1, $2, 'Bench', $1, $3, now() - interval '1 year') returning id`,
        [email, role, chapterId],
      )
    ).rows[0].id;
  const leader = await insert('leader-bench', 'LEADERSHIP');
  const members = [];
  for (let i = 0; i < MEMBERS; i += 1) members.push(await insert(`m${i}-bench`, 'MEMBER'));
  const headers = { ...(await run.session(leader)), 'content-type': 'application/json' };
  const meetingDates = Array.from({ length: BATCHES }, (_, i) =>
    new Date(Date.now() - (BATCHES - i) * 86_400_000).toISOString().slice(0, 10),
  );

  const batch = (n) =>
    Array.from({ length: 200 }, (_, i) => {
      const from = members[(i + n) % MEMBERS];
      const to =
        members[(i * 7 + n + 1) % MEMBERS] === from
          ? members[(i + 2) % MEMBERS]
          : members[(i * 7 + n + 1) % MEMBERS];
      switch (i % 5) {
        case 0:
          return { kind: 'referral', fromMemberId: from, toMemberId: to, customer: `Customer ${i}` };
        case 1:
          return { kind: 'closed_business', fromMemberId: from, toMemberId: to, amount: '125.00' };
        case 2:
          return { kind: 'one_to_one', fromMemberId: from, toMemberId: to };
        case 3:
          return { kind: 'ceu', fromMemberId: from, note: `Chapter ${i}` };
        default:
          return { kind: 'testimonial', fromMemberId: from, toMemberId: to, note: `Thank you, ${i}.` };
      }
    });

  for (const [n, date] of meetingDates.entries()) {
    // Each batch into its own meeting, opened as the week before the next.
    const [{ id: meetingId }] = (
      await db.query(
        `insert into meetings (chapter_id, meeting_date, start_time, state) values ($1, $2, '07:00', 'open') returning id`,
        [chapterId, date],
      )
    ).rows;
    const body = JSON.stringify({ batchKey: randomUUID(), rows: batch(n) });
    for (const label of ['save 200 slips', '  the same batch again']) {
      const start = performance.now();
      const res = await fetch(`${base}/api/meetings/${meetingId}/slips`, { method: 'POST', headers, body });
      const json = await res.json();
      if (!res.ok) throw new Error(`${res.status} ${json.message}`);
      const ms = (performance.now() - start).toFixed(0);
      console.log(`${date} ${label.padEnd(24)} ${ms.padStart(6)} ms  ${JSON.stringify(json.counts)}`);
    }
    await db.query(`update meetings set state = 'closed', closed_at = now() where id = $1`, [meetingId]);
  }
} finally {
  await run.stop();
}
