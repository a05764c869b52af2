// `npm start`: build whatever a fresh clone lacks, then run the built server (not a dev watcher).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

if (!existsSync(join(root, 'dist/web/index.html'))) run('npx vite build');
if (!existsSync(join(root, 'dist/server/main.js'))) run('npm run build:server');

await import(join(root, 'dist/server/main.js'));
