import { describe, expect, it } from 'vitest';
import { lastCompletedMonth, liveWindow, monthsBetween, officialWindow } from './windows';

describe('score windows', () => {
  it('the official window is the scored month and the five before it', () => {
    expect(officialWindow('2026-06-01', 6)).toEqual({ from: '2026-01-01', to: '2026-06-01' });
    expect(officialWindow('2026-02-01', 6)).toEqual({ from: '2025-09-01', to: '2026-02-01' });
  });

  it('a score taken in a month is for the month before; the live window ends this month', () => {
    expect(lastCompletedMonth('2026-01-03')).toBe('2025-12-01');
    expect(liveWindow('2026-12-03', 6)).toEqual({ from: '2026-07-01', to: '2026-12-01' });
  });

  it('lists the months between two, inclusive', () => {
    expect(monthsBetween('2025-11-01', '2026-02-01')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(monthsBetween('2026-03-01', '2026-02-01')).toEqual([]);
  });
});
