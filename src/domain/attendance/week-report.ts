import { z } from 'zod';
import { centsToDecimal, parseCents } from '../money';
import { addDays } from './meeting-day';
import { ATTENDANCE_STATUSES, MEETING_STATES } from './status';

export * from './palms';

export const WEEK_REPORT_MESSAGES = {
  notClosed: "The week's report is ready once the week is closed",
} as const;

/**
 * The seven days a meeting's report covers, as the chapter's calendar dates: the six days before the
 * meeting and its day. Referrals dated in them are that week's.
 */
export const reportWeek = (meetingDate: string) => ({ from: addDays(meetingDate, -6), to: meetingDate });

/**
 * The figures each member has in a week, as BNI's PALMS summary counts them. Referrals given and received
 * are split inside (the other member is in the same chapter) and outside (another chapter, or a former member),
 * and summed; visitors are the first visits credited to them; one-to-ones the held ones dated in the week;
 * education units theirs dated in it; testimonials those they wrote.
 */
export const weekFiguresSchema = z.object({
  P: z.number(),
  A: z.number(),
  L: z.number(),
  M: z.number(),
  S: z.number(),
  givenInside: z.number(),
  givenOutside: z.number(),
  receivedInside: z.number(),
  receivedOutside: z.number(),
  referralsGiven: z.number(),
  referralsReceived: z.number(),
  visitors: z.number(),
  oneToOnes: z.number(),
  /** Closed business ("thank you for closing business") as a decimal string. */
  closedBusiness: z.string(),
  educationUnits: z.number(),
  testimonials: z.number(),
});
export type WeekFigures = z.infer<typeof weekFiguresSchema>;

export const weekReportRowSchema = weekFiguresSchema.extend({
  memberId: z.string(),
  memberName: z.string(),
  businessName: z.string().nullable(),
});
export type WeekReportRow = z.infer<typeof weekReportRowSchema>;

/** GET /api/meetings/:id/report: one closed meeting's PALMS report. */
export const weekReportSchema = z.object({
  meeting: z.object({
    id: z.string(),
    meetingDate: z.string(),
    chapterName: z.string(),
    closedAt: z.string().nullable(),
    /** How many times the week was closed; above 1 the report was corrected after a reopen. */
    edition: z.number(),
  }),
  week: z.object({ from: z.string(), to: z.string() }),
  rows: z.array(weekReportRowSchema),
  totals: weekFiguresSchema,
});
export type WeekReport = z.infer<typeof weekReportSchema>;

export const emptyWeekFigures = (): WeekFigures => ({
  P: 0,
  A: 0,
  L: 0,
  M: 0,
  S: 0,
  givenInside: 0,
  givenOutside: 0,
  receivedInside: 0,
  receivedOutside: 0,
  referralsGiven: 0,
  referralsReceived: 0,
  visitors: 0,
  oneToOnes: 0,
  closedBusiness: '0.00',
  educationUnits: 0,
  testimonials: 0,
});

/**
 * The report's columns in BNI's PALMS order, for the page, the print view and the CSV, whose header is
 * `short` exactly as BNI names them, so a chapter compares the two side by side.
 */
export const WEEK_REPORT_COLUMNS: ReadonlyArray<{ key: keyof WeekFigures; header: string; short: string }> = [
  { key: 'P', header: 'Present', short: 'P' },
  { key: 'A', header: 'Absent', short: 'A' },
  { key: 'L', header: 'Late', short: 'L' },
  { key: 'M', header: 'Medical', short: 'M' },
  { key: 'S', header: 'Substitute', short: 'S' },
  { key: 'givenInside', header: 'Referrals given inside the chapter', short: 'RGI' },
  { key: 'givenOutside', header: 'Referrals given outside the chapter', short: 'RGO' },
  { key: 'receivedInside', header: 'Referrals received inside the chapter', short: 'RRI' },
  { key: 'receivedOutside', header: 'Referrals received outside the chapter', short: 'RRO' },
  { key: 'visitors', header: 'Visitors', short: 'V' },
  { key: 'oneToOnes', header: 'One-to-ones', short: '1-2-1' },
  { key: 'closedBusiness', header: 'Closed business', short: 'TYFCB' },
  { key: 'educationUnits', header: 'Education units', short: 'CEU' },
  { key: 'testimonials', header: 'Testimonials', short: 'T' },
];

/** The CSV's name columns, as BNI's summary heads them. */
export const WEEK_REPORT_NAME_HEADERS = ['First Name', 'Last Name'] as const;

type CountColumn = Exclude<keyof WeekFigures, 'closedBusiness'>;
/** Every figure but the money, which is summed in whole cents. */
const COUNTED = (Object.keys(emptyWeekFigures()) as (keyof WeekFigures)[]).filter(
  (key): key is CountColumn => key !== 'closedBusiness',
);

/** The chapter's totals: every column summed (money in whole cents, so no float drift). */
export function sumWeekFigures(rows: readonly WeekFigures[]): WeekFigures {
  const totals = emptyWeekFigures();
  let cents = 0;
  for (const row of rows) {
    for (const key of COUNTED) totals[key] += row[key];
    cents += parseCents(row.closedBusiness) ?? 0;
  }
  totals.closedBusiness = centsToDecimal(cents);
  return totals;
}

/** GET /api/meetings/my-week: a member's own week on their dashboard. */
export const myWeekSchema = z.object({
  meeting: z
    .object({
      id: z.string(),
      meetingDate: z.string(),
      state: z.enum(MEETING_STATES),
    })
    .nullable(),
  week: z.object({ from: z.string(), to: z.string() }),
  /** Their status at the week's meeting, null while not recorded. */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  mine: z.object({
    referralsGiven: z.number(),
    referralsReceived: z.number(),
    closedBusiness: z.string(),
    /** Visitors they brought to the week's meeting (first visits credited to them). */
    visitors: z.number(),
    /** Held one-to-ones dated in the week (each counts for both members). */
    oneToOnes: z.number(),
    educationUnits: z.number(),
    /** Testimonials they wrote, dated in the week. */
    testimonials: z.number(),
  }),
  chapter: weekFiguresSchema,
});
export type MyWeek = z.infer<typeof myWeekSchema>;
