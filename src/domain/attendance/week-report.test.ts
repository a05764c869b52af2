import { describe, expect, it } from 'vitest';
import {
  emptyWeekFigures,
  PALMS_LETTER_OF,
  palmsLine,
  reportWeek,
  sumWeekFigures,
  WEEK_REPORT_COLUMNS,
} from './week-report';

describe('the week a PALMS report covers', () => {
  it("is the meeting's day and the six days before it, across a month's end", () => {
    expect(reportWeek('2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(reportWeek('2028-03-02')).toEqual({ from: '2028-02-25', to: '2028-03-02' });
  });

  it('counts excused as Medical, the M of PALMS', () => {
    expect(PALMS_LETTER_OF).toEqual({ present: 'P', absent: 'A', late: 'L', excused: 'M', substitute: 'S' });
  });
});

describe("a week's totals", () => {
  it('sums every column, money exactly to the cent', () => {
    const row = (over: Partial<ReturnType<typeof emptyWeekFigures>>) => ({ ...emptyWeekFigures(), ...over });
    expect(
      sumWeekFigures([
        row({ P: 1, givenInside: 1, givenOutside: 1, referralsGiven: 2, closedBusiness: '0.10' }),
        row({ L: 1, receivedInside: 2, receivedOutside: 1, referralsReceived: 3, closedBusiness: '0.20' }),
        row({ M: 1, S: 0, visitors: 1, educationUnits: 3, testimonials: 2, closedBusiness: '1234.05' }),
      ]),
    ).toEqual({
      P: 1,
      A: 0,
      L: 1,
      M: 1,
      S: 0,
      givenInside: 1,
      givenOutside: 1,
      receivedInside: 2,
      receivedOutside: 1,
      referralsGiven: 2,
      referralsReceived: 3,
      visitors: 1,
      oneToOnes: 0,
      closedBusiness: '1234.35',
      educationUnits: 3,
      testimonials: 2,
    });
    expect(sumWeekFigures([])).toEqual(emptyWeekFigures());
  });

  it("lists the columns in BNI's PALMS order, headed as BNI heads them", () => {
    expect(WEEK_REPORT_COLUMNS.map((c) => c.short)).toEqual([
      'P',
      'A',
      'L',
      'M',
      'S',
      'RGI',
      'RGO',
      'RRI',
      'RRO',
      'V',
      '1-2-1',
      'TYFCB',
      'CEU',
      'T',
    ]);
  });

  it('reads as a line, one substitute or several', () => {
    expect(palmsLine({ P: 14, A: 2, L: 1, M: 1, S: 1 })).toBe(
      '14 present, 2 absent, 1 late, 1 medical, 1 substitute',
    );
    expect(palmsLine({ P: 0, A: 0, L: 0, M: 0, S: 2 })).toBe(
      '0 present, 0 absent, 0 late, 0 medical, 2 substitutes',
    );
  });
});
