// The built server's entry (dist/server/main.js). Node keeps the compiled code of the bundle in its compile cache,
// so a start after the first skips most of parsing and compiling (docs/decisions/0047). The cache must be on
// before the server's modules load, hence this file and the dynamic import.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./main');
