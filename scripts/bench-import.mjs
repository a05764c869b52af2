// A 5,000-row members file (CSV, then .xlsx) previewed, imported and imported again through the
// built server on 127.0.0.1 and a fresh PostgreSQL database; prints each call's time and the server's peak
// resident memory (VmHWM) before and after. Usage: npm run build && node scripts/bench-import.mjs [rows].
// Environment: TEST_DATABASE_URL (admin).
import { readFileSync } from 'node:fs';
import writeExcelFile from 'write-excel-file/node';
import { startOnFreshDatabase } from './bench-support.mjs';

const ROWS = Number(process.argv[2] ?? 5000);

// 100 industries with one seat holder each; the other rows leave industry empty.
const cells = (i, tag) => [
  `m${i}@${tag}.test`,
  `First${i}`,
  `Last${i}`,
  `Business ${i}`,
  i <= 100 ? `Industry ${i} ${tag}` : '',
  '970-555-0100',
  `site${i}.example`,
  'Member',
  '2021-03-14',
];
const header = [
  'Email',
  'First Name',
  'Last Name',
  'Business',
  'Industry',
  'Phone',
  'Website',
  'Role',
  'Member Since',
];
const csv = (tag) =>
  Buffer.from(
    [header, ...Array.from({ length: ROWS }, (_, i) => cells(i + 1, tag))].map((r) => r.join(',')).join('\n'),
  );
const xlsx = (tag) =>
  writeExcelFile([header, ...Array.from({ length: ROWS }, (_, i) => cells(i + 1, tag))], {
    sheet: 'Roster',
  }).toBuffer();
/** The server's resident memory now and at its peak so far, from /proc (Linux). */
const memory = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
  return `resident ${mb('VmRSS')} MB (peak ${mb('VmHWM')} MB)`;
};

const run = await startOnFreshDatabase('bench_import');
const { base, child, db } = run;
try {
  const { rows } = await db.query(
    `insert into users (email, slug, role, first_name, last_name) values ('admin@bench.test', 'admin-bench', 'AGENCY_ADMIN', 'Ada', 'Admin') returning id`,
  );
  const headers = { ...(await run.session(rows[0].id)), 'content-type': 'application/octet-stream' };
  console.log(`server after start: ${memory(child.pid)}`);

  async function call(label, path, body) {
    const start = performance.now();
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message}`);
    const ms = (performance.now() - start).toFixed(0);
    console.log(
      `${label.padEnd(40)} ${ms.padStart(6)} ms  ${JSON.stringify(json.counts)}  ${memory(child.pid)}`,
    );
  }
  for (const [kind, bytes] of [
    ['CSV', csv('csv')],
    ['.xlsx', await xlsx('xlsx')],
  ]) {
    console.log(`${kind}: ${ROWS} rows, ${(bytes.length / 1024).toFixed(0)} KB`);
    await call(`  preview`, '/api/imports/members/preview', bytes);
    await call(`  import`, '/api/imports/members?filename=bench', bytes);
    await call(`  import again (all unchanged)`, '/api/imports/members?filename=bench', bytes);
  }
  const [{ n }] = (await db.query(`select count(*)::int as n from users`)).rows;
  console.log(`users in the database: ${n}`);
} finally {
  await run.stop();
}
