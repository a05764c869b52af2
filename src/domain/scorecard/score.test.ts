import { describe, expect, it } from 'vitest';
import { PRESETS } from './presets';
import type { RuleSet } from './rules';
import { type MemberCounts, NO_COUNTS, scoreMember } from './score';

// Every expected figure below is worked out by hand from the published tables in docs/scorecard.md.
const counts = (c: Partial<MemberCounts>): MemberCounts => ({ ...NO_COUNTS, ...c });
const pointsOf = (rules: RuleSet, c: Partial<MemberCounts>) => {
  const score = scoreMember(counts(c), rules);
  return {
    points: Object.fromEntries(score.components.map((x) => [x.key, x.points])),
    total: score.total,
    colour: score.colour,
    weeks: score.weeks,
  };
};

describe('US Power of One', () => {
  const rules = PRESETS['us-power-of-one'].rules;

  it('a member at target everywhere but one-to-ones and CEUs is green', () => {
    // 26 weeks, all attended (a late and a substitute still attend); 26 referrals = 1 a week; 20 one-to-ones =
    // 0.77 a week; 13 CEUs = 0.5 a week; 6 visitors over 6 months = 1 a month.
    expect(
      pointsOf(rules, {
        present: 24,
        late: 1,
        substitute: 1,
        referralsGiven: 26,
        oneToOnes: 20,
        educationUnits: 13,
        visitors: 6,
      }),
    ).toEqual({
      points: { attendance: 20, referrals: 20, 'one-to-ones': 15, ceus: 10, visitors: 20 },
      total: 85,
      colour: 'green',
      weeks: 26,
    });
  });

  it('50 points is yellow, at the cut-off', () => {
    // 20 of 26 attended = 0.77; 13 referrals and one-to-ones = 0.5 a week; 7 CEUs = 0.27; 4 visitors = 0.67 a month.
    expect(
      pointsOf(rules, {
        present: 20,
        absent: 6,
        referralsGiven: 13,
        oneToOnes: 13,
        educationUnits: 7,
        visitors: 4,
      }),
    ).toMatchObject({
      points: { attendance: 15, referrals: 10, 'one-to-ones': 10, ceus: 5, visitors: 10 },
      total: 50,
      colour: 'yellow',
    });
  });

  it('30 points is red, at the cut-off', () => {
    // Half the weeks attended; 6 referrals = 0.23 a week earns nothing; 7 one-to-ones = 0.27; 5 visitors = 0.83 a month.
    expect(
      pointsOf(rules, { present: 13, absent: 13, referralsGiven: 6, oneToOnes: 7, visitors: 5 }),
    ).toMatchObject({
      points: { attendance: 10, referrals: 0, 'one-to-ones': 5, ceus: 0, visitors: 15 },
      total: 30,
      colour: 'red',
    });
  });

  it('a medical week is not a countable week; little else is grey', () => {
    // 5 attended of 18 countable weeks (the 8 medical weeks left out) = 0.28; 1 visitor = 0.17 a month.
    expect(pointsOf(rules, { present: 5, medical: 8, absent: 13, visitors: 1 })).toEqual({
      points: { attendance: 5, referrals: 0, 'one-to-ones': 0, ceus: 0, visitors: 0 },
      total: 5,
      colour: 'grey',
      weeks: 18,
    });
    // Every week attended but the medical ones: full attendance.
    expect(pointsOf(rules, { present: 18, medical: 8 }).points.attendance).toBe(20);
  });

  it('a holiday week is not a countable week unless the rules say so', () => {
    expect(pointsOf(rules, { present: 20, holidays: 6 })).toMatchObject({
      weeks: 20,
      points: { attendance: 20 },
    });
    const counted: RuleSet = { ...rules, counting: { ...rules.counting, holidayWeeks: 'countable' } };
    // 20 of 26 weeks = 0.77.
    expect(pointsOf(counted, { present: 20, holidays: 6 })).toMatchObject({
      weeks: 26,
      points: { attendance: 15 },
    });
  });

  it('no weeks at all scores no weekly rate', () => {
    expect(pointsOf(rules, { referralsGiven: 3 })).toMatchObject({ weeks: 0, total: 0, colour: 'grey' });
  });
});

