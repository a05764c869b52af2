import { type MemberScore, scoreMember } from '../../../domain/scorecard/score';
import type { MonthWindow } from '../../../domain/scorecard/windows';
import type { Database, Transaction } from '../../db/client';
import { memberCountsOver } from './member-counts';
import { type RulesInForce, rulesInForce } from './rule-sets';

export interface ScoredMember {
  memberId: string;
  chapterId: string;
  ruleVersion: number;
  score: MemberScore;
}

/**
 * Every scored member of the given chapters over one window, each by their chapter's rules in force (at
 * `rulesBefore`, or now): three queries for any number of chapters and members (the rules, the summed monthly
 * totals, the holiday weeks), then the domain's one scoring function per member.
 */
export async function scoreChapters(
  db: Database | Transaction,
  chapterIds: readonly string[],
  window: MonthWindow,
  options: {
    joinedBefore?: Date;
    rulesBefore?: Date;
    memberId?: string;
    rules?: Map<string, RulesInForce>;
  },
): Promise<ScoredMember[]> {
  const rules = options.rules ?? (await rulesInForce(db, chapterIds, options.rulesBefore));
  const members = await memberCountsOver(db, chapterIds, window, options.joinedBefore, options.memberId);
  return members.map((m) => {
    const inForce = rules.get(m.chapterId);
    if (!inForce) throw new Error(`No rules for chapter ${m.chapterId}`);
    return {
      memberId: m.memberId,
      chapterId: m.chapterId,
      ruleVersion: inForce.version,
      score: scoreMember(m.counts, inForce.rules),
    };
  });
}
