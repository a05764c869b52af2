import { describe, expect, it } from 'vitest';
import { figuresOver, type MonthFigures } from './month-figures';

const month = (m: string, n: Partial<MonthFigures>): MonthFigures => ({
  month: m,
  givenCount: 0,
  givenAmount: '0',
  receivedCount: 0,
  receivedAmount: '0',
  present: 0,
  absent: 0,
  excused: 0,
  late: 0,
  substitute: 0,
  ...n,
});

// Four kept months; the range is September to October, both ends inside. Sums worked out by hand.
const rows = [
  month('2026-08-01', { givenCount: 100, givenAmount: '999.99', present: 100 }),
  month('2026-09-01', {
    givenCount: 2,
    givenAmount: '100.10',
    receivedCount: 1,
    receivedAmount: '0.20',
    present: 3,
    absent: 1,
  }),
  month('2026-10-01', {
    givenCount: 1,
    givenAmount: '0.05',
    receivedCount: 4,
    receivedAmount: '50',
    absent: 2,
    excused: 1,
  }),
  month('2026-11-01', { receivedCount: 100, receivedAmount: '999.99', excused: 100 }),
];

describe('a period’s figures from the kept months', () => {
  it('adds the months inside the range, both ends included; given brings revenue received', () => {
    expect(figuresOver(rows, { from: '2026-09-01', to: '2026-10-01', duesMonths: 2 })).toEqual({
      referrals: {
        referralsGiven: 3,
        referralsReceived: 5,
        revenueReceived: '100.15',
        revenueGiven: '50.20',
      },
      attendance: { totalPresent: 3, totalAbsent: 3, totalExcused: 1, totalLate: 0, totalSubstitute: 0 },
    });
  });

  it('is all zeros over months with nothing kept', () => {
    expect(figuresOver(rows, { from: '2025-01-01', to: '2025-12-01', duesMonths: 12 })).toEqual({
      referrals: { referralsGiven: 0, referralsReceived: 0, revenueReceived: '0.00', revenueGiven: '0.00' },
      attendance: { totalPresent: 0, totalAbsent: 0, totalExcused: 0, totalLate: 0, totalSubstitute: 0 },
    });
  });

  it('reads one month when the range is one month', () => {
    expect(
      figuresOver(rows, { from: '2026-11-01', to: '2026-11-01', duesMonths: 1 }).attendance.totalExcused,
    ).toBe(100);
    expect(
      figuresOver(rows, { from: '2026-08-01', to: '2026-08-01', duesMonths: 1 }).referrals.revenueReceived,
    ).toBe('999.99');
  });
});
