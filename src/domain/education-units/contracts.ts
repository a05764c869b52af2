import { z } from 'zod';
import { chapterDateSchema } from '../date-schema';
import { enteredBySchema } from '../members/entered-by-schema';
import { pageQuery, pageSchema } from '../paging';
import { requiredLine } from '../text';
import {
  EDUCATION_UNIT_KINDS,
  EDUCATION_UNIT_PAGE_SIZE,
  EDUCATION_UNIT_MESSAGES as M,
  MAX_EDUCATION_UNIT_PAGE_SIZE,
  MAX_UNIT_MINUTES,
  MIN_UNIT_MINUTES,
} from './messages';

export * from './messages';

const kind = z.enum(EDUCATION_UNIT_KINDS, { error: M.kindRequired });
const title = requiredLine(M.titleRequired, 200);
const minutes = z.coerce
  .number({ error: M.minutesInvalid })
  .int(M.minutesInvalid)
  .min(MIN_UNIT_MINUTES, M.minutesInvalid)
  .max(MAX_UNIT_MINUTES, M.minutesInvalid);

/** POST /api/education-units: one unit of the signed-in member's. */
export const recordEducationUnitSchema = z.strictObject({
  earnedOn: chapterDateSchema({ required: M.dateRequired, future: M.futureDate }),
  kind,
  title,
  minutes,
});
export type RecordEducationUnitInput = z.input<typeof recordEducationUnitSchema>;

/** POST /api/meetings/:id/education-units: a unit for everyone present at the meeting, dated its day. */
export const recordMeetingEducationSchema = z.strictObject({ kind, title, minutes });
export type RecordMeetingEducationInput = z.input<typeof recordMeetingEducationSchema>;

export const educationUnitSchema = z.object({
  id: z.string(),
  earnedOn: z.string(),
  kind: z.enum(EDUCATION_UNIT_KINDS),
  title: z.string(),
  minutes: z.number(),
  /** Recorded by leadership for a meeting (a chapter training), not by the member. */
  fromMeeting: z.boolean(),
  /** Leadership, when it keyed the unit in from the member's paper slip. */
  enteredBy: enteredBySchema,
  createdAt: z.string(),
});
export type EducationUnit = z.infer<typeof educationUnitSchema>;

export const educationUnitPageQuerySchema = pageQuery(EDUCATION_UNIT_PAGE_SIZE, MAX_EDUCATION_UNIT_PAGE_SIZE);
export const educationUnitPageSchema = pageSchema(educationUnitSchema).extend({
  /** Units this month and over the six-month window the scorecard counts. */
  thisMonth: z.number(),
  lastSixMonths: z.number(),
});
export type EducationUnitPage = z.infer<typeof educationUnitPageSchema>;

/** The meeting's answer: how many members got a unit now (a second time adds none for the same title). */
export const meetingEducationRecordedSchema = z.object({ recorded: z.number(), present: z.number() });
