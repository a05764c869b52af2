// Issue 37: a 5,000-row members file (CSV, then .xlsx) previewed, imported and imported again through the
// built server on 127.0.0.1 and a fresh PostgreSQL database; prints each call's time and the server's peak
// resident memory (VmHWM) before and after. Usage: npm run build && node scripts/bench-import.mjs [rows].
// Environment: TEST_DATABASE_URL (admin).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { freePort, waitForHealth } from './bench-support.mjs';

const ROWS = Number(process.argv[2] ?? 5000);
const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_import_${Date.now().toString(36)}`;
const dbUrl = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();

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
async function xlsx(tag) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Roster');
  sheet.addRow(header);
  for (let i = 1; i <= ROWS; i++) sheet.addRow(cells(i, tag));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
/** The server's resident memory now and at its peak so far, from /proc (Linux). */
const memory = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
  return `resident ${mb('VmRSS')} MB (peak ${mb('VmHWM')} MB)`;
};

const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`create database ${name}`);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn('node', ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: dbUrl,
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
try {
  await waitForHealth(base);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  db.on('error', () => {}); // the database is dropped with this client still open when a call fails
  const { rows } = await db.query(
    `insert into users (email, slug, role, first_name, last_name) values ('admin@bench.test', 'admin-bench', 'AGENCY_ADMIN', 'Ada', 'Admin') returning id`,
  );
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (token_hash, csrf_token, user_id, expires_at) values ($1, 'x', $2, now() + interval '1 day')`,
    [createHash('sha256').update(token).digest('base64url'), rows[0].id],
  );
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' };
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
  await db.end();
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await adminClient.query(`drop database if exists ${name} with (force)`);
  await adminClient.end();
}
