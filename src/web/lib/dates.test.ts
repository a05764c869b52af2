import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('shows a calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatDate('2026-01-01', 'long')).toBe('January 1, 2026');
  });
});
