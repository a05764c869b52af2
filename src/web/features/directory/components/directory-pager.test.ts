import { describe, expect, it } from 'vitest';
import { pagerWindow } from './directory-pager';

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
