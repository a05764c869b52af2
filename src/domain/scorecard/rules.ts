import { z } from 'zod';
import { lineText, requiredLine } from '../text';
import { COMPARISONS, SCORECARD_MESSAGES as M, MEASURES, PRESET_KEYS, RATES } from './vocabulary';

export * from './vocabulary';

/** One row of a published table: a value meeting the comparison earns the points. */
export const bandSchema = z.strictObject({
  when: z.enum(COMPARISONS, { error: M.comparisonRequired }),
  threshold: z.number({ error: M.thresholdInvalid }).min(0, M.thresholdInvalid).max(1e9, M.thresholdInvalid),
  points: z.int({ error: M.pointsInvalid }).min(0, M.pointsInvalid).max(100, M.pointsInvalid),
});
export type Band = z.output<typeof bandSchema>;

/**
 * One area of the score. Its bands are read top to bottom and the first the value meets gives the points (none
 * met: 0), so they run from the most points to the fewest and the first band's points are the maximum.
 */
export const componentSchema = z
  .strictObject({
    key: z.string({ error: M.keyRequired }).regex(/^[a-z0-9][a-z0-9-]{0,31}$/u, M.keyRequired),
    label: requiredLine(M.nameRequired, 60),
    measure: z.enum(MEASURES, { error: M.measureRequired }),
    per: z.enum(RATES, { error: M.rateRequired }),
    bands: z.array(bandSchema, { error: M.noBands }).min(1, M.noBands).max(8, M.tooManyBands),
    maximum: z.int({ error: M.pointsInvalid }).min(0, M.pointsInvalid).max(100, M.pointsInvalid),
  })
  .superRefine((component, ctx) => {
    const points = component.bands.map((b) => b.points);
    if (points.some((p, i) => i > 0 && p >= points[i - 1]!)) {
      ctx.addIssue({ code: 'custom', path: ['bands'], message: M.bandsOrder });
    }
    if (points[0] !== undefined && component.maximum !== points[0]) {
      ctx.addIssue({ code: 'custom', path: ['maximum'], message: M.maximumMismatch });
    }
  });
export type ScoreComponent = z.output<typeof componentSchema>;

const cutOff = z.number({ error: M.cutOffInvalid }).min(0, M.cutOffInvalid).max(1000, M.cutOffInvalid);

/**
 * A chapter's scoring rules as data: its components, the colour cut-offs (a total at or above green is green, and
 * so on; below red is grey), how the week's statuses count, and the window (the previous completed N months).
 */
export const ruleSetSchema = z
  .strictObject({
    name: requiredLine(M.nameRequired, 80),
    windowMonths: z.int({ error: M.windowMonths }).min(1, M.windowMonths).max(12, M.windowMonths),
    colours: z.strictObject({ green: cutOff, yellow: cutOff, red: cutOff }),
    counting: z.strictObject({
      /** Every N lates count as one absence (Taiwan: 3); null: a late is never an absence. */
      latesPerAbsence: z
        .int({ error: M.latesPerAbsence })
        .min(1, M.latesPerAbsence)
        .max(10, M.latesPerAbsence)
        .nullable(),
      /** A week a substitute came: attended (the usual rule) or an absence. */
      substitute: z.enum(['attended', 'absence']),
      /** Whether a medical (excused) week counts among the weeks a weekly rate divides by. It is never an absence. */
      medicalWeeks: z.enum(['countable', 'notCountable']),
      /** Whether a holiday week counts among those weeks. */
      holidayWeeks: z.enum(['countable', 'notCountable']),
    }),
    components: z
      .array(componentSchema, { error: M.noComponents })
      .min(1, M.noComponents)
      .max(12, M.tooManyComponents),
  })
  .superRefine((rules, ctx) => {
    const { green, yellow, red } = rules.colours;
    if (!(green > yellow && yellow > red)) {
      ctx.addIssue({ code: 'custom', path: ['colours'], message: M.cutOffOrder });
    }
    const seen = new Set<string>();
    rules.components.forEach((component, i) => {
      if (seen.has(component.key)) {
        ctx.addIssue({ code: 'custom', path: ['components', i, 'key'], message: M.keyRepeated });
      }
      seen.add(component.key);
    });
  });
export type RuleSet = z.output<typeof ruleSetSchema>;
export type RuleSetInput = z.input<typeof ruleSetSchema>;

/** PUT /api/scorecard/rules: a chapter's new rules and why they change (kept in the audit log). */
export const ruleChangeSchema = z.strictObject({
  rules: ruleSetSchema,
  reason: requiredLine(M.reasonRequired, 200),
});
export type RuleChangeInput = z.input<typeof ruleChangeSchema>;

export const presetKeySchema = z.enum(PRESET_KEYS, { error: M.presetUnknown });

/** The rules in force for a chapter: its latest version, or the built-in default (version 0). */
export const chapterRulesSchema = z.object({
  version: z.number(),
  rules: ruleSetSchema,
  preset: presetKeySchema.nullable(),
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  reason: lineText(200).nullable(),
});
export type ChapterRules = z.output<typeof chapterRulesSchema>;

export const presetsSchema = z.array(
  z.object({ key: presetKeySchema, rules: ruleSetSchema, source: z.string() }),
);
