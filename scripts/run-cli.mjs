// `npm run admin`, `npm run import`, `npm run db:migrate`, `npm run db:seed`, `npm run db:check-totals`,
// `npm run db:backup`, `npm run db:restore`: the command's TypeScript source through tsx
// where development dependencies are installed, else its build in dist/server/ (a production install,
// scripts/install-production.sh, prunes tsx away but keeps the build).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLI_COMMANDS } from './cli-commands.mjs';
import { requireSupportedNode } from './supported-node.mjs';

requireSupportedNode();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name] = process.argv.splice(2, 1);
const source = CLI_COMMANDS[name];
if (!source) {
  console.error(`Unknown command "${name ?? ''}": use one of ${Object.keys(CLI_COMMANDS).join(', ')}.`);
  process.exit(1);
}

/** tsx's loader when it is installed, else undefined. */
async function tsxLoader() {
  try {
    return await import('tsx/esm/api');
  } catch {
    return undefined;
  }
}

const tsx = await tsxLoader();
if (tsx) {
  tsx.register();
  await import(pathToFileURL(join(root, source)).href);
} else {
  const built = join(root, 'dist', 'server', `${name}.js`);
  if (!existsSync(built)) {
    console.error(`${built} is missing: run scripts/install-production.sh (or npm run build) first.`);
    process.exit(1);
  }
  await import(pathToFileURL(built).href);
}
