import { max } from 'drizzle-orm';
import { zonedInstant } from '../../../domain/dates';
import {
  lastCompletedMonth,
  monthOf,
  monthsBetween,
  officialWindow,
} from '../../../domain/scorecard/windows';
import type { Database } from '../../db/client';
import { scoreSnapshots } from '../../db/schema';
import { allChapterSchedules, chapterToday } from '../meetings/meeting-settings';
import { rulesInForce } from './rule-sets';
import { scoreChapters } from './score-chapters';

/** After downtime the clock catches up at most this many months per chapter. */
export const MAX_CATCH_UP_MONTHS = 12;
const INSERT_CHUNK = 2_000;

/** The months a chapter owes: those after its last snapshot up to the one just completed, else only that one. */
export function monthsOwed(lastTaken: string | null, justCompleted: string): string[] {
  if (!lastTaken) return [justCompleted];
  return monthsBetween(monthOf(lastTaken, 1), justCompleted).slice(-MAX_CATCH_UP_MONTHS);
}

/**
 * The job clock's monthly scores (docs/scorecard.md): for every chapter, each month it owes is scored over its
 * official window by the rules in force when the month ended (in the chapter's time zone), for the members who
 * had joined by then, and kept. A member's month is one row written once (ON CONFLICT DO NOTHING), so a second
 * run, or two instances at once, add nothing. Returns how many scores it kept.
 */
export async function takeScoreSnapshots(db: Database, now = new Date()): Promise<number> {
  const schedules = await allChapterSchedules(db);
  const lastTaken = new Map(
    (
      await db
        .select({ chapterId: scoreSnapshots.chapterId, month: max(scoreSnapshots.month) })
        .from(scoreSnapshots)
        .groupBy(scoreSnapshots.chapterId)
    ).map((r) => [r.chapterId, r.month]),
  );
  // Chapters that owe the same month and share a time zone end it at the same instant: scored together.
  const groups = new Map<string, { month: string; end: Date; chapterIds: string[] }>();
  for (const schedule of schedules) {
    const owed = monthsOwed(
      lastTaken.get(schedule.chapterId) ?? null,
      lastCompletedMonth(chapterToday(schedule, now)),
    );
    for (const month of owed) {
      const key = `${month}|${schedule.timeZone}`;
      const group = groups.get(key) ?? {
        month,
        end: zonedInstant(monthOf(month, 1), '00:00', schedule.timeZone),
        chapterIds: [],
      };
      group.chapterIds.push(schedule.chapterId);
      groups.set(key, group);
    }
  }
  let kept = 0;
  for (const { month, end, chapterIds } of [...groups.values()].sort((a, b) =>
    a.month.localeCompare(b.month),
  )) {
    const rules = await rulesInForce(db, chapterIds, end);
    // Chapters whose rules have the same window are counted in one pass.
    const byWindow = new Map<number, string[]>();
    for (const id of chapterIds) {
      const months = rules.get(id)!.rules.windowMonths;
      byWindow.set(months, [...(byWindow.get(months) ?? []), id]);
    }
    for (const [windowMonths, ids] of byWindow) {
      const scored = await scoreChapters(db, ids, officialWindow(month, windowMonths), {
        joinedBefore: end,
        rules,
      });
      const rows = scored.map((s) => ({
        memberId: s.memberId,
        month,
        chapterId: s.chapterId,
        ruleVersion: s.ruleVersion,
        total: s.score.total,
        colour: s.score.colour,
        weeks: s.score.weeks,
        components: s.score.components,
      }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const written = await db
          .insert(scoreSnapshots)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .onConflictDoNothing()
          .returning({ memberId: scoreSnapshots.memberId });
        kept += written.length;
      }
    }
  }
  return kept;
}
