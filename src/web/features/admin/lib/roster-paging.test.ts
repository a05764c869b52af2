import { describe, expect, it } from 'vitest';
import { rosterPageTarget } from './roster-paging';

const shown = { prevCursor: 'P', nextCursor: 'N' };

describe('reaching a roster page', () => {
  it('starts the first page from the start and the last from the end', () => {
    expect(rosterPageTarget(1, 5, 9, shown)).toEqual({ page: 1, at: '', skip: 0 });
    expect(rosterPageTarget(9, 5, 9, shown)).toEqual({ page: 9, at: 'end', skip: 0 });
  });

  it('reaches a near page from this page’s cursors, stepping over the pages between', () => {
    expect(rosterPageTarget(6, 5, 9, shown)).toEqual({ page: 6, at: 'N', skip: 0 });
    expect(rosterPageTarget(7, 5, 9, shown)).toEqual({ page: 7, at: 'N', skip: 1 });
    expect(rosterPageTarget(4, 5, 9, shown)).toEqual({ page: 4, at: 'P', skip: 0 });
    expect(rosterPageTarget(2, 4, 9, shown)).toEqual({ page: 2, at: 'P', skip: 1 });
  });

  it('goes by number when the page is too far to step to or there is no cursor', () => {
    expect(rosterPageTarget(40, 5, 90, shown)).toEqual({ page: 40, at: '', skip: 0 });
    expect(rosterPageTarget(6, 5, 9, { prevCursor: null, nextCursor: null })).toEqual({
      page: 6,
      at: '',
      skip: 0,
    });
  });
});
