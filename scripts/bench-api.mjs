// API throughput against the built server on real PostgreSQL, on 127.0.0.1 only: every GET route of the
// OpenAPI document (read from the running server, so a new route cannot be missed), the painted pages, answers
// that miss the caches and the roster's deep pages, each run right after its own /api/health run so both see
// the same machine; then the CSV exports' first byte and the server's memory while they stream. It ends with
// the rows under 0.3x health or over 100 ms p99.
// Usage: npm run build && npm run bench:api -- [--members 10000] [--chapters 8] [--seconds 3] [--connections 10]
//   [--only routes,pages] [--routes one-to-ones] [--as-admin] [--server other-build/dist/server/main.js]
//   [--chapter-size 50] [--keep]
// By default: 10,000 members over 8 chapters, 20 referrals each (200,000), 20 one-to-ones each, 52 closed weekly meetings per
// chapter with everyone marked (520,000 attendance records), all with generate_series (under two minutes),
// served as the app role the row-level policies bind, as production runs.
// The load comes from wrk when it is installed (Debian: apt-get install wrk), else from autocannon. On a
// 2-core machine autocannon's JavaScript client saturates before the server on large answers; wrk does not.
// Environment: TEST_DATABASE_URL (admin connection), BENCH_PORT (else a free port).
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, waitForHealth } from './bench-support.mjs';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    // The members are spread evenly over this many chapters (bench-chapter-1, -2...).
    chapters: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    // Keeps the database afterwards (its name is printed), to EXPLAIN a slow read on the same data.
    keep: { type: 'boolean', default: false },
    // Members per chapter instead of --chapters; 0 puts every member in the network's one chapter.
    'chapter-size': { type: 'string', default: '' },
    // Runs only these tables (comma-separated: exports, growth, routes, pages, misses, batches, roster).
    only: { type: 'string', default: '' },
    // Measures only the GET routes whose path contains this text (e.g. `one-to-ones`), in the routes table.
    routes: { type: 'string', default: '' },
    // Another build's server, to compare (e.g. one built before a change).
    server: { type: 'string', default: 'dist/server/main.js' },
    // Serves as the admin, a superuser whom the row-level policies skip (docs/decisions/0039), instead of the
    // app role production runs as (docs/operations.md, "Database roles"). `--app-role` is the default, kept for old commands.
    'as-admin': { type: 'boolean', default: false },
    'app-role': { type: 'boolean', default: true },
  },
});
const members = Number(flags.members);
const appRole = !flags['as-admin'];
const chapterSize =
  flags['chapter-size'] !== '' ? Number(flags['chapter-size']) : Math.ceil(members / Number(flags.chapters));
const seconds = Number(flags.seconds);
const connections = Number(flags.connections);
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

const postScript = join(tmpdir(), `bench-post-${process.pid}.lua`);

/**
 * A path that changes on every request, so each one misses the server's answer caches: `{n}` in `path`
 * becomes 1..`count`, stepping by a prime so neighbouring requests never repeat one another.
 */
const varied = (path, count) => ({ path, count });
const STEP = 7919;
const nth = ({ path, count }, i) => path.replace('{n}', String(((i * STEP) % count) + 1));
// Each run starts somewhere new, so the warm-up run does not fill the caches for the measured one.
const startAt = () => Math.floor(Math.random() * 1_000_000);

