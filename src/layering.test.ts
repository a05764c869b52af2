import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries are Biome lint rules (biome.json's overrides, `npm run lint` over the real tree). This
 * proves the rules themselves bite: each planted file below is linted with the project's configuration, in a
 * scratch tree of the same layout, and exactly the crossing ones are refused.
 */
const ROOT = join(import.meta.dirname, '..');

/** Planted file -> the import it makes, and whether the boundaries allow it. */
const PLANTED: Record<string, { from: string; allowed: boolean }> = {
  // The domain is shared by both sides.
  'src/domain/referrals/planted-a.ts': { from: '../../server/db/client', allowed: false },
  'src/domain/referrals/planted-b.ts': { from: '../../web/lib/api', allowed: false },
  'src/domain/referrals/planted-ok.ts': { from: '../money', allowed: true },
  // Shared web code imports no feature and not the app's composition.
  'src/web/components/ui/planted-a.tsx': { from: '../../features/referrals', allowed: false },
  'src/web/lib/planted-b.ts': { from: '../app/router', allowed: false },
  'src/web/lib/planted-ok.ts': { from: './api', allowed: true },
  // A feature reaches another through its public file only, and never the app.
  'src/web/features/admin/components/planted-a.tsx': {
    from: '../../directory/api/directory-queries',
    allowed: false,
  },
  'src/web/features/admin/planted-b.ts': { from: '../referrals/components/referral-forms', allowed: false },
  'src/web/features/admin/components/planted-c.tsx': { from: '../../../app/router', allowed: false },
  'src/web/features/admin/components/planted-ok.tsx': { from: '../../directory', allowed: true },
  'src/web/features/admin/components/planted-own.tsx': { from: '../api/admin-queries', allowed: true },
  'src/web/features/admin/components/planted-lib.tsx': {
    from: '../../../lib/auth/auth-queries',
    allowed: true,
  },
  'src/web/features/auth/pages/planted-domain.tsx': {
    from: '../../../../domain/auth/contracts',
    allowed: true,
  },
  // The web imports no server code; the server no web code but the page renderer.
  'src/web/features/admin/components/planted-d.tsx': { from: '../../../../server/app', allowed: false },
  'src/server/modules/members/planted-a.ts': { from: '../../../web/app/router', allowed: false },
  'src/server/modules/link-previews/planted-ok.ts': { from: '../../../web/ssr/render-page', allowed: true },
  // The database layer sits below HTTP, sign-in and the features.
  'src/server/db/planted-a.ts': { from: '../http/route-params', allowed: false },
  'src/server/db/seed/planted-b.ts': { from: '../../auth/session-store', allowed: false },
  'src/server/db/planted-c.ts': { from: '../modules/users/grant-role', allowed: false },
  'src/server/db/planted-ok.ts': { from: '../lib/uuid', allowed: true },
};

function lintPlanted(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'boundaries-'));
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
  // The scratch tree is no git checkout and holds only the planted files.
  config.$schema = undefined;
  config.vcs = { enabled: false };
  config.files = { includes: ['**'] };
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
  for (const [file, { from }] of Object.entries(PLANTED)) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    writeFileSync(join(dir, file), `import * as planted from '${from}';\n\nexport const used = planted;\n`);
  }
  let output: string;
  try {
    output = execFileSync(join(ROOT, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (err) {
    // Biome exits 1 when it reports an error; the report is still on stdout.
    output = (err as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as { diagnostics: { category: string; location: { path: string } }[] };
  return report.diagnostics
    .filter((d) => d.category === 'lint/style/noRestrictedImports')
    .map((d) => d.location.path)
    .sort();
}

describe('import boundaries', () => {
  it('are lint rules that refuse exactly the crossing imports', () => {
    const refused = Object.entries(PLANTED)
      .filter(([, plant]) => !plant.allowed)
      .map(([file]) => file)
      .sort();
    expect(lintPlanted()).toEqual(refused);
  });

  it('know every feature: a new feature folder is named in the features rule', () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as {
      overrides: { includes: string[]; linter: { rules: { style: { noRestrictedImports: unknown } } } }[];
    };
    const rule = config.overrides.find((o) => o.includes.includes('src/web/features/**'));
    const named = JSON.stringify(rule?.linter.rules.style.noRestrictedImports);
    const features = readdirSync(join(ROOT, 'src/web/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.filter((feature) => !named.includes(`"**/${feature}/**"`))).toEqual([]);
  });

  it("run one way between the server's modules: no two import each other, directly or round a circle", () => {
    const modules = join(ROOT, 'src/server/modules');
    const sources = (readdirSync(modules, { recursive: true, encoding: 'utf8' }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file.includes('/'),
    );
    const uses = new Map<string, Set<string>>();
    for (const file of sources) {
      const from = file.split('/')[0]!;
      for (const [, spec] of readFileSync(join(modules, file), 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const to = relative(modules, join(modules, dirname(file), spec!)).split('/')[0]!;
        if (to !== from && !to.startsWith('..')) uses.set(from, (uses.get(from) ?? new Set()).add(to));
      }
    }
    const circles: string[] = [];
    const visit = (module: string, path: string[]) => {
      for (const next of uses.get(module) ?? []) {
        if (path.includes(next)) circles.push([...path.slice(path.indexOf(next)), next].join(' -> '));
        else visit(next, [...path, next]);
      }
    };
    for (const module of uses.keys()) visit(module, [module]);
    expect(circles).toEqual([]);
  });
});
