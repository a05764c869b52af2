// Bytes on the wire, LCP and CLS of the public pages in Chromium, as a phone on a slow 4G network sees them
// (Lighthouse's mobile settings: 150 ms round trip, 1.6 Mbps down, 4x slower CPU). Median of 3 cold loads.
// Usage: npm run build && npm run bench:pages -- [runs]. Runs the built server on a fresh embedded database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort, waitForHealth } from './bench-support.mjs';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
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
    SEED_DEMO: 'true',
    ALLOW_DEV_IDP_IN_PRODUCTION: 'true',
    EMAIL_NOTIFICATIONS: 'false',
    SESSION_SECRET: 'bench-only-secret-that-is-long-enough-1234',
    AUTH_TEST_DOMAIN: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

/** One cold load: a new context (empty cache), slow-4G network and 4x CPU throttling through CDP. */
async function measure(browser, path) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  await page.addInitScript(() => {
    window.__cls = 0;
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      if (last) window.__lcp = last.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const { cls, lcp } = await page.evaluate(() => ({ cls: window.__cls, lcp: window.__lcp }));
  await context.close();
  return { bytes, cls, lcp };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  await waitForHealth(base);
  const members = await (await fetch(`${base}/api/members?page=1&pageSize=1`)).json();
  const profile = `/member/${members.items[0].slug}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  console.log(
    `Chromium, 360x640, slow 4G (150 ms RTT, 1.6 Mbps), 4x CPU slowdown, median of ${runs} cold loads`,
  );
  console.log('page                      KB on wire   LCP ms   CLS');
  for (const path of ['/', '/members', profile, '/login']) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await measure(browser, path));
    const kb = (median(results.map((r) => r.bytes)) / 1024).toFixed(1);
    const lcp = Math.round(median(results.map((r) => r.lcp)));
    const cls = median(results.map((r) => r.cls)).toFixed(3);
    console.log(`${path.padEnd(26)}${kb.padStart(10)}  ${String(lcp).padStart(7)}  ${cls.padStart(5)}`);
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
