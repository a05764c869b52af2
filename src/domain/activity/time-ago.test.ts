import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (seconds: number) => timeAgo(new Date(now.getTime() - seconds * 1000), now);
  it('uses the largest whole unit, singular for one', () => {
    expect(ago(5)).toBe('just now');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(59 * 60)).toBe('59 minutes ago');
    expect(ago(2 * 3600)).toBe('2 hours ago');
    expect(ago(24 * 3600)).toBe('1 day ago');
    expect(ago(8 * 24 * 3600)).toBe('1 week ago');
    expect(ago(400 * 24 * 3600)).toBe('1 year ago');
  });
  it('never says a time in the future', () => {
    expect(ago(-30)).toBe('just now');
  });
});
