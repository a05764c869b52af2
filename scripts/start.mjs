// `npm start`: build what is missing or older than its sources (a `git pull` leaves dist/ stale), then
// run the built server (not a dev watcher).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

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

if (mtime('dist/web/index.html') < webSources) {
  run('npx vite build');
  run('node scripts/precompress.mjs');
}
// The prepared empty embedded database follows the migrations.
if (mtime('dist/embedded-template/PG_VERSION') < newest(['drizzle', 'package-lock.json'])) {
  run('node scripts/embedded-template.mjs');
}
if (mtime('dist/server/main.js') < serverSources) run('npm run build:server');

await import(join(root, 'dist/server/main.js'));
