// `npm start`: build what is missing or older than its sources (a `git pull` leaves dist/ stale), then
// run the built server (not a dev watcher). Each build step prints one line; its own output (every asset's
// size) is shown only when it fails. The server ends its start with a banner saying where to go.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './supported-node.mjs';

requireSupportedNode();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** One build step as one line: "Building the web app... done in 9.1 s"; on failure, its output and exit 1. */
function step(label, command) {
  process.stdout.write(`${label}...`);
  const began = performance.now();
  const result = spawnSync(command, {
    cwd: root,
    shell: true,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(' failed\n');
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.exit(1);
  }
  process.stdout.write(` done in ${((performance.now() - began) / 1000).toFixed(1)} s\n`);
}

/** The newest modification time among these files and folders (recursively), in ms. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const path of paths) visit(join(root, path));
  return latest;
}

const mtime = (path) => (existsSync(join(root, path)) ? statSync(join(root, path)).mtimeMs : 0);
const shared = ['src/domain', 'package.json', 'package-lock.json'];
const webSources = newest(['src/web', 'vite.config.ts', ...shared]);
const serverSources = newest(['src/server', ...shared]);

// A production install (scripts/install-production.sh) has no build tools left: it runs what it built.
const canBuild = existsSync(join(root, 'node_modules', '.bin', 'vite'));
if (canBuild && mtime('dist/web/index.html') < webSources) {
  step('Building the web app', 'npx vite build');
  // As `npm run build` does: the source maps leave the published folder (never served).
  step('Moving its source maps out of the served folder', 'node scripts/move-sourcemaps.mjs');
  step('Compressing its files', 'node scripts/precompress.mjs');
}
// The prepared empty embedded database follows the migrations.
if (canBuild && mtime('dist/embedded-template/PG_VERSION') < newest(['drizzle', 'package-lock.json'])) {
  step('Preparing the empty embedded database', 'node scripts/embedded-template.mjs');
}
if (canBuild && mtime('dist/server/main.js') < serverSources)
  step('Building the server', 'npm run build:server');
if (!existsSync(join(root, 'dist/server/main.js'))) {
  console.error(
    'dist/server/main.js is missing: run scripts/install-production.sh (or npm ci && npm run build).',
  );
  process.exit(1);
}

await import(join(root, 'dist/server/main.js'));
