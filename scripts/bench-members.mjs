// GET /api/members with 1,000 members, against the built server on real PostgreSQL, on 127.0.0.1 only.
// Usage: npm run build && node scripts/bench-members.mjs [seconds] [connections]
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 20);
const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_${Date.now().toString(36)}`;
const port = 3500;
const dbUrl = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();

async function sql(url, text, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function run(path) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `http://127.0.0.1:${port}${path}`, connections, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

await sql(admin, `create database ${name}`);
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, PORT: String(port), DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitForHealth();
  await sql(
    dbUrl,
    `insert into users (email, slug, role, first_name, last_name, business_name, industry, description,
       personal_bio, business_phone, business_email, website)
     select 'bench' || i || '@example.com', 'bench-member-' || i, 'MEMBER', 'Bench', 'Member ' || i,
       'Business ' || i, 'Industry ' || (i % 40), 'A short description of business number ' || i,
       'Bio ' || i, '(970) 555-' || lpad(i::text, 4, '0'), 'owner' || i || '@example.com', 'https://b' || i || '.example'
     from generate_series(1, 1000) as i`,
  );
  const size = (await (await fetch(`http://127.0.0.1:${port}/api/members`)).text()).length;
  await run('/api/members'); // warm-up
  const members = await run('/api/members');
  const health = await run('/api/health');
  const line = (label, r) =>
    `${label}: ${Math.round(r.requests.average)} req/s average, p99 ${r.latency.p99} ms, p50 ${r.latency.p50} ms, ${r.errors} errors, ${r.non2xx} non-2xx`;
  console.log(
    `node ${process.version}, ${connections} connections, ${seconds} s each, PostgreSQL, 1,000 members (${Math.round(size / 1024)} KiB body)`,
  );
  console.log(line('GET /api/members', members));
  console.log(line('GET /api/health ', health));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await sql(admin, `drop database if exists ${name} with (force)`);
}
