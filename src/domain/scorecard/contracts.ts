import { z } from 'zod';
import { MEASURES, RATES, SCORE_COLOURS } from './vocabulary';

export * from './rules';

export const SCORE_RECORD_KINDS = [
  'meeting',
  'referral',
  'oneToOne',
  'educationUnit',
  'testimonial',
  'visitor',
  'imported',
] as const;

/** At most this many records open behind one component (newest first); `truncated` says there were more. */
export const MAX_SCORE_RECORDS = 200;

const windowSchema = z.object({ from: z.string(), to: z.string() });

export const componentScoreSchema = z.object({
  key: z.string(),
  label: z.string(),
  measure: z.enum(MEASURES),
  per: z.enum(RATES),
  count: z.number(),
  value: z.number(),
  points: z.number(),
  maximum: z.number(),
});

export const memberScoreSchema = z.object({
  components: z.array(componentScoreSchema),
  total: z.number(),
  maximum: z.number(),
  colour: z.enum(SCORE_COLOURS),
  weeks: z.number(),
});

/** A month's kept official score: its window ends with `month`. */
export const officialScoreSchema = z.object({
  month: z.string(),
  ruleVersion: z.number(),
  total: z.number(),
  colour: z.enum(SCORE_COLOURS),
  weeks: z.number(),
  components: z.array(componentScoreSchema),
});

/**
 * GET /api/scorecard/members/:id: the live score of the months so far, by the chapter's rules in force, beside the
 * latest official (kept) month, null before the first is taken.
 */
export const liveScoreSchema = z.object({
  memberId: z.string(),
  window: windowSchema,
  ruleVersion: z.number(),
  rulesName: z.string(),
  score: memberScoreSchema,
  official: officialScoreSchema.nullable(),
});
export type LiveScore = z.infer<typeof liveScoreSchema>;

export const scoreRecordSchema = z.object({
  kind: z.enum(SCORE_RECORD_KINDS),
  id: z.string(),
  date: z.string(),
  description: z.string(),
  /** How much of the component's count this record is (an imported period's count, a week's one). */
  counts: z.number(),
  amount: z.string().nullable(),
});
export type ScoreRecord = z.infer<typeof scoreRecordSchema>;

/** GET /api/scorecard/members/:id/components/:key: the records behind one component's points. */
export const componentRecordsSchema = z.object({
  component: componentScoreSchema,
  window: windowSchema,
  records: z.array(scoreRecordSchema),
  truncated: z.boolean(),
});
export type ComponentRecords = z.infer<typeof componentRecordsSchema>;
