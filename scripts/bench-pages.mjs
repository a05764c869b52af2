// Lighthouse mobile (its default: Moto G Power-sized screen, slow 4G, 4x CPU slowdown, simulated throttling)
// on the public pages and the signed-in dashboard, median of 3 runs each, against the built server on a
// fresh embedded database seeded with the demo network.
// Usage: npm run build && npm run bench:pages -- [runs] [path ...]   (paths: only those pages, e.g. /dashboard)
// BENCH_DETAIL=1 also prints each run's long tasks and the time each script took; BENCH_LHR=/tmp/lhr writes
// each run's whole Lighthouse report to /tmp/lhr-<time>.json (which requests each metric's estimate counted).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort, waitForHealth } from './bench-support.mjs';

const runs = Number(process.argv[2] ?? 3);
const only = process.argv.slice(3);
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'noco-pages-'));

const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: base,
    SEED_DEMO: 'true',
    ALLOW_DEV_IDP_IN_PRODUCTION: 'true',
    EMAIL_NOTIFICATIONS: 'false',
    SESSION_SECRET: 'bench-only-secret-that-is-long-enough-1234',
    AUTH_TEST_DOMAIN: 'demo.test',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

/** A demo member's session cookies, from the real sign-in call. */
async function signIn(email) {
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    const [name, ...value] = pair.split('=');
    // `__Host-` cookies must be Secure with path /; Chromium treats http://localhost as a secure origin.
    return {
      name,
      value: value.join('='),
      domain: 'localhost',
      path: '/',
      secure: name.startsWith('__Host-'),
    };
  });
}

const AUDITS = {
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  kb: 'total-byte-weight',
};

/** With BENCH_DETAIL=1: where the main thread went in a run (the long tasks and each script's time). */
function printDetail(url, lhr) {
  const name = (u) => (URL.canParse(u) ? new URL(u).pathname : String(u));
  console.log(`${url}: long tasks (ms at 4x, start → duration)`);
  for (const task of lhr.audits['long-tasks'].details?.items ?? [])
    console.log(`  ${Math.round(task.startTime)} → ${Math.round(task.duration)}  ${name(task.url)}`);
  console.log('  scripts (evaluation ms, parse and compile ms)');
  for (const item of lhr.audits['bootup-time'].details?.items ?? [])
    console.log(`  ${Math.round(item.scripting)}  ${Math.round(item.scriptParseCompile)}  ${name(item.url)}`);
}

/** One Lighthouse run. A signed-in page keeps its cookies (no storage reset) but starts with an empty cache. */
async function measure(browser, chrome, url, cookies) {
  const page = await browser.newPage();
  if (cookies) {
    await page.setCookie(...cookies);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
  }
  const { lhr } = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(cookies),
    },
    undefined,
    page,
  );
  await page.close();
  if (process.env.BENCH_DETAIL) printDetail(url, lhr);
  if (process.env.BENCH_LHR)
    writeFileSync(`${process.env.BENCH_LHR}-${Date.now()}.json`, JSON.stringify(lhr));
  const result = { score: Math.round(lhr.categories.performance.score * 100) };
  for (const [key, audit] of Object.entries(AUDITS)) result[key] = lhr.audits[audit].numericValue;
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let chrome;
try {
  await waitForHealth(base);
  const members = await (await fetch(`${base}/api/members?page=1&pageSize=1`)).json();
  const chapters = await (await fetch(`${base}/api/chapters/public`)).json();
  const memberCookies = await signIn('member@demo.test');
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} mobile, median of ${runs} runs`,
  );
  console.log('page                          perf   LCP ms   FCP ms   TBT ms    CLS     KB');
  const pages = [
    ['/'],
    ['/about'],
    ['/members'],
    [`/member/${members.items[0].slug}`],
    ['/chapters'],
    [`/chapters/${chapters.at(-1).slug}`],
    [`/chapters/${chapters[0].slug}/visit`],
    ['/login'],
    ['/dashboard', memberCookies],
  ];
  for (const [path, cookies] of pages.filter(([path]) => only.length === 0 || only.includes(path))) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await measure(browser, chrome, `${base}${path}`, cookies));
    const m = (key) => median(results.map((r) => r[key]));
    console.log(
      `${path.padEnd(28)}${String(m('score')).padStart(6)}${String(Math.round(m('lcp'))).padStart(9)}${String(Math.round(m('fcp'))).padStart(9)}${String(Math.round(m('tbt'))).padStart(9)}${m('cls').toFixed(3).padStart(7)}${(m('kb') / 1024).toFixed(1).padStart(7)}`,
    );
  }
  await browser.disconnect();
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
