import type { AttendanceStatus } from './status';

// No zod here: the dashboard's first tab prints a week's PALMS line as it starts.

/** PALMS: the letter each status is counted under (Medical is stored as "excused", docs/product.md). */
export const PALMS_LETTERS = ['P', 'A', 'L', 'M', 'S'] as const;
export type PalmsLetter = (typeof PALMS_LETTERS)[number];
export const PALMS_LETTER_OF: Record<AttendanceStatus, PalmsLetter> = {
  present: 'P',
  absent: 'A',
  late: 'L',
  excused: 'M',
  substitute: 'S',
};

/** "14 present, 2 absent, 1 late, 1 medical, 0 substitutes" for a week's totals. */
export const palmsLine = (t: Readonly<Record<PalmsLetter, number>>) =>
  `${t.P} present, ${t.A} absent, ${t.L} late, ${t.M} medical, ${t.S} ${t.S === 1 ? 'substitute' : 'substitutes'}`;
