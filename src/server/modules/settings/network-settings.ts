import { and, count, isNotNull, ne, sql } from 'drizzle-orm';
import { centsToDecimal } from '../../../domain/money';
import { DEFAULT_ANNUAL_DUES } from '../../../domain/network/constants';
import type { Actor } from '../../auth/session-store';
import { type ChapterScope, inChapterScope } from '../../db/chapter-scope';
import { effectiveDefaultDues, readChapterDefault } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { changeChapterDefault } from './change-default';

/**
 * The dues a member's Network ROI is measured against: their chapter's default, else the agency's, else the
 * built-in $400 (docs/decisions/0032). An agency administrator of no chapter reads the agency's.
 */
export async function readNetworkSettings(db: Database, actor: { chapterId: string | null }) {
  const dues = await readChapterDefault(db, actor.chapterId, effectiveDefaultDues);
  return { defaultAnnualDues: dues, effectiveDefaultDues: dues ?? centsToDecimal(DEFAULT_ANNUAL_DUES * 100) };
}

/**
 * PUT /api/settings/network/dues: the actor's chapter's default (the agency's for an agency administrator
 * of none), written with its audit entry.
 */
export async function updateDefaultDues(db: Database, actor: Actor, input: { defaultAnnualDues: string }) {
  const current = await changeChapterDefault(db, actor, {
    key: 'defaultAnnualDues',
    value: input.defaultAnnualDues,
    action: 'dues.changed',
    subject: 'Default annual dues',
  });
  return readNetworkSettings(db, current);
}

/** Non-guest members with and without their own dues override, as counts and whole percentages. */
export async function duesStatistics(db: Database, scope: ChapterScope) {
  const [row] = await db
    .select({
      members: count(),
      withOverride: sql<number>`count(*) filter (where ${isNotNull(users.annualDuesOverride)} and ${users.annualDuesOverride} > 0)::int`,
    })
    .from(users)
    .where(and(ne(users.role, 'GUEST'), inChapterScope(scope, users.chapterId)));
  const members = row?.members ?? 0;
  const withOverride = Number(row?.withOverride ?? 0);
  const percent = (n: number) => (members === 0 ? 0 : Math.round((n * 100) / members));
  return {
    members,
    withOverride,
    withoutOverride: members - withOverride,
    withOverridePercent: percent(withOverride),
    withoutOverridePercent: percent(members - withOverride),
  };
}