const runWrk = (path, headers, body, duration = seconds) =>
  new Promise((resolve, reject) => {
    const args = [
      '-t1',
      `-c${connections}`,
      `-d${duration}s`,
      '--latency',
      '-H',
      'Accept-Encoding: br, gzip',
    ];
    for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}: ${value}`);
    if (typeof path === 'object') {
      const [before, after] = path.path.split('{n}');
      writeFileSync(
        postScript,
        `local i = ${startAt()}\nrequest = function()\n  i = i + 1\n  return wrk.format(nil, ${JSON.stringify(before)} .. ((i * ${STEP}) % ${path.count} + 1) .. ${JSON.stringify(after)})\nend\n`,
      );
      args.push('-s', postScript);
    } else if (body !== undefined) {
      // wrk sends a body through its Lua hook: the POST rows are then measured by the same client as health.
      writeFileSync(
        postScript,
        `wrk.method = "POST"\nwrk.body = ${JSON.stringify(JSON.stringify(body))}\nwrk.headers["Content-Type"] = "application/json"\n`,
      );
      args.push('-s', postScript);
    }
    execFile('wrk', [...args, `${base}${typeof path === 'object' ? nth(path, 0) : path}`], (err, stdout) =>
      err ? reject(err) : resolve(parseWrk(stdout)),
    );
  });

/** One load run through wrk when it is installed, else autocannon. */
const run = (path, headers = {}, body = undefined, duration = seconds) =>
  hasWrk
    ? runWrk(path, headers, body, duration)
    : new Promise((resolve, reject) => {
        let i = startAt();
        autocannon(
          {
            url: `${base}${typeof path === 'object' ? nth(path, 0) : path}`,
            ...(typeof path === 'object'
              ? { requests: [{ setupRequest: (request) => ({ ...request, path: nth(path, ++i) }) }] }
              : {}),
            connections,
            duration,
            method: body === undefined ? 'GET' : 'POST',
            body: body === undefined ? undefined : JSON.stringify(body),
            headers: {
              'accept-encoding': 'br, gzip',
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...headers,
            },
          },
          (err, result) => (err ? reject(err) : resolve(result)),
        );
      });

/**
 * Members up to `count`, in distinct industries' worth of variety. With `--chapter-size`, member i joins
 * bench-chapter-⌈i / size⌉ (made here); without it the trigger puts everyone in the network's one chapter.
 */
async function growTo(count, from) {
  const size = chapterSize;
  if (size > 0)
    await sql(
      dbUrl,
      `insert into chapters (name, slug) select 'Bench Chapter ' || g, 'bench-chapter-' || g
       from generate_series(1, ceil($1::numeric / $2)::int) g`,
      [count, size],
    );
  await sql(
    dbUrl,
    `insert into users (email, slug, role, first_name, last_name, business_name, industry, description,
       personal_bio, business_phone, business_email, website, chapter_id)
     select 'bench' || i || '@example.com', 'bench-member-' || i, 'MEMBER', 'Bench', 'Member ' || i,
       'Business ' || i, 'Industry ' || (i % 400), 'A short description of business number ' || i,
       'Bio ' || i, '(970) 555-' || lpad((i % 10000)::text, 4, '0'), 'owner' || i || '@example.com', 'https://b' || i || '.example',
       case when $3::int > 0 then (select c.id from chapters c where c.slug = 'bench-chapter-' || ((i - 1) / $3::int + 1)) end
     from generate_series($1::int, $2::int) as i`,
    [from, count, size > 0 ? size : 0],
  );
}

/**
 * The members' history, all in set-based statements: 20 referrals per member (a tenth pending, the rest
 * approved, over the last two years), 20 one-to-ones per member, 52 weekly meetings with every member marked
 * (8 in 10 present, 1 in 10 absent, 1 in 10 excused), 2,000 notifications for bench member 1 (half unread) and 20 for every
 * other member (so the table is a network's, and its plans are the ones a network gets).
 */
async function growHistory(count) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(
      `create temporary table m as select id, row_number() over (order by id) as n from users where slug like 'bench-member-%'`,
    );
    await client.query(
      `insert into referrals (status, amount, customer_name, sale_date, notes, referrer_id, reporter_id, created_by_id)
       select case when g % 10 = 0 then 'pending' else 'approved' end::referral_status, (g % 5000) + 100,
         'Customer ' || g, current_date - (g % 730), 'Bench referral ' || g, a.id, b.id, a.id
       from generate_series(1, $1::int * 20) g
       join m a on a.n = g % $1 + 1
       join m b on b.n = (g * 7 + 3) % $1 + 1
       where a.id <> b.id`,
      [count],
    );
    await client.query(
      `insert into attendance_records (member_id, meeting_date, status)
       select m.id, current_date - 7 * w - 1,
         case when (m.n + w) % 10 = 0 then 'absent' when (m.n + w) % 10 = 1 then 'excused' else 'present' end::attendance_status
       from m cross join generate_series(0, 51) w`,
    );
    // Twenty one-to-ones per member over the last year with the ten members after and before them (so mostly
    // in their chapter), one in twenty disputed.
    await client.query(
      `insert into one_to_ones (member_a_id, member_b_id, logged_by_id, met_on, mode, place, minutes, status)
       select least(a.id, b.id), greatest(a.id, b.id), a.id, current_date - ((a.n * 31 + k * 17) % 365)::int,
         case when k % 3 = 0 then 'online' else 'in_person' end, 'Bench Coffee', 60,
         case when (a.n + k) % 20 = 0 then 'disputed' else 'held' end
       from m a cross join generate_series(1, 10) k join m b on b.n = a.n + k
       on conflict do nothing`,
    );
    // Each chapter's weekly meetings (the records made them) closed, and next week's scheduled.
    await client.query(
      `update meetings set state = 'closed', closed_at = now() where state <> 'closed' and meeting_date < current_date`,
    );
    await client.query(
      `insert into meetings (chapter_id, meeting_date, scheduled_for, start_time)
       select distinct chapter_id, current_date + 6, current_date + 6, '07:00' from meetings
       on conflict do nothing`,
    );
    await client.query(
      `insert into notifications (user_id, kind, title, body, link, read_at, created_at, email_status)
       select (select id from users where slug = 'bench-member-1'), 'referral_awaiting', 'Referral ' || g,
         'Bench notification ' || g, '/dashboard?tab=referrals', case when g % 2 = 0 then now() end,
         now() - g * interval '1 hour', 'sent'
       from generate_series(1, 2000) g`,
    );
    await client.query(
      `insert into notifications (user_id, kind, title, body, link, read_at, created_at, email_status)
       select m.id, 'referral_awaiting', 'Referral ' || g, 'Bench notification ' || g, '/dashboard?tab=referrals',
         case when g % 2 = 0 then now() end, now() - g * interval '1 day', 'sent'
       from m cross join generate_series(1, 20) g where m.n > 1`,
    );
  } finally {
    await client.end();
  }
  await sql(dbUrl, 'vacuum analyze');
}

/** A session straight in the database (its token stored as SHA-256, as the app does), as bearer headers. */
async function sessionFor(userId) {
  const token = randomBytes(32).toString('base64url');
  await sql(
    dbUrl,
    `insert into sessions (token_hash, csrf_token, user_id, expires_at) values ($1, 'x', $2, now() + interval '1 day')`,
    [createHash('sha256').update(token).digest('base64url'), userId],
  );
  return { authorization: `Bearer ${token}` };
}

/**
 * A chapter's NETWORK_ADMIN (bench member 1's chapter), an AGENCY_ADMIN (every chapter) and a few applications
 * for the reviewers' list; answers both sessions' headers.
 */
async function adminHeaders() {
  const { rows } = await sql(
    dbUrl,
    `insert into users (email, slug, role, first_name, last_name, chapter_id)
     values ('admin@bench.test', 'bench-admin', 'NETWORK_ADMIN', 'Ada', 'Admin',
       (select chapter_id from users where slug = 'bench-member-1')) returning id`,
  );
  const { rows: agency } = await sql(
    dbUrl,
    `insert into users (email, slug, role, first_name, last_name) values ('agency@bench.test', 'bench-agency', 'AGENCY_ADMIN', 'Agnes', 'Agency') returning id`,
  );
  await sql(
    dbUrl,
    `insert into users (email, slug, role, first_name, last_name) select 'applicant' || i || '@bench.test', 'applicant-' || i, 'GUEST', 'App', 'Licant ' || i from generate_series(1, 19) i;
     insert into applications (user_id, first_name, last_name, email, phone, company_name, position, industry, business_description, motivation, experience_level)
       select id, first_name, last_name, email, '970', 'Co', 'Owner', 'Industry ' || (row_number() over () % 400), 'desc', 'goals', '3-5' from users where email like 'applicant%@bench.test'`,
  );
  return { chapterAdmin: await sessionFor(rows[0].id), agencyAdmin: await sessionFor(agency[0].id) };
}

/** The server's resident memory in KB, from /proc (the process is `node dist/server/main.js` itself). */
const rssKb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);

/** Downloads `path` once: time to the first byte and to the end, bytes, and the server's RSS growth meanwhile. */
function measureDownload(path, headers) {
  return new Promise((resolve, reject) => {
    const before = rssKb();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb());
    }, 20);
    const started = performance.now();
    let firstByte = 0;
    let bytes = 0;
    get(`${base}${path}`, { headers }, (res) => {
      res.on('data', (chunk) => {
        if (!firstByte) firstByte = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, rssKb());
        resolve({
          status: res.statusCode,
          firstByte,
          total: performance.now() - started,
          bytes,
          growMb: (peak - before) / 1024,
        });
      });
    }).on('error', (err) => {
      clearInterval(sampler);
      reject(err);
    });
  });
}

const pad = (value, width) => String(value).padStart(width);

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU seconds (user + system) a process has used so far, from /proc; undefined once it has gone. */
function cpuSecondsOf(pid) {
  try {
    // Fields after the command's closing parenthesis start at the third (state); utime and stime are 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The server's CPU and that of each PostgreSQL backend connected to the bench database (this one's excepted). */
async function cpuSnapshot() {
  const { rows } = await sql(
    admin,
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return {
    server: cpuSecondsOf(server.pid) ?? 0,
    backends: new Map(rows.map(({ pid }) => [pid, cpuSecondsOf(pid) ?? 0])),
  };
}

/**
 * CPU ms per request between two snapshots: the server's, and the database's (the backends alive at the end;
 * one opened meanwhile counts whole). Needs a machine running nothing else, as every figure here does.
 */
function cpuPerRequest(before, after, requests) {
  let database = 0;
  for (const [pid, at] of after.backends) database += at - (before.backends.get(pid) ?? 0);
  const perRequest = (cpuSeconds) => ((cpuSeconds * 1000) / Math.max(requests, 1)).toFixed(2);
  return { server: perRequest(after.server - before.server), database: perRequest(database) };
}

const wanted = (title) => !flags.only || flags.only.split(',').includes(title);

/** The rows under the budget (0.3x health, or p99 over 100 ms), listed again at the end. */
const flagged = [];
const BUDGET = { ratio: 0.3, p99Ms: 100 };

async function table(title, routes) {
  if (!wanted(title)) return;
  console.log(`\n${title}`);
  console.log(
    'route                          req/s    p50 ms  p99 ms     bytes  x health  server CPU ms  db CPU ms',
  );
  for (const [label, path, headers, body] of routes) {
    await run(path, headers, body, 1); // warm-up: caches and connections
    const health = await run('/api/health');
    const before = await cpuSnapshot();
    const result = await run(path, headers, body);
    const cpu = cpuPerRequest(before, await cpuSnapshot(), result.requests.average * seconds);
    const bytes =
      body === undefined ? await wireBytes(typeof path === 'object' ? nth(path, 1) : path, headers) : '-';
    const ratio = result.requests.average / health.requests.average;
    const bad = result.non2xx + result.errors;
    if (ratio < BUDGET.ratio || result.latency.p99 > BUDGET.p99Ms || bad)
      flagged.push(
        `${title}: ${label} ${ratio.toFixed(3)}x, p99 ${result.latency.p99} ms${bad ? `, ${bad} failed` : ''}`,
      );
    console.log(
      `${label.padEnd(28)} ${pad(Math.round(result.requests.average), 7)}  ${pad(result.latency.p50, 6)}  ${pad(result.latency.p99, 6)}  ${pad(bytes, 8)}  ${pad(ratio.toFixed(3), 7)}  ${pad(cpu.server, 13)}  ${pad(cpu.database, 9)}${bad ? `  (${bad} failed)` : ''}`,
    );
  }
}

await sql(admin, `create database ${name}`);
const APP_ROLE = 'noco_bench_app';
let serverDbUrl = dbUrl;
if (appRole) {
  await sql(
    admin,
    `do $$ begin create role ${APP_ROLE} login; exception when duplicate_object then null; end $$`,
  );
  // docs/operations.md's role setting: no parallel workers for a request's short statements.
  await sql(admin, `alter role ${APP_ROLE} set max_parallel_workers_per_gather = 0`);
  // docs/operations.md's grants, before the server's first migration (default privileges cover what it creates).
  await sql(
    dbUrl,
    [
      `alter default privileges in schema public grant select, insert, update, delete on tables to ${APP_ROLE}`,
      `alter default privileges in schema public grant usage, select on sequences to ${APP_ROLE}`,
      `grant usage on schema public to ${APP_ROLE}`,
      'create schema if not exists drizzle',
      `grant usage on schema drizzle to ${APP_ROLE}`,
      `alter default privileges in schema drizzle grant select on tables to ${APP_ROLE}`,
    ].join(';'),
  );
  serverDbUrl = Object.assign(new URL(dbUrl), { username: APP_ROLE, password: '' }).toString();
}
const server = spawn(process.execPath, [flags.server], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: serverDbUrl,
    MIGRATION_DATABASE_URL: appRole ? dbUrl : '',
    LOG_LEVEL: 'warn',
    // Production, as deployed: React's production build paints the pages (its development build costs several
    // times the CPU), and the session cookie carries its production name.
    NODE_ENV: 'production',
    ALLOW_DEV_IDP_IN_PRODUCTION: 'true',
    EMAIL_NOTIFICATIONS: 'false',
    SESSION_SECRET: 'bench-only-secret-that-is-long-enough-1234',
    PUBLIC_URL: base,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitForHealth(base);
  const builtAt = performance.now();
  await growTo(members, 1);
  const { chapterAdmin: adminAuth, agencyAdmin: agencyAuth } = await adminHeaders();
  await growHistory(members);
  const { rows: ids } = await sql(
    dbUrl,
    `select id from users where slug like 'bench-member-%' order by slug limit 100`,
  );
  // Bench member 1 (first by slug) holds the notifications.
  const memberAuth = await sessionFor(ids[0].id);
  const {
    rows: [c],
  } = await sql(
    dbUrl,
    `select (select count(*) from users) as users, (select count(*) from chapters) as chapters,
       (select count(*) from referrals) as referrals,
       (select count(*) from attendance_records) as attendance,
       (select max(meeting_date)::text from attendance_records) as newest`,
  );
  console.log(
    `node ${process.version}, PostgreSQL, ${hasWrk ? 'wrk' : 'autocannon'}, ${connections} connections, ${seconds} s per run, loopback`,
  );
  console.log(
    `server ${flags.server} as ${appRole ? `${APP_ROLE} (policies bind)` : 'the admin (policies skipped)'}`,
  );
  console.log(
    `network: ${c.users} users in ${c.chapters} chapters, ${c.referrals} referrals, ${c.attendance} attendance records; built in ${((performance.now() - builtAt) / 1000).toFixed(1)} s`,
  );
  const memberIds = ids.map((r) => r.id);
  console.log(
    '\nexports, first on a fresh server (one download each; RSS growth = peak server RSS while streaming minus RSS before)',
  );
  console.log('export                         status  first byte ms  total ms      bytes  RSS growth MB');
  for (const [label, path, headers] of wanted('exports')
    ? [
        ['attendance CSV, all chapters', '/api/attendance/records.csv', agencyAuth],
        ['roster CSV, all chapters', '/api/users/export.csv', agencyAuth],
        ['attendance CSV, one chapter', '/api/attendance/records.csv', adminAuth],
        ['roster CSV, one chapter', '/api/users/export.csv', adminAuth],
        ['referrals CSV (one member)', '/api/referrals/transactions.csv', memberAuth],
      ]
    : []) {
    const r = await measureDownload(path, headers);
    console.log(
      `${label.padEnd(30)} ${pad(r.status, 6)}  ${pad(r.firstByte.toFixed(0), 13)}  ${pad(r.total.toFixed(0), 8)}  ${pad(r.bytes, 9)}  ${pad(r.growMb.toFixed(1), 13)}`,
    );
  }
  // The reads that once grew with the network (agency-wide figures, a period's roster, the sitemap, the
  // chapters' public answers): run at 1,000, 10,000 and 50,000 members, each should stay flat.
  await table('growth', [
    ['agency overview', '/api/agency/overview', agencyAuth],
    ['roster by referrals, quarter', '/api/users?sort=referrals&dir=desc&period=quarter', adminAuth],
    ['sitemap index', '/sitemap.xml'],
    ['sitemap, members 1', '/sitemaps/members-1.xml'],
    ['applications (agency)', '/api/applications', agencyAuth],
    ['chapters, public', '/api/chapters/public'],
    ['attendance records, one date', `/api/attendance/records?date=${c.newest}`, adminAuth],
  ]);
  // Every GET route the server documents, with the first session that may read it (none, a member, the
  // member's chapter administrator, the agency administrator) and ids from the bench network.
  const benchIds = await sql(
    dbUrl,
    `select (select id from users where slug = 'bench-member-2') as member,
       (select chapter_id from users where slug = 'bench-member-1') as chapter,
       (select id from applications limit 1) as application,
       (select r.id from referrals r join users u on u.id = r.referrer_id where u.slug = 'bench-member-1' limit 1) as referral,
       (select m.id from meetings m join users u on u.chapter_id = m.chapter_id
          where u.slug = 'bench-member-1' and m.state = 'closed' order by m.meeting_date desc limit 1) as meeting`,
  );
  const idOf = benchIds.rows[0];
  const sessions = [
    ['public', {}],
    ['member', memberAuth],
    ['chapter admin', adminAuth],
    ['agency', agencyAuth],
  ];
  // Not measured here: sign-in redirects, a stored file, token links, and the CSV exports (measured above).
  const skipped = /^\/api\/auth\/google|^\/uploads\/|^\/email\/unsubscribe|^\/api\/(check-in|room)\/|\.csv$/;
  const concrete = (path) =>
    path
      .replace('/sitemaps/{name}', '/sitemaps/members-1.xml')
      .replace('/api/members/by-name/{name}', '/api/members/by-name/bench-member-500')
      .replace('/api/chapters/public/{slug}', '/api/chapters/public/bench-chapter-1')
      .replace(/^\/api\/applications\/\{id\}/, `/api/applications/${idOf.application}`)
      .replace(/^\/api\/referrals\/\{id\}/, `/api/referrals/${idOf.referral}`)
      .replace(/^\/api\/meetings\/\{id\}/, `/api/meetings/${idOf.meeting}`)
      .replace(/^\/api\/chapters\/\{id\}/, `/api/chapters/${idOf.chapter}`)
      .replace(/\{(id|memberId)\}/, idOf.member);
  const doc = await (await fetch(`${base}/api/openapi.json`)).json();
  const documented = Object.entries(doc.paths)
    .filter(([path, ops]) => ops.get && !skipped.test(path) && path.includes(flags.routes))
    .map(([path]) => concrete(path));
  const routeRows = [];
  for (const path of wanted('routes') ? documented : []) {
    let answered;
    for (const [who, headers] of sessions) {
      const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status < 300) {
        answered = [who, headers];
        break;
      }
    }
    if (answered)
      routeRows.push([
        `${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id')} (${answered[0]})`.slice(0, 60),
        path,
        answered[1],
      ]);
    else console.log(`not measured: ${path} answered none of the sessions with 2xx`);
  }
  await table('routes', routeRows);
  // Painted pages (docs/decisions/0041): a visitor's page kept per directory version, a profile that misses
  // that cache each time, and a member's own dashboard (painted per request, never kept).
  const memberCookie = {
    cookie: `__Host-sid=${memberAuth.authorization.slice('Bearer '.length)}; signed_in=1`,
  };
  await table('pages', [
    ['home page (kept)', '/'],
    ['directory page (kept)', '/members'],
    ['chapters page (kept)', '/chapters'],
    ['profile page (kept)', '/member/bench-member-500'],
    ['profile page, each new', varied('/member/bench-member-{n}', members)],
    ['dashboard, signed in', '/dashboard', memberCookie],
  ]);
  // Every request a different search, page or profile, so none is answered from a cache.
  await table('misses', [
    ['search, each one new', varied('/api/members?q=member%20{n}&page=1', members)],
    ['search by business, each new', varied('/api/members?q=business%20{n}1&page=1', members)],
    ['profile, each one new', varied('/api/members/by-name/bench-member-{n}', members)],
    // A full page (9 cards, compressed) each time: more pages than the 500 answers a version keeps.
    ['directory page, each new', varied('/api/members?page={n}', Math.ceil(members / 9))],
    ['picker (all match)', '/api/members/active?q=member', memberAuth],
    ['attendance records (one date)', `/api/attendance/records?date=${c.newest}`, adminAuth],
  ]);
  await table('batches', [
    ['attendance stats batch 100', '/api/attendance/stats/batch', agencyAuth, { memberIds }],
    ['referral metrics batch 100', '/api/referrals/metrics/batch', agencyAuth, { userIds: memberIds }],
  ]);
  // The roster: by number (an old link; before keyset the only way), then by cursor.
  // The chapter administrator's roster: the chapter's accounts, not the network's.
  const rosterTotal = (await (await fetch(`${base}/api/users`, { headers: adminAuth })).json()).total;
  const rosterPages = Math.ceil(rosterTotal / 15);
  const cursorOf = async (query, which) =>
    (await (await fetch(`${base}/api/users?${query}`, { headers: adminAuth })).json())[which] ?? '';
  const byAttendance = 'sort=attendance&dir=desc';
  const deepAttendance = await cursorOf(`${byAttendance}&cursor=end`, 'prevCursor');
  const deepReferrals = await cursorOf('sort=referrals&dir=desc&cursor=end', 'prevCursor');
  await table('roster', [
    ['by attendance, page 1', `/api/users?${byAttendance}`, adminAuth],
    ['by attendance, last by number', `/api/users?${byAttendance}&page=${rosterPages}`, adminAuth],
    ['by name, last by number', `/api/users?page=${rosterPages}`, adminAuth],
    ['by attendance, last (end)', `/api/users?${byAttendance}&cursor=end`, adminAuth],
    ['by attendance, deep cursor', `/api/users?${byAttendance}&cursor=${deepAttendance}`, adminAuth],
    ['by referrals, deep cursor', `/api/users?sort=referrals&dir=desc&cursor=${deepReferrals}`, adminAuth],
    ['by name, last (end)', '/api/users?cursor=end', adminAuth],
  ]);
  console.log(
    `\nunder budget (>= ${BUDGET.ratio}x health, p99 <= ${BUDGET.p99Ms} ms): ${flagged.length ? '' : 'none'}`,
  );
  for (const row of flagged) console.log(`  ${row}`);
} finally {
  rmSync(postScript, { force: true });
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (flags.keep) console.log(`\nkept database ${name}`);
  else await sql(admin, `drop database if exists ${name} with (force)`);
}
