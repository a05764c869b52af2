// Public API throughput against the built server on real PostgreSQL, at 1,000 and then 10,000 members, on
// 127.0.0.1 only. Each route runs right after its own /api/health run, so both see the same machine.
// Usage: npm run build && npm run bench:api -- [seconds per run] [connections]
// The load comes from wrk when it is installed (Debian: apt-get install wrk), else from autocannon. On a
// 2-core machine autocannon's JavaScript client saturates before the server on large answers; wrk does not.
// Environment: TEST_DATABASE_URL (admin connection), BENCH_PORT (else a free port).
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { get } from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, waitForHealth } from './bench-support.mjs';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);
const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_${Date.now().toString(36)}`;
const dbUrl = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;

async function sql(url, text, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** Bytes on the wire for one request as a browser makes it (brotli accepted), not the decoded size. */
const wireBytes = (path, headers = {}) =>
  new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

/** wrk's text report as {requests: {average}, latency: {p50, p99}, non2xx, errors}, like autocannon's. */
function parseWrk(text) {
  const ms = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);
  const pct = (p) => {
    const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(text);
    return m ? Math.round(ms(m[1], m[2]) * 10) / 10 : Number.NaN;
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    requests: { average: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0) },
    latency: { p50: pct(50), p99: pct(99) },
    non2xx,
    errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

const runWrk = (path, headers) =>
  new Promise((resolve, reject) => {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: br, gzip'];
    for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}: ${value}`);
    execFile('wrk', [...args, `${base}${path}`], (err, stdout) =>
      err ? reject(err) : resolve(parseWrk(stdout)),
    );
  });

const run = (path, headers = {}) =>
  hasWrk
    ? runWrk(path, headers)
    : new Promise((resolve, reject) => {
        autocannon(
          {
            url: `${base}${path}`,
            connections,
            duration: seconds,
            headers: { 'accept-encoding': 'br, gzip', ...headers },
          },
          (err, result) => (err ? reject(err) : resolve(result)),
        );
      });

/** Members up to `count`, in distinct industries' worth of variety; a few applications for the reviewers' list. */
async function growTo(count, from) {
  await sql(
    dbUrl,
    `insert into users (email, slug, role, first_name, last_name, business_name, industry, description,
       personal_bio, business_phone, business_email, website)
     select 'bench' || i || '@example.com', 'bench-member-' || i, 'MEMBER', 'Bench', 'Member ' || i,
       'Business ' || i, 'Industry ' || (i % 400), 'A short description of business number ' || i,
       'Bio ' || i, '(970) 555-' || lpad((i % 10000)::text, 4, '0'), 'owner' || i || '@example.com', 'https://b' || i || '.example'
     from generate_series($1::int, $2::int) as i`,
    [from, count],
  );
  await sql(dbUrl, 'vacuum analyze users');
}

/** A LEADERSHIP session straight in the database (its token stored as SHA-256, as the app does). */
async function leaderToken() {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await sql(
    dbUrl,
    `insert into users (email, slug, role, first_name, last_name) values ('leader@bench.test', 'bench-leader', 'LEADERSHIP', 'Lee', 'Leader') returning id`,
  );
  await sql(
    dbUrl,
    `insert into sessions (token_hash, csrf_token, user_id, expires_at) values ($1, 'x', $2, now() + interval '1 day')`,
    [createHash('sha256').update(token).digest('base64url'), rows[0].id],
  );
  await sql(
    dbUrl,
    `insert into users (email, slug, role, first_name, last_name) select 'applicant' || i || '@bench.test', 'applicant-' || i, 'GUEST', 'App', 'Licant ' || i from generate_series(1, 19) i;
     insert into applications (user_id, first_name, last_name, email, phone, company_name, position, industry, business_description, motivation, experience_level)
       select id, first_name, last_name, email, '970', 'Co', 'Owner', 'Industry ' || (row_number() over () % 400), 'desc', 'goals', '3-5' from users where email like 'applicant%@bench.test'`,
  );
  return token;
}

await sql(admin, `create database ${name}`);
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitForHealth(base);
  const token = await leaderToken();
  const routes = [
    ['paged directory', '/api/members?page=3&pageSize=9'],
    ['paged search', '/api/members?q=member%2012&page=1'],
    ['unpaged directory', '/api/members'],
    ['profile', '/api/members/by-name/bench-member-500'],
    ['network stats', '/api/network/stats'],
    ['public industries', '/api/industries/public'],
    ['reviewers list', '/api/applications', { authorization: `Bearer ${token}` }],
  ];
  console.log(
    `node ${process.version}, PostgreSQL, ${hasWrk ? 'wrk' : 'autocannon'}, ${connections} connections, ${seconds} s per run, loopback`,
  );
  let have = 0;
  for (const count of [1000, 10000]) {
    await growTo(count, have + 1);
    have = count;
    console.log(`\n${count.toLocaleString('en-US')} members`);
    console.log('route               req/s    p50 ms  p99 ms  bytes     x health');
    for (const [label, path, headers] of routes) {
      await run(path, headers); // warm-up: caches and connections
      const health = await run('/api/health');
      const result = await run(path, headers);
      const bytes = await wireBytes(path, headers);
      const ratio = result.requests.average / health.requests.average;
      const bad = result.non2xx + result.errors;
      console.log(
        `${label.padEnd(18)} ${String(Math.round(result.requests.average)).padStart(6)}  ${String(result.latency.p50).padStart(6)}  ${String(result.latency.p99).padStart(6)}  ${String(bytes).padStart(8)}  ${ratio.toFixed(2).padStart(7)}${bad ? `  (${bad} failed)` : ''}`,
      );
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await sql(admin, `drop database if exists ${name} with (force)`);
}
