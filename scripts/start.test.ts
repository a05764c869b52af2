import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` after a `git pull` rebuilt nothing because dist/ existed. The script is run in a
 * scratch copy whose build commands only leave a mark, so the test sees what it decided to rebuild.
 */
describe('npm start rebuilds what is older than its sources', () => {
  function scratch() {
    const dir = mkdtempSync(join(tmpdir(), 'start-'));
    mkdirSync(join(dir, 'scripts'));
    for (const script of ['start.mjs', 'supported-node.mjs'])
      cpSync(join(import.meta.dirname, script), join(dir, 'scripts', script));
    for (const folder of [
      'src/web',
      'src/server',
      'src/domain',
      'drizzle',
      'dist/web',
      'dist/server',
      'node_modules/.bin',
    ])
      mkdirSync(join(dir, folder), { recursive: true });
    // Stand-ins for vite and npm: each writes which build ran.
    writeFileSync(join(dir, 'node_modules/.bin/vite'), '#!/bin/sh\necho web >> built.txt\n', { mode: 0o755 });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ scripts: { 'build:server': 'echo server >> built.txt' } }),
    );
    writeFileSync(join(dir, 'src/web/a.tsx'), '');
    writeFileSync(join(dir, 'src/server/a.ts'), '');
    writeFileSync(join(dir, 'dist/web/index.html'), '');
    writeFileSync(join(dir, 'dist/server/main.js'), '');
    for (const [script, mark] of [
      ['move-sourcemaps', 'maps moved'],
      ['precompress', 'compressed'],
      ['embedded-template', 'template'],
    ])
      writeFileSync(
        join(dir, 'scripts', `${script}.mjs`),
        `import { appendFileSync } from 'node:fs'; appendFileSync('built.txt', '${mark}\\n');`,
      );
    writeFileSync(join(dir, 'drizzle', '0000.sql'), '');
    mkdirSync(join(dir, 'dist', 'embedded-template'));
    writeFileSync(join(dir, 'dist', 'embedded-template', 'PG_VERSION'), '');
    return dir;
  }
  const age = (dir: string, path: string, secondsAgo: number) => {
    const t = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(join(dir, path), t, t);
  };
  const built = (dir: string) => {
    try {
      return execFileSync('cat', [join(dir, 'built.txt')])
        .toString()
        .trim()
        .split('\n');
    } catch {
      return [];
    }
  };
  const start = (dir: string) =>
    execFileSync(process.execPath, ['scripts/start.mjs'], { cwd: dir, stdio: 'pipe' });

  it('rebuilds only the side whose sources are newer than its build', () => {
    const dir = scratch();
    for (const p of ['package.json', 'src/web/a.tsx', 'src/server/a.ts', 'drizzle/0000.sql'])
      age(dir, p, 100);
    age(dir, 'dist/server/main.js', 50);
    age(dir, 'dist/web/index.html', 200); // older than src/web/a.tsx
    start(dir);
    // As `npm run build`: the source maps leave the published folder before it is compressed.
    expect(built(dir)).toEqual(['web', 'maps moved', 'compressed']);
  });

  it('rebuilds the embedded database template when a migration is newer', () => {
    const dir = scratch();
    for (const p of ['package.json', 'src/web/a.tsx', 'src/server/a.ts']) age(dir, p, 100);
    age(dir, 'dist/embedded-template/PG_VERSION', 300);
    start(dir);
    expect(built(dir)).toEqual(['template']);
  });

  it("says each step in one line, and shows a step's own output only when it fails", () => {
    const dir = scratch();
    writeFileSync(
      join(dir, 'node_modules/.bin/vite'),
      '#!/bin/sh\necho "asset-a.js 1 kB"\necho "asset-b.js 2 kB"\necho web >> built.txt\n',
      { mode: 0o755 },
    );
    for (const p of ['package.json', 'src/web/a.tsx', 'src/server/a.ts', 'drizzle/0000.sql'])
      age(dir, p, 100);
    age(dir, 'dist/web/index.html', 200);
    const lines = start(dir).toString().trim().split('\n');
    expect(lines.map((line) => line.replace(/ done in [0-9.]+ s$/, ' done'))).toEqual([
      'Building the web app... done',
      'Moving its source maps out of the served folder... done',
      'Compressing its files... done',
    ]);

    writeFileSync(
      join(dir, 'node_modules/.bin/vite'),
      '#!/bin/sh\necho "src/web/a.tsx: Unexpected token"\nexit 2\n',
      { mode: 0o755 },
    );
    age(dir, 'dist/web/index.html', 200);
    const failed = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: dir, encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stdout.trim()).toBe('Building the web app... failed');
    expect(failed.stderr).toContain('src/web/a.tsx: Unexpected token');
  });

  it('builds nothing when the build is newer than every source', () => {
    const dir = scratch();
    for (const p of ['package.json', 'src/web/a.tsx', 'src/server/a.ts', 'drizzle/0000.sql'])
      age(dir, p, 100);
    start(dir);
    expect(built(dir)).toEqual([]);
  });
});
