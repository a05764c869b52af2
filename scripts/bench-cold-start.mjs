// Cold start of the built server: process start to the first 200 from /api/health.
// Usage: npm run build && node scripts/bench-cold-start.mjs [runs]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './bench-support.mjs';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.env.BENCH_PORT ?? (await freePort()));

const residentMiB = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

/**
 * Idle memory is the resident set once it has settled: unchanged (within 2 MiB) for two seconds, sampled every
 * 250 ms, for at most 20 s. For the first seconds after a start V8 is still compiling PGlite's busiest
 * WebAssembly functions with its optimising compiler, which holds several hundred MiB until it finishes; that is
 * the peak, reported beside it.
 */
async function settledMemory(pid, peakSoFar) {
  const samples = [];
  let peak = peakSoFar;
  for (let i = 0; i < 80; i++) {
    await new Promise((r) => setTimeout(r, 250));
    samples.push(residentMiB(pid));
    peak = Math.max(peak, samples.at(-1));
    const recent = samples.slice(-8);
    if (recent.length === 8 && Math.max(...recent) - Math.min(...recent) < 2) break;
  }
  return { idleMiB: samples.at(-1), peakMiB: peak };
}

async function coldStart(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  let peak = 0;
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('server did not become healthy in 60 s');
      try {
        peak = Math.max(peak, residentMiB(child.pid) || 0);
      } catch {}
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) {
          const elapsed = performance.now() - started;
          return { elapsed, ...(await settledMemory(child.pid, peak)) };
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
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) =>
  `${xs.map((x) => `${Math.round(x.elapsed)} ms (idle ${Math.round(x.idleMiB)} MiB, peak ${Math.round(x.peakMiB)})`).join(', ')}; median ${Math.round(median(xs.map((x) => x.elapsed)))} ms`;
console.log(`cold start, empty embedded database (migrate + seed): ${fmt(fresh)}`);
console.log(`cold start, existing embedded database:               ${fmt(existing)}`);
