// Shared by the benchmark scripts and the Playwright config: a free loopback port, waiting for the built
// server's health, and the system Chromium with the flags this machine needs.
import { createServer } from 'node:net';

/** A port nobody listens on right now, on 127.0.0.1 (never a fixed number: runs must not collide). */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Resolves once GET {base}/api/health answers 200; gives up after a minute. */
export async function waitForHealth(base) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** Debian's Chromium (never a downloaded browser) and the flags that keep it off the closed network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
