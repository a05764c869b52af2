import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PATHS } from './page-paths';

describe('isPagePath', () => {
  it('knows the route table, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/about',
      '/about/',
      '/members',
      '/member/jane-doe',
      '/articles',
      '/apply',
      '/login',
      '/auth-success',
      '/dashboard',
      '/applications/6f1c2d3e-0000-4000-8000-000000000001',
      '/meetings/6f1c2d3e-0000-4000-8000-000000000001/door',
      '/check-in/6f1c2d3e-0000-4000-8000-000000000001.2026-11-24.tjx2k0.abcdefghijklmnopqrstuv',
      '/room/abc.def',
    ])
      expect(isPagePath(path), path).toBe(true);
  });

  it('knows no other path', () => {
    for (const path of [
      '//',
      '/some/unknown/page',
      '/member',
      '/member/',
      '/member/jane-doe/extra',
      '/aboutx',
      '/applications',
      '/dashboard/settings',
      '/index.php',
    ])
      expect(isPagePath(path), path).toBe(false);
  });
});

describe('the web router', () => {
  it('has exactly the pages PAGE_PATHS lists, so the server answers 200 for each and 404 for the rest', () => {
    const router = readFileSync(join(import.meta.dirname, '../web/app/router.tsx'), 'utf8');
    const routed = [...router.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);
    expect(routed.sort()).toEqual(Object.values(PAGE_PATHS).sort());
  });
});
