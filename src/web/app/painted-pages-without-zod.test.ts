import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Zod and the schemas each contract builds as it loads were a long task of the
// painted dashboard's start, and were fetched by the public chapter pages for one line of text. The code
// a painted page runs imports no zod: forms load their schema when they first validate
// (lib/lazy-zod-resolver.ts), and the rules and texts read come from zod-free modules beside each contract.
const web = join(process.cwd(), 'src', 'web');
const PUBLIC = [
  'main.tsx',
  'features/marketing/pages/home-page.tsx',
  'features/marketing/pages/about-page.tsx',
  'features/directory/pages/members-page.tsx',
  'features/directory/pages/member-profile-page.tsx',
  'features/directory/pages/chapters-page.tsx',
  'features/directory/pages/chapter-page.tsx',
  'features/visitors/pages/visit-page.tsx',
];
const OPENING = [
  'main.tsx',
  'app/dashboard/dashboard-page.tsx',
  'app/dashboard/referral-metrics-panel.tsx',
  'components/layout/user-menu.tsx',
  'features/notifications/components/notification-bell.tsx',
];

/** Modules a file imports for their values: `import type` and dynamic `import()` load nothing at start. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map(
    (m) => m[1]!,
  );
}

function resolveLocal(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = join(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (path) => /\.tsx?$/.test(path) && existsSync(path),
  );
}

/** Each module the opening tab loads that imports zod, with the way it was reached. */
function zodOnTheWay(roots: string[]): string[] {
  const via = new Map<string, string>();
  const found: string[] = [];
  const visit = (file: string, from: string) => {
    if (via.has(file)) return;
    via.set(file, from);
    for (const spec of valueImports(file)) {
      if (spec === 'zod' || spec.startsWith('zod/'))
        found.push(`${relative(process.cwd(), file)} (from ${from})`);
      const next = resolveLocal(file, spec);
      if (next) visit(next, relative(process.cwd(), file));
    }
  };
  for (const root of roots) visit(join(web, root), 'the page');
  return found;
}

describe('a painted page', () => {
  it("loads no zod as it starts: the dashboard's opening tab", () => {
    expect(zodOnTheWay(OPENING)).toEqual([]);
  });

  it('loads no zod as it starts: the public pages', () => {
    expect(zodOnTheWay(PUBLIC)).toEqual([]);
  });

  it('is seen importing zod when one of its modules reads a schema (the check can fail)', () => {
    // The referral contract builds its schemas with zod as it loads; a form importing it directly is caught.
    expect(zodOnTheWay(['../domain/referrals/contracts.ts'])).toContain(
      'src/domain/referrals/contracts.ts (from the page)',
    );
  });
});
