import { describe, expect, it } from 'vitest';
import { routeSizes, staticClosure } from './bundle-budget.mjs';

const manifest = {
  'main.tsx': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['features/directory/pages/members-page.tsx'],
  },
  '_shared.js': { file: 'assets/shared.js', imports: [] },
  '_dialog.js': { file: 'assets/dialog.js', imports: ['_shared.js'] },
  'features/directory/pages/members-page.tsx': {
    file: 'assets/members.js',
    imports: ['_shared.js', '_dialog.js'],
  },
  'features/directory/pages/member-profile-page.tsx': { file: 'assets/profile.js', imports: [] },
  'features/auth/pages/login-page.tsx': { file: 'assets/login.js', imports: ['_big.js'] },
  '_big.js': { file: 'assets/big.js', imports: [] },
};
const sizes: Record<string, number> = {
  'assets/index.js': 60_000,
  'assets/shared.js': 10_000,
  'assets/dialog.js': 5_000,
  'assets/members.js': 3_000,
  'assets/profile.js': 1_000,
  'assets/login.js': 2_000,
  'assets/big.js': 200_000,
};

describe('bundle budget', () => {
  it('follows static imports once each, and not dynamic ones', () => {
    expect([...staticClosure(manifest, 'main.tsx')]).toEqual(['assets/index.js', 'assets/shared.js']);
  });

  it('adds a route page to the entry, counting shared chunks once, and flags what is over', () => {
    const rows = routeSizes(manifest, (f: string) => sizes[f] ?? 0);
    const byRoute = (route: string) => rows.find((r) => r.route === route);
    expect(byRoute('/')?.bytes).toBe(70_000);
    expect(byRoute('/members')?.bytes).toBe(78_000);
    expect(byRoute('/members')?.over).toBe(false);
    expect(byRoute('/login')?.over).toBe(true);
  });
});
