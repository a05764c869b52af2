// Cold start of the built server: process start to the first 200 from /api/health.
// Usage: npm run build && node scripts/bench-cold-start.mjs [runs]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './bench-support.mjs';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.env.BENCH_PORT ?? (await freePort()));

async function coldStart(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('server did not become healthy in 60 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) {
          const elapsed = performance.now() - started;
          // Idle memory once started: the resident set a second after the first 200.
          await new Promise((r) => setTimeout(r, 1000));
          const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
          return { elapsed, rssMiB: rss ? Number(rss) / 1024 : Number.NaN };
        }
      } catch {}
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const fresh = [];
const existing = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'noco-bench-'));
  fresh.push(await coldStart(dir)); // empty database: migrate + seed the demo network
  existing.push(await coldStart(dir)); // the same database again: migrations already applied
  rmSync(dir, { recursive: true, force: true });
}
const fmt = (xs) =>
  xs.map((x) => `${Math.round(x.elapsed)} ms (idle ${Math.round(x.rssMiB)} MiB)`).join(', ');
console.log(`cold start, empty embedded database (migrate + seed): ${fmt(fresh)}`);
console.log(`cold start, existing embedded database:               ${fmt(existing)}`);
