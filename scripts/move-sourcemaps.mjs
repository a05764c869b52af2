// Moves the web app's source maps out of the folder the server publishes (dist/web) into
// dist/sourcemaps, same relative paths: kept for reading error reports, never served to visitors.
// Vite builds them "hidden" (no sourceMappingURL comment), so no browser asks for them either.
import { mkdirSync, readdirSync, renameSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Moves every *.map under `from` to the same place under `to`; answers how many moved. */
export function moveSourcemaps(from, to) {
  let moved = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.map')) {
        const target = join(to, relative(from, full));
        mkdirSync(dirname(target), { recursive: true });
        renameSync(full, target);
        moved += 1;
      }
    }
  };
  walk(from);
  return moved;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  console.log(
    `moved ${moveSourcemaps(join(dist, 'web'), join(dist, 'sourcemaps'))} source maps to dist/sourcemaps`,
  );
}
