import { describe, expect, it } from 'vitest';
import { createPaintedPageCache, PAINTED_PAGE_ENTRIES, PAINTED_PAGE_TTL_MS } from './painted-page-cache';

describe('the cache of visitors\u2019 painted pages', () => {
  it('gives a page back at its version within its time, and never at another version or after', () => {
    let clock = 1_000;
    const cache = createPaintedPageCache(() => clock);
    cache.set('/members', 'v1', '<p>page</p>');
    expect(cache.get('/members', 'v1')?.identity.toString()).toBe('<p>page</p>');
    expect(cache.get('/members?q=x', 'v1')).toBeUndefined();
    clock += 60_000;
    expect(PAINTED_PAGE_TTL_MS).toBe(60_000);
    expect(cache.get('/members', 'v1')).toBeDefined();
    clock += 1;
    expect(cache.get('/members', 'v1')).toBeUndefined();
    cache.set('/members', 'v1', '<p>page</p>');
    expect(cache.get('/members', 'v2')).toBeUndefined();
    // A page asked at a newer version is dropped, not kept for an older one to find.
    expect(cache.get('/members', 'v1')).toBeUndefined();
  });

  it('keeps a bounded number of addresses, the oldest going first', () => {
    const cache = createPaintedPageCache();
    for (let i = 0; i <= PAINTED_PAGE_ENTRIES; i++) cache.set(`/member/m-${i}`, 'v', 'x');
    expect(cache.size).toBe(PAINTED_PAGE_ENTRIES);
    expect(cache.get('/member/m-0', 'v')).toBeUndefined();
    expect(cache.get(`/member/m-${PAINTED_PAGE_ENTRIES}`, 'v')).toBeDefined();
  });
});
