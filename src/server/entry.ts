// The built server's entry (dist/server/main.js). Node keeps the compiled code of the bundle in its compile cache,
// so a start after the first skips most of parsing and compiling (docs/decisions/0047). The cache must be on
// before the server's modules load, hence this file and the dynamic imports.
// The module itself, not its named export: an older Node lacks it, and must reach the version check to say so.
import nodeModule from 'node:module';
import { requireSupportedNode } from '../../scripts/supported-node.mjs';

requireSupportedNode();
nodeModule.enableCompileCache();
// The settings are checked before the server's code is read: a refused start answers at once, even on a busy
// machine, instead of after loading everything it will not run.
const { loadConfig } = await import('./config');
const { orExit } = await import('./lib/or-exit');
orExit(() => loadConfig());
await import('./main');
