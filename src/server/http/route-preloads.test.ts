import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createModulePreloads, createRoutePreloads } from './route-preloads';

function webRootWithManifest() {
  const root = mkdtempSync(join(tmpdir(), 'preloads-'));
  mkdirSync(join(root, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_card.js': { file: 'assets/card.js', imports: ['_shared.js'] },
    'features/directory/pages/member-profile-page.tsx': { file: 'assets/profile.js', imports: ['_card.js'] },
    'features/directory/pages/members-page.tsx': { file: 'assets/members.js', imports: ['_card.js'] },
    'features/directory/pages/chapters-page.tsx': { file: 'assets/chapters.js', imports: ['_card.js'] },
    'features/directory/pages/chapter-page.tsx': { file: 'assets/chapter.js', imports: ['_card.js'] },
    // A tab with rules of its own: zod, then the text rules built on it.
    '_zod.js': { file: 'assets/zod.js' },
    '_text.js': { file: 'assets/text.js', imports: ['_zod.js'] },
    'app/dashboard/tab.tsx': { file: 'assets/tab.js', imports: ['_card.js', '_text.js'] },
    // Two chunks importing each other.
    '_left.js': { file: 'assets/left.js', imports: ['_right.js', '_zod.js'] },
    '_right.js': { file: 'assets/right.js', imports: ['_left.js', '_card.js'] },
    'app/dashboard/other-tab.tsx': { file: 'assets/other-tab.js', imports: ['_left.js'] },
  };
  writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return root;
}

describe('route preloads', () => {
  const preloads = createRoutePreloads(webRootWithManifest());

  it('preloads a profile page chunk, its imports not in the entry, and the profile data', () => {
    const tags = preloads('/member/jane-doe');
    expect(tags).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/profile.js">');
    expect(tags).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/card.js">');
    expect(tags).not.toContain('shared.js');
    expect(tags).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/members/by-name/jane-doe">',
    );
  });

  it("preloads the chapters' pages and a chapter's public answer, not an address no slug matches", () => {
    expect(preloads('/chapters')).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/card.js"><link rel="modulepreload" fetchpriority="low" href="/assets/chapters.js">',
    );
    const chapter = preloads('/chapters/loveland');
    expect(chapter).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/chapter.js">');
    expect(chapter).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/chapters/public/loveland">',
    );
    expect(preloads('/chapters/Loveland%20Builders')).toBe('');
  });

  it('preloads the first directory page only when no filter is in the address', () => {
    expect(preloads('/members')).toContain('href="/api/members?q=&amp;industry=&amp;page=1&amp;pageSize=9"');
    expect(preloads('/members?q=plumb')).not.toContain('as="fetch"');
    expect(preloads('/members?q=plumb')).toContain('/assets/members.js');
  });

  it('adds nothing for other paths, or without a build', () => {
    expect(preloads('/')).toBe('');
    expect(preloads('/nowhere')).toBe('');
    expect(createRoutePreloads(mkdtempSync(join(tmpdir(), 'empty-')))('/members')).toBe('');
  });

  it("preloads a lazily loaded part with what it imports, each after its imports, but the entry's own", () => {
    const tags = createModulePreloads(webRootWithManifest())(['app/dashboard/tab.tsx']);
    expect(tags).toBe(
      [
        '<link rel="modulepreload" fetchpriority="low" href="/assets/card.js">',
        '<link rel="modulepreload" fetchpriority="low" href="/assets/zod.js">',
        '<link rel="modulepreload" fetchpriority="low" href="/assets/text.js">',
        '<link rel="modulepreload" fetchpriority="low" href="/assets/tab.js">',
      ].join(''),
    );
  });

  it('follows a cycle of imports once', () => {
    const tags = createModulePreloads(webRootWithManifest())(['app/dashboard/other-tab.tsx']);
    expect(tags).toBe(
      [
        '<link rel="modulepreload" fetchpriority="low" href="/assets/card.js">',
        '<link rel="modulepreload" fetchpriority="low" href="/assets/right.js">',
        '<link rel="modulepreload" fetchpriority="low" href="/assets/zod.js">',
        '<link rel="modulepreload" fetchpriority="low" href="/assets/left.js">',
        '<link rel="modulepreload" fetchpriority="low" href="/assets/other-tab.js">',
      ].join(''),
    );
  });
});
