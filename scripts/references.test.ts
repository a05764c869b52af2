import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands on its own: code and docs cite its own docs and decisions, each of which exists, and never
 * a document that is not in it (a design section, a spec section, a ticket number).
 */
const ROOT = join(import.meta.dirname, '..');
const SCANNED = ['src', 'e2e', 'scripts', 'stryker', 'docs', '.ci'];

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'incremental' ? [] : textFiles(full);
    return /\.(ts|tsx|mjs|md|sh)$|^run$/.test(entry.name) ? [full] : [];
  });
}

const files = [...SCANNED.flatMap((dir) => textFiles(join(ROOT, dir))), join(ROOT, 'README.md')].filter(
  (file) => !file.endsWith('references.test.ts'),
);

const decisions = readdirSync(join(ROOT, 'docs/decisions'));

/** `docs/decisions/0032` or `docs/decisions/0041, 0043` and `docs/x.md` as cited, with where they were cited. */
function citations(): { where: string; target: string }[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const where = relative(ROOT, file);
    const records = [...text.matchAll(/docs\/decisions\/(\d{4})((?:(?:, | and )\d{4})*)/g)].flatMap((m) =>
      [m[1]!, ...[...m[2]!.matchAll(/\d{4}/g)].map((n) => n[0])].map((n) => ({
        where,
        target: `decision ${n}`,
      })),
    );
    const docs = [...text.matchAll(/\bdocs\/([a-z-]+(?:\/[a-z0-9-]+)*\.md)/g)].map((m) => ({
      where,
      target: m[1]!,
    }));
    return [...records, ...docs];
  });
}

describe('references', () => {
  it('cite no document outside the repository', () => {
    const outside =
      /DESIGN section|spec section|\bthe spec\b|\bspec's\b|\bissue \d+(\.\d+)?\b|\.\.\/shared\//i;
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          outside.test(line) || /\bSpec:/.test(line) ? [`${relative(ROOT, file)}:${i + 1}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('lead somewhere: every cited decision and doc exists', () => {
    const missing = citations().filter(({ target }) =>
      target.startsWith('decision ')
        ? !decisions.some((file) => file.startsWith(`${target.slice(9)}-`))
        : !existsSync(join(ROOT, 'docs', target)),
    );
    expect(missing).toEqual([]);
  });
});
