import { describe, expect, it } from 'vitest';
import { pageCountOf, pagerWindow, showingRange } from './pager-window';

describe('pagerWindow', () => {
  it('shows every page when there are few', () => {
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pagerWindow(1, 1112)).toEqual([1, 2, null, 1112]);
    expect(pagerWindow(500, 1112)).toEqual([1, null, 499, 500, 501, null, 1112]);
    expect(pagerWindow(1112, 1112)).toEqual([1, null, 1111, 1112]);
  });

  it('shows a single skipped page instead of a gap', () => {
    expect(pagerWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  });
});

describe('showingRange', () => {
  it('says which rows the page holds, the last page short', () => {
    expect(showingRange(1, 20, 95)).toBe('Showing 1 to 20 of 95');
    expect(showingRange(2, 15, 40, 'members')).toBe('Showing 16 to 30 of 40 members');
    expect(showingRange(5, 20, 95)).toBe('Showing 81 to 95 of 95');
    expect(showingRange(1, 20, 1)).toBe('Showing 1 to 1 of 1');
  });

  it('clamps a page past the end and handles an empty list', () => {
    expect(showingRange(9, 20, 95)).toBe('Showing 81 to 95 of 95');
    expect(showingRange(0, 20, 95)).toBe('Showing 1 to 20 of 95');
    expect(showingRange(1, 20, 0)).toBe('Showing 0 of 0');
  });

  it('counts at least one page', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(41, 20)).toBe(3);
  });
});
