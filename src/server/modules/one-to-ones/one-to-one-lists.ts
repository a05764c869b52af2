import { and, eq, sql } from 'drizzle-orm';
import { absenceWindowStart } from '../../../domain/attendance/stats';
import { todayIn } from '../../../domain/dates';
import { displayName } from '../../../domain/members/display-name';
import {
  type OneToOne,
  type OneToOnePage,
  type OneToOneSummary,
  SUGGESTION_LIMIT,
  type Suggestion,
  TOP_EXCHANGE_INDUSTRIES,
} from '../../../domain/one-to-ones/contracts';
import type { PageRequest } from '../../../domain/paging';
import type { Actor } from '../../auth/session-store';
import { effectiveTimeZone } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import type { TextRow } from '../../db/cursor';
import { oneToOnes, referrals, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../http/keyset-cursor';
import { asMember, selectOneToOnes, toOneToOne } from './one-to-one-rows';

/** The member's own calendar: today in their chapter's time zone. */
async function todayOf(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: effectiveTimeZone(users.chapterId) })
    .from(users)
    .where(eq(users.id, userId));
  return todayIn(row?.timeZone);
}

/** GET /api/one-to-ones: a page of mine, newest first, keyset on (date, id). */
export async function listOneToOnes(db: Database, me: string, page: PageRequest): Promise<OneToOnePage> {
  const after = decodeCursor(page.cursor);
  const keyset = after
    ? sql`(${oneToOnes.metOn}, ${oneToOnes.id}) < (${after.date}::date, ${after.id}::uuid)`
    : undefined;
  const rows = await selectOneToOnes(db, me, keyset).limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map((row) => toOneToOne(row, me));
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > page.limit && last ? encodeCursor({ date: last.metOn, id: last.id }) : null,
  };
}

/** Every one-to-one of mine, a page at a time, for the export. */
export async function* allOneToOnes(db: Database, me: string): AsyncGenerator<OneToOne> {
  let cursor: string | undefined;
  do {
    const page = await listOneToOnes(db, me, { limit: 500, cursor });
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * The first day the scorecard's window counts from: six months back, the window attendance's absences use,
 * until rule sets of their own say otherwise.
 */
export const scoreWindowStart = absenceWindowStart;

/** GET /api/one-to-ones/summary: held ones this month, over the six-month window, and in all. One query. */
export async function oneToOneSummary(db: Database, me: string): Promise<OneToOneSummary> {
  const today = await todayOf(db, me);
  const monthStart = `${today.slice(0, 7)}-01`;
  const windowFrom = scoreWindowStart(today);
  const [row] = await db
    .select({
      thisMonth: sql<number>`count(*) filter (where ${oneToOnes.metOn} >= ${monthStart})`.mapWith(Number),
      lastSixMonths: sql<number>`count(*) filter (where ${oneToOnes.metOn} >= ${windowFrom})`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(oneToOnes)
    .where(and(asMember(me), eq(oneToOnes.status, 'held')));
  return {
    thisMonth: row?.thisMonth ?? 0,
    lastSixMonths: row?.lastSixMonths ?? 0,
    total: row?.total ?? 0,
    windowFrom,
  };
}

type SuggestionColumn =
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'businessName'
  | 'email'
  | 'industry'
  | 'lastMetOn'
  | 'exchanges';

/**
 * GET /api/one-to-ones/suggestions, "Who should I meet?": the members of my chapter I have not had a held
 * one-to-one with in the six-month window, those never met first (the longest-standing members first),
 * then the longest ago. Marked: members whose industry is among the few that exchanged the most approved
 * referrals with mine, anywhere in the network (read from the referrals of my industry's members, not the
 * whole table). One query.
 */
export async function suggestionsFor(db: Database, actor: Actor): Promise<Suggestion[]> {
  const today = await todayOf(db, actor.id);
  const windowFrom = scoreWindowStart(today);
  const me = actor.id;
  const { rows } = (await db.execute(sql`
    with me as (select u.id, u.chapter_id, u.industry from ${users} u where u.id = ${me}),
    last_met as (
      select case when o.member_a_id = ${me} then o.member_b_id else o.member_a_id end as other_id,
        max(o.met_on) as last_met
      from ${oneToOnes} o
      where (o.member_a_id = ${me} or o.member_b_id = ${me}) and o.status = 'held'
      group by 1
    ),
    exchanged as (
      select r.reporter_id as other_id from ${referrals} r
      join ${users} g on g.id = r.referrer_id
      where r.status = 'approved' and g.industry = (select industry from me)
      union all
      select r.referrer_id from ${referrals} r
      join ${users} g on g.id = r.reporter_id
      where r.status = 'approved' and g.industry = (select industry from me)
    ),
    -- Counted per member first, then each member's industry looked up by id: joining every referral to the
    -- whole members table instead made the planner hash all of it (twice the time on 10,000 members).
    top_industries as (
      select t.industry from (
        select (select o.industry from ${users} o where o.id = x.other_id) as industry, count(*) as n
        from exchanged x group by x.other_id
      ) t
      where t.industry is not null
      group by t.industry
      order by sum(t.n) desc, t.industry
      limit ${TOP_EXCHANGE_INDUSTRIES}
    )
    select u.id::text as id, u.first_name as "firstName", u.last_name as "lastName",
      u.business_name as "businessName", u.email, u.industry, l.last_met::text as "lastMetOn",
      (u.industry in (select industry from top_industries))::text as exchanges
    from ${users} u
    join me on u.chapter_id = me.chapter_id
    left join last_met l on l.other_id = u.id
    where u.id <> ${me} and u.role <> 'GUEST' and (l.last_met is null or l.last_met < ${windowFrom})
    order by l.last_met asc nulls first, u.created_at asc, u.id
    limit ${SUGGESTION_LIMIT}`)) as { rows: TextRow<SuggestionColumn>[] };
  return rows.map((r) => ({
    member: {
      id: r.id!,
      name: displayName(r),
      businessName: r.businessName,
      industry: r.industry,
    },
    lastMetOn: r.lastMetOn,
    exchangesWithMine: r.exchanges === 'true',
  }));
}
