import { describe, expect, it } from 'vitest';
import { formatWallTime } from './time-format';

describe('formatWallTime', () => {
  it("writes a start time the chapter's way", () => {
    expect(formatWallTime('07:05', '12h')).toBe('7:05 AM');
    expect(formatWallTime('00:30', '12h')).toBe('12:30 AM');
    expect(formatWallTime('12:00', '12h')).toBe('12:00 PM');
    expect(formatWallTime('18:45', '12h')).toBe('6:45 PM');
    expect(formatWallTime('07:05', '24h')).toBe('07:05');
    expect(formatWallTime('18:45', '24h')).toBe('18:45');
  });

  it('leaves anything that is not HH:MM as it is', () => {
    expect(formatWallTime('soon', '12h')).toBe('soon');
  });
});
