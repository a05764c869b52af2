import { describe, expect, it } from 'vitest';
import { asPeriod, monthRangeLabel, periodRanges, trend } from './periods';

describe('periods of figures', () => {
  it('bounds each period and the one before it in whole months', () => {
    // 25 November 2026: Q4 is October to December.
    expect(periodRanges('month', '2026-11-25')).toEqual({
      current: { from: '2026-11-01', to: '2026-11-01', duesMonths: 1 },
      previous: { from: '2026-10-01', to: '2026-10-01', duesMonths: 1 },
    });
    expect(periodRanges('quarter', '2026-11-25')).toEqual({
      current: { from: '2026-10-01', to: '2026-11-01', duesMonths: 3 },
      previous: { from: '2026-07-01', to: '2026-09-01', duesMonths: 3 },
    });
    expect(periodRanges('ytd', '2026-11-25')).toEqual({
      current: { from: '2026-01-01', to: '2026-11-01', duesMonths: 11 },
      previous: { from: '2025-01-01', to: '2025-11-01', duesMonths: 11 },
    });
    expect(periodRanges('year', '2026-11-25')).toEqual({
      current: { from: '2025-12-01', to: '2026-11-01', duesMonths: 12 },
      previous: { from: '2024-12-01', to: '2025-11-01', duesMonths: 12 },
    });
    expect(periodRanges('all', '2026-11-25')).toEqual({ current: null, previous: null });
  });

  it('crosses the new year: January’s previous month and quarter are last year’s', () => {
    expect(periodRanges('month', '2027-01-03').previous).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
      duesMonths: 1,
    });
    expect(periodRanges('quarter', '2027-01-03')).toEqual({
      current: { from: '2027-01-01', to: '2027-01-01', duesMonths: 3 },
      previous: { from: '2026-10-01', to: '2026-12-01', duesMonths: 3 },
    });
    expect(periodRanges('ytd', '2027-01-03').current).toEqual({
      from: '2027-01-01',
      to: '2027-01-01',
      duesMonths: 1,
    });
  });

  it('reads a move up, down or level', () => {
    expect([trend(2, 1), trend(1, 2), trend(3, 3)]).toEqual(['up', 'down', 'level']);
  });

  it('names a span of months', () => {
    expect(monthRangeLabel('2026-11-01', '2026-11-01')).toBe('November 2026');
    expect(monthRangeLabel('2026-10-01', '2026-11-01')).toBe('October – November 2026');
    expect(monthRangeLabel('2025-12-01', '2026-11-01')).toBe('December 2025 – November 2026');
  });

  it('reads a period from the address, all time for anything else', () => {
    expect(['quarter', 'ytd', 'decade', ''].map(asPeriod)).toEqual(['quarter', 'ytd', 'all', 'all']);
  });
});
