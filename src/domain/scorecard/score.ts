import type { Band, RuleSet } from './rules';
import type { Measure, Rate, ScoreColour } from './vocabulary';

// No zod here: a member's page scores their counts as it draws.

/**
 * A member's counts over a window: the closed weeks' statuses (medical is stored as excused), the chapter's holiday
 * weeks, and the slips both parties stand behind. Closed business is the amount the member thanked others for, in
 * the chapter's currency.
 */
export interface MemberCounts {
  present: number;
  absent: number;
  late: number;
  medical: number;
  substitute: number;
  holidays: number;
  referralsGiven: number;
  visitors: number;
  oneToOnes: number;
  educationUnits: number;
  testimonials: number;
  closedBusiness: number;
}

export const NO_COUNTS: MemberCounts = {
  present: 0,
  absent: 0,
  late: 0,
  medical: 0,
  substitute: 0,
  holidays: 0,
  referralsGiven: 0,
  visitors: 0,
  oneToOnes: 0,
  educationUnits: 0,
  testimonials: 0,
  closedBusiness: 0,
};

export interface ComponentScore {
  key: string;
  label: string;
  measure: Measure;
  per: Rate;
  /** The measure's count over the window, before any rate. */
  count: number;
  /** What the bands read: the count, or its rate per countable week or per month. */
  value: number;
  points: number;
  maximum: number;
}

export interface MemberScore {
  components: ComponentScore[];
  total: number;
  maximum: number;
  colour: ScoreColour;
  /** The weeks a weekly rate divides by. */
  weeks: number;
}

/** The weeks a weekly rate divides by: every closed week with a status, less those the rules leave out. */
export function countableWeeks(counts: MemberCounts, rules: RuleSet): number {
  const { medicalWeeks, holidayWeeks } = rules.counting;
  return (
    counts.present +
    counts.absent +
    counts.late +
    counts.substitute +
    (medicalWeeks === 'countable' ? counts.medical : 0) +
    (holidayWeeks === 'countable' ? counts.holidays : 0)
  );
}

/** A measure's count: a late is attended but may add to absences; a substitute is attended unless the rules say not. */
export function measureCount(measure: Measure, counts: MemberCounts, rules: RuleSet): number {
  const { latesPerAbsence, substitute } = rules.counting;
  const substituteAttends = substitute === 'attended';
  switch (measure) {
    case 'attendance':
      return counts.present + counts.late + (substituteAttends ? counts.substitute : 0);
    case 'absences':
      return (
        counts.absent +
        (substituteAttends ? 0 : counts.substitute) +
        (latesPerAbsence ? Math.floor(counts.late / latesPerAbsence) : 0)
      );
    case 'lates':
      return counts.late;
    default:
      return counts[measure];
  }
}

function meets(band: Band, value: number): boolean {
  switch (band.when) {
    case 'atLeast':
      return value >= band.threshold;
    case 'above':
      return value > band.threshold;
    case 'atMost':
      return value <= band.threshold;
    case 'below':
      return value < band.threshold;
  }
}

/** The points of the first band the value meets; none met earns nothing. */
export const pointsFor = (bands: readonly Band[], value: number): number =>
  bands.find((band) => meets(band, value))?.points ?? 0;

export function colourOf(total: number, colours: RuleSet['colours']): ScoreColour {
  if (total >= colours.green) return 'green';
  if (total >= colours.yellow) return 'yellow';
  if (total >= colours.red) return 'red';
  return 'grey';
}

/** A member's score by a rule set: each component's points, the total and its colour. Pure. */
export function scoreMember(counts: MemberCounts, rules: RuleSet): MemberScore {
  const weeks = countableWeeks(counts, rules);
  const components = rules.components.map((c): ComponentScore => {
    const count = measureCount(c.measure, counts, rules);
    const value =
      c.per === 'week'
        ? weeks === 0
          ? 0
          : count / weeks
        : c.per === 'month'
          ? count / rules.windowMonths
          : count;
    return {
      key: c.key,
      label: c.label,
      measure: c.measure,
      per: c.per,
      count,
      value,
      points: pointsFor(c.bands, value),
      maximum: c.maximum,
    };
  });
  const total = components.reduce((sum, c) => sum + c.points, 0);
  return {
    components,
    total,
    maximum: components.reduce((sum, c) => sum + c.maximum, 0),
    colour: colourOf(total, rules.colours),
    weeks,
  };
}
