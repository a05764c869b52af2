import { describe, expect, it } from 'vitest';
import { checkInStatus, doorCounts, tapBatchSchema } from './check-in';

describe('a tap at the door', () => {
  const cutoff = new Date('2026-11-24T14:05:00Z'); // 07:00 start + 5 on-time minutes, Denver

  it('is Present up to the cut-off and Late after it', () => {
    expect(checkInStatus(new Date('2026-11-24T13:50:00Z'), cutoff)).toBe('present');
    expect(checkInStatus(new Date('2026-11-24T14:05:00Z'), cutoff)).toBe('present');
    expect(checkInStatus(new Date('2026-11-24T14:05:01Z'), cutoff)).toBe('late');
  });

  it('counts present, late, away (excused or substitute) and expected (everyone not away)', () => {
    expect(
      doorCounts([
        { status: 'present' },
        { status: 'present' },
        { status: 'late' },
        { status: 'excused' },
        { status: 'substitute' },
        { status: 'absent' },
        { status: null },
      ]),
    ).toEqual({ present: 2, late: 1, away: 2, expected: 5 });
    expect(doorCounts([])).toEqual({ present: 0, late: 0, away: 0, expected: 0 });
  });

  it('carries its own id, a member, an action and when it was tapped; at most 100 at a time', () => {
    const tap = {
      id: '7d1f3c2a-4b5e-4c6d-8e7f-9a0b1c2d3e4f',
      memberId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      action: 'check-in',
      tappedAt: '2026-11-24T14:02:00.000Z',
    };
    expect(tapBatchSchema.safeParse({ taps: [tap] }).success).toBe(true);
    expect(tapBatchSchema.safeParse({ taps: [{ ...tap, id: 'x' }] }).success).toBe(false);
    expect(tapBatchSchema.safeParse({ taps: [{ ...tap, action: 'toggle' }] }).success).toBe(false);
    expect(tapBatchSchema.safeParse({ taps: [{ ...tap, tappedAt: 'yesterday' }] }).success).toBe(false);
    expect(tapBatchSchema.safeParse({ taps: [] }).success).toBe(false);
    expect(tapBatchSchema.safeParse({ taps: Array(101).fill(tap) }).error?.issues[0]?.message).toBe(
      'Send at most 100 taps at a time',
    );
  });
});