describe('classic traffic lights', () => {
  const rules = PRESETS['classic-traffic-lights'].rules;

  it('a member with every top band is green with 100; a substitute is not an absence', () => {
    // 32 referrals / 26 weeks = 1.23; 13 visitors = 0.5 a week; 2 testimonials = 0.077 a week.
    expect(
      pointsOf(rules, {
        present: 25,
        substitute: 1,
        referralsGiven: 32,
        visitors: 13,
        educationUnits: 3,
        testimonials: 2,
        closedBusiness: 6000,
      }),
    ).toEqual({
      points: {
        absences: 15,
        referrals: 20,
        visitors: 20,
        ceus: 15,
        testimonials: 10,
        tyfcb: 15,
        'on-time': 5,
      },
      total: 100,
      colour: 'green',
      weeks: 26,
    });
  });

  it('a late costs the on-time points; 55 is yellow', () => {
    // 26 weeks; 1 absence; 26 referrals = 1.0; 4 visitors = 0.154 (under 0.167); 1 testimonial = 0.038.
    expect(
      pointsOf(rules, {
        present: 24,
        late: 1,
        absent: 1,
        referralsGiven: 26,
        visitors: 4,
        educationUnits: 2,
        testimonials: 1,
        closedBusiness: 2500,
      }),
    ).toMatchObject({
      points: {
        absences: 10,
        referrals: 15,
        visitors: 5,
        ceus: 10,
        testimonials: 5,
        tyfcb: 10,
        'on-time': 0,
      },
      total: 55,
      colour: 'yellow',
    });
  });

  it('30 is red; a medical week counts among the weeks and is not an absence', () => {
    // 22 + 2 absent + 2 medical = 26 weeks; 20 referrals = 0.77; 3 visitors = 0.115; 999.99 is under 1,000.
    expect(
      pointsOf(rules, {
        present: 22,
        absent: 2,
        medical: 2,
        referralsGiven: 20,
        visitors: 3,
        educationUnits: 1,
        closedBusiness: 999.99,
      }),
    ).toMatchObject({
      points: { absences: 5, referrals: 10, visitors: 5, ceus: 5, testimonials: 0, tyfcb: 0, 'on-time': 5 },
      total: 30,
      colour: 'red',
      weeks: 26,
    });
  });

  it('three absences or more earn nothing; the rest grey', () => {
    // 5 referrals / 26 = 0.19.
    expect(pointsOf(rules, { present: 10, absent: 16, referralsGiven: 5 })).toMatchObject({
      points: { absences: 0, referrals: 0, visitors: 0, ceus: 0, testimonials: 0, tyfcb: 0, 'on-time': 5 },
      total: 5,
      colour: 'grey',
    });
    expect(pointsOf(rules, { present: 23, absent: 3 }).points.absences).toBe(0);
  });
});

describe('Taiwan 2026', () => {
  const rules = PRESETS['taiwan-2026'].rules;

  it('two lates are no equivalent absence; every top band is green', () => {
    // 39 referrals / 26 = 1.5; 52 one-to-ones / 26 = 2; 11 visitors and 6 CEUs over the period.
    expect(
      pointsOf(rules, {
        present: 24,
        late: 2,
        referralsGiven: 39,
        visitors: 11,
        oneToOnes: 52,
        educationUnits: 6,
        closedBusiness: 5000,
      }),
    ).toEqual({
      points: { absences: 20, referrals: 20, visitors: 15, 'one-to-ones': 15, ceus: 15, tyfcb: 15 },
      total: 100,
      colour: 'green',
      weeks: 26,
    });
  });

  it('three lates are one more absence: A 1 + floor(3 / 3) = 2; 55 is yellow', () => {
    // 32 referrals / 26 = 1.23; 26 one-to-ones = 1 a week.
    expect(
      pointsOf(rules, {
        present: 22,
        late: 3,
        absent: 1,
        referralsGiven: 32,
        visitors: 7,
        oneToOnes: 26,
        educationUnits: 4,
      }),
    ).toMatchObject({
      points: { absences: 10, referrals: 15, visitors: 10, 'one-to-ones': 10, ceus: 10, tyfcb: 0 },
      total: 55,
      colour: 'yellow',
    });
  });

  it('35 is red', () => {
    // 16 referrals / 26 = 0.615; 13 one-to-ones = 0.5 a week; 6 visitors are under 7.
    expect(
      pointsOf(rules, {
        present: 25,
        absent: 1,
        referralsGiven: 16,
        visitors: 6,
        oneToOnes: 13,
        educationUnits: 2,
        closedBusiness: 1000,
      }),
    ).toMatchObject({
      points: { absences: 15, referrals: 5, visitors: 0, 'one-to-ones': 5, ceus: 5, tyfcb: 5 },
      total: 35,
      colour: 'red',
    });
  });

  it('little of anything is grey', () => {
    // 10 referrals / 26 = 0.38; 5 one-to-ones = 0.19 a week.
    expect(
      pointsOf(rules, {
        present: 20,
        absent: 6,
        referralsGiven: 10,
        visitors: 2,
        oneToOnes: 5,
        educationUnits: 1,
      }),
    ).toMatchObject({ total: 0, colour: 'grey' });
  });

  it('a substitute counts as an absence only when the rules say so', () => {
    const strict: RuleSet = { ...rules, counting: { ...rules.counting, substitute: 'absence' } };
    expect(pointsOf(rules, { present: 25, substitute: 1 }).points.absences).toBe(20);
    expect(pointsOf(strict, { present: 25, substitute: 1 }).points.absences).toBe(15);
  });
});
