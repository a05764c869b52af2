// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the built web app, once
// at build time at the strongest settings, so the server never compresses a static file per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/** Compresses the files under `root`; answers how many it wrote. Skips copies that would not be smaller. */
export function precompressDir(root) {
  let written = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (COMPRESSIBLE.has(extname(entry.name)) && statSync(full).size >= MIN_BYTES) {
        const raw = readFileSync(full);
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${full}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${full}.gz`, gz);
        written += 1;
      }
    }
  };
  walk(root);
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const web = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');
  console.log(`precompressed ${precompressDir(web)} files in dist/web (brotli and gzip)`);
}
