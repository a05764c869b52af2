import { describe, expect, it } from 'vitest';
import { monthLabel, overviewMonths } from './overview';

describe('the agency overview months (issue 44.2)', () => {
  it('is this month and the six before it, oldest first, across a year end', () => {
    expect(overviewMonths('2026-11-26')).toEqual([
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    expect(overviewMonths('2027-02-03')).toEqual([
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
  });

  it('labels a month as people read it', () => {
    expect(monthLabel('2026-11-01')).toBe('Nov 2026');
    expect(monthLabel('2027-01-01')).toBe('Jan 2027');
  });
});
