import type { Band, RuleSet, ScoreComponent } from './rules';
import type { Measure, PresetKey, Rate } from './vocabulary';

// No zod here (types only): the presets are plain data, checked against the rules' schema by their tests.

const atLeast = (threshold: number, points: number): Band => ({ when: 'atLeast', threshold, points });
const atMost = (threshold: number, points: number): Band => ({ when: 'atMost', threshold, points });

const component = (
  key: string,
  label: string,
  measure: Measure,
  per: Rate,
  bands: Band[],
): ScoreComponent => ({ key, label, measure, per, bands, maximum: bands[0]?.points ?? 0 });

/** The colour cut-offs of the classic 100-point traffic lights, used by every preset (docs/scorecard.md). */
const CLASSIC_COLOURS = { green: 70, yellow: 50, red: 30 };

/** A ratio to target of 1 or more earns 20, 0.75 earns 15, 0.5 earns 10, 0.25 earns 5. */
const powerOfOneBands = () => [atLeast(1, 20), atLeast(0.75, 15), atLeast(0.5, 10), atLeast(0.25, 5)];

/**
 * US "Power of One": five areas of 20 points, each scored by its ratio to target. Attendance, referrals given,
 * one-to-ones and CEUs reach full marks at one a week, visitors at one a month, so the per-week and per-month
 * rates are the ratios themselves. Source: BNI US "Power of One" member table, as given in docs/scorecard.md.
 * It publishes no colour cut-offs; the classic ones are used.
 */
const usPowerOfOne: RuleSet = {
  name: 'US Power of One',
  windowMonths: 6,
  colours: CLASSIC_COLOURS,
  counting: {
    latesPerAbsence: null,
    substitute: 'attended',
    medicalWeeks: 'notCountable',
    holidayWeeks: 'notCountable',
  },
  components: [
    component('attendance', 'Attendance', 'attendance', 'week', powerOfOneBands()),
    component('referrals', 'Referrals given', 'referralsGiven', 'week', powerOfOneBands()),
    component('one-to-ones', 'One-to-ones', 'oneToOnes', 'week', powerOfOneBands()),
    component('ceus', 'CEUs', 'educationUnits', 'week', powerOfOneBands()),
    component('visitors', 'Visitors', 'visitors', 'month', powerOfOneBands()),
  ],
};

/**
 * The classic 100-point traffic lights. Source: BNI UK member traffic lights as published in 2012 (the Solihull
 * chapter's article of April 2012 lists the same table). Closed business thresholds are in the chapter's currency
 * (published in pounds: 1,000, 2,500 and 5,000).
 */
const classicTrafficLights: RuleSet = {
  name: 'Classic traffic lights',
  windowMonths: 6,
  colours: CLASSIC_COLOURS,
  counting: {
    latesPerAbsence: null,
    substitute: 'attended',
    medicalWeeks: 'countable',
    holidayWeeks: 'notCountable',
  },
  components: [
    component('absences', 'Absences', 'absences', 'period', [atMost(0, 15), atMost(1, 10), atMost(2, 5)]),
    component('referrals', 'Referrals given', 'referralsGiven', 'week', [
      atLeast(1.2, 20),
      atLeast(1, 15),
      atLeast(0.75, 10),
      atLeast(0.5, 5),
    ]),
    component('visitors', 'Visitors', 'visitors', 'week', [
      atLeast(0.5, 20),
      atLeast(0.25, 15),
      atLeast(0.167, 10),
      atLeast(0.083, 5),
    ]),
    component('ceus', 'CEUs', 'educationUnits', 'period', [atLeast(3, 15), atLeast(2, 10), atLeast(1, 5)]),
    component('testimonials', 'Testimonials', 'testimonials', 'week', [
      atLeast(0.075, 10),
      { when: 'above', threshold: 0, points: 5 },
    ]),
    component('tyfcb', 'Closed business (TYFCB)', 'closedBusiness', 'period', [
      atLeast(5000, 15),
      atLeast(2500, 10),
      atLeast(1000, 5),
    ]),
    component('on-time', 'Arriving on time', 'lates', 'period', [atMost(0, 5)]),
  ],
};

/**
 * Taiwan 2026, as an open-source engine checked it against 46 official chapter reports: absences are the
 * equivalent absences A + floor(L / 3); referrals a week 1.5 / 1.2 / 0.8 / 0.6 earn 20 / 15 / 10 / 5; visitors
 * over the period 11 / 7 earn 15 / 10; one-to-ones a week 2 / 1 / 0.5 earn 15 / 10 / 5; CEUs over the period
 * 6 / 4 / 2 earn 15 / 10 / 5; closed business earns 15 / 10 / 5. The table we hold gives neither the points for
 * absences nor the closed-business amounts: the absence points (0 / 1 / 2 earn 20 / 15 / 10, so the whole is 100)
 * and the amounts (the classic table's) are ours, said in docs/scorecard.md for a chapter to set.
 */
const taiwan2026: RuleSet = {
  name: 'Taiwan 2026',
  windowMonths: 6,
  colours: CLASSIC_COLOURS,
  counting: {
    latesPerAbsence: 3,
    substitute: 'attended',
    medicalWeeks: 'countable',
    holidayWeeks: 'notCountable',
  },
  components: [
    component('absences', 'Equivalent absences', 'absences', 'period', [
      atMost(0, 20),
      atMost(1, 15),
      atMost(2, 10),
    ]),
    component('referrals', 'Referrals given', 'referralsGiven', 'week', [
      atLeast(1.5, 20),
      atLeast(1.2, 15),
      atLeast(0.8, 10),
      atLeast(0.6, 5),
    ]),
    component('visitors', 'Visitors', 'visitors', 'period', [atLeast(11, 15), atLeast(7, 10)]),
    component('one-to-ones', 'One-to-ones', 'oneToOnes', 'week', [
      atLeast(2, 15),
      atLeast(1, 10),
      atLeast(0.5, 5),
    ]),
    component('ceus', 'CEUs', 'educationUnits', 'period', [atLeast(6, 15), atLeast(4, 10), atLeast(2, 5)]),
    component('tyfcb', 'Closed business (TYFCB)', 'closedBusiness', 'period', [
      atLeast(5000, 15),
      atLeast(2500, 10),
      atLeast(1000, 5),
    ]),
  ],
};

export const PRESETS: Record<PresetKey, { rules: RuleSet; source: string }> = {
  'us-power-of-one': { rules: usPowerOfOne, source: 'BNI US "Power of One" member table' },
  'classic-traffic-lights': {
    rules: classicTrafficLights,
    source: 'BNI UK member traffic lights, 2012',
  },
  'taiwan-2026': {
    rules: taiwan2026,
    source: 'BNI Taiwan 2026, as checked against 46 official chapter reports',
  },
};
