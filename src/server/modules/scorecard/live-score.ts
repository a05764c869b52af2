import { and, desc, eq, ne } from 'drizzle-orm';
import { todayIn } from '../../../domain/dates';
import { MEMBER_MESSAGES } from '../../../domain/members/contracts';
import { MESSAGES } from '../../../domain/messages';
import type { LiveScore } from '../../../domain/scorecard/contracts';
import { canReadScoreOf } from '../../../domain/scorecard/policy';
import type { ScoreColour } from '../../../domain/scorecard/vocabulary';
import { liveWindow, type MonthWindow } from '../../../domain/scorecard/windows';
import type { SessionUser } from '../../auth/session-store';
import { chapterScopeOf, inChapterScope } from '../../db/chapter-scope';
import { effectiveTimeZone } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { scoreSnapshots, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import { type RulesInForce, rulesInForce } from './rule-sets';
import { scoreChapters } from './score-chapters';

export interface ScoredWindow {
  chapterId: string;
  inForce: RulesInForce;
  window: MonthWindow;
}

/**
 * Whose live score the actor may read, and over what: their own, or (leadership) a member of a chapter they see;
 * anyone else's is 403 for a member and 404 outside the leader's chapters. The window is the chapter's current
 * month so far and the months before it, as many as its rules in force say.
 */
export async function liveWindowOf(
  db: Database,
  user: SessionUser,
  memberId: string,
  now: Date,
): Promise<ScoredWindow> {
  if (!canReadScoreOf(user, memberId)) throw forbidden(MESSAGES.forbidden);
  const [member] = await db
    .select({ chapterId: users.chapterId, timeZone: effectiveTimeZone(users.chapterId) })
    .from(users)
    .where(
      and(
        eq(users.id, memberId),
        ne(users.role, 'GUEST'),
        inChapterScope(chapterScopeOf(user), users.chapterId),
      ),
    );
  if (!member?.chapterId) throw notFound(MEMBER_MESSAGES.memberNotFound);
  const inForce = (await rulesInForce(db, [member.chapterId])).get(member.chapterId)!;
  return {
    chapterId: member.chapterId,
    inForce,
    window: liveWindow(todayIn(member.timeZone, now), inForce.rules.windowMonths),
  };
}

/** GET /api/scorecard/members/:id: the member's score over the months so far, beside their latest kept month. */
export async function liveScore(
  db: Database,
  user: SessionUser,
  memberId: string,
  now = new Date(),
): Promise<LiveScore> {
  const { chapterId, inForce, window } = await liveWindowOf(db, user, memberId, now);
  const [scored] = await scoreChapters(db, [chapterId], window, {
    memberId,
    rules: new Map([[chapterId, inForce]]),
  });
  if (!scored) throw notFound(MEMBER_MESSAGES.memberNotFound);
  // The latest kept month, read by the snapshots' primary key (member, month).
  const [official] = await db
    .select({
      month: scoreSnapshots.month,
      ruleVersion: scoreSnapshots.ruleVersion,
      total: scoreSnapshots.total,
      colour: scoreSnapshots.colour,
      weeks: scoreSnapshots.weeks,
      components: scoreSnapshots.components,
    })
    .from(scoreSnapshots)
    .where(eq(scoreSnapshots.memberId, memberId))
    .orderBy(desc(scoreSnapshots.month))
    .limit(1);
  return {
    official: official ? { ...official, colour: official.colour as ScoreColour } : null,
    memberId,
    window,
    ruleVersion: inForce.version,
    rulesName: inForce.rules.name,
    score: scored.score,
  };
}
