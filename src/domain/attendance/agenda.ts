import { z } from 'zod';
import { lineText } from '../text';

/** The meeting's agenda: segments with minutes, run as a timer the president advances. */
export const AGENDA_MESSAGES = {
  titleRequired: 'Name each part of the agenda',
  minutesInvalid: 'Give each part between 1 and 180 minutes',
  segmentsRequired: 'The agenda needs at least one part',
  tooManySegments: 'An agenda has at most 20 parts',
  notOpen: 'Open the meeting to run its agenda',
  notStarted: 'Start the agenda first',
} as const;

export const agendaSegmentSchema = z.strictObject({
  title: lineText(80).refine((v) => v.length > 0, AGENDA_MESSAGES.titleRequired),
  minutes: z
    .number({ error: AGENDA_MESSAGES.minutesInvalid })
    .int(AGENDA_MESSAGES.minutesInvalid)
    .min(1, AGENDA_MESSAGES.minutesInvalid)
    .max(180, AGENDA_MESSAGES.minutesInvalid),
});
export type AgendaSegment = z.infer<typeof agendaSegmentSchema>;

export const agendaSchema = z
  .array(agendaSegmentSchema)
  .min(1, AGENDA_MESSAGES.segmentsRequired)
  .max(20, AGENDA_MESSAGES.tooManySegments);

/** PUT /api/meetings/agenda: the acting chapter's template. */
export const agendaTemplateSchema = z.strictObject({ agenda: agendaSchema });

/** A weekly referral meeting as chapters run it, until a chapter writes its own. */
export const DEFAULT_AGENDA: AgendaSegment[] = [
  { title: 'Open networking', minutes: 15 },
  { title: 'Welcome and announcements', minutes: 5 },
  { title: '60-second presentations', minutes: 25 },
  { title: 'Feature presentation', minutes: 10 },
  { title: 'Referral passing', minutes: 15 },
  { title: 'Close', minutes: 5 },
];

export const AGENDA_ACTIONS = ['start', 'next', 'back', 'stop'] as const;
export const agendaActionSchema = z.strictObject({
  action: z.enum(AGENDA_ACTIONS, { error: 'Choose start, next, back or stop' }),
});

/** The timer as the server keeps it: what runs and since when, with the server's clock to tick from. */
export const agendaStateSchema = z.object({
  agenda: z.array(agendaSegmentSchema),
  /** Index of the running part; agenda.length once finished; null before the start. */
  segment: z.number().nullable(),
  segmentStartedAt: z.string().nullable(),
  serverNow: z.string(),
});
export type AgendaState = z.infer<typeof agendaStateSchema>;

export interface AgendaClock {
  /** idle: not started; running: a part is on; finished: past the last part. */
  phase: 'idle' | 'running' | 'finished';
  current: AgendaSegment | null;
  next: AgendaSegment | null;
  /** Seconds left in the running part; below zero once it overruns. */
  remainingSeconds: number;
  /** "Part 2 of 6" */
  position: string;
}

/**
 * Where the timer stands at `now`: the running part, its seconds left (negative when over time) and the part
 * after it. The server keeps only the segment and its start, so every screen shows the same time.
 */
export function agendaClock(
  agenda: AgendaSegment[],
  segment: number | null,
  segmentStartedAt: Date | null,
  now: Date,
): AgendaClock {
  if (segment === null || !segmentStartedAt) {
    return { phase: 'idle', current: null, next: agenda[0] ?? null, remainingSeconds: 0, position: '' };
  }
  const current = agenda[segment];
  if (!current) {
    return { phase: 'finished', current: null, next: null, remainingSeconds: 0, position: '' };
  }
  const elapsed = Math.floor((now.getTime() - segmentStartedAt.getTime()) / 1000);
  return {
    phase: 'running',
    current,
    next: agenda[segment + 1] ?? null,
    remainingSeconds: current.minutes * 60 - elapsed,
    position: `Part ${segment + 1} of ${agenda.length}`,
  };
}

/** "4:05", "0:09", "-1:30" (over time). */
export function formatCountdown(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const abs = Math.abs(seconds);
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** The segment after an action, from where the timer stands (back stops at the first part). */
export function nextAgendaSegment(
  action: (typeof AGENDA_ACTIONS)[number],
  segment: number | null,
  length: number,
): number | null {
  if (action === 'start') return 0;
  if (action === 'stop') return null;
  if (segment === null) return null;
  if (action === 'next') return Math.min(segment + 1, length);
  return Math.max(segment - 1, 0);
}
