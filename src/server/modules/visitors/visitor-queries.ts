import { type SQL, sql } from 'drizzle-orm';
import type { Visitor } from '../../../domain/visitors/contracts';
import type { VisitorSource, VisitorStage } from '../../../domain/visitors/status';
import { type Database, selectRows } from '../../db/client';
import { fullNameOf } from '../../db/name-sql';

/** A page of visitors is never longer than this: a chapter sees a few a week. */
export const VISITOR_LIST_SIZE = 100;

export interface VisitorRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  business: string | null;
  industry: string | null;
  stage: VisitorStage;
  source: VisitorSource;
  invited_by_name: string | null;
  meetings: string[];
  open_seat: boolean | null;
  created_at: Date;
}

/**
 * The columns of a visitor as the lists show them (alias `p`, its inviter `u`): their meetings' dates, and
 * whether their industry has no member in the chapter yet (the seat they would fill).
 */
export const VISITOR_COLUMNS = sql`p.id, p.first_name, p.last_name, p.email, p.phone, p.business, p.industry,
  p.stage, p.source, ${fullNameOf('u')} as invited_by_name, p.created_at,
  coalesce((select array_agg(m.meeting_date::text order by m.meeting_date) from visitor_visits v
    join meetings m on m.id = v.meeting_id where v.visitor_id = p.id and v.cancelled_at is null), '{}') as meetings,
  case when p.industry is null then null else not exists (select 1 from users s where s.chapter_id = p.chapter_id
    and s.role <> 'GUEST' and lower(s.industry) = lower(p.industry)) end as open_seat`;

/** Visitors `where` picks (alias `p`), newest first, each with their meetings' dates: one query. */
export async function listVisitors(db: Database, where: SQL, limit = VISITOR_LIST_SIZE): Promise<Visitor[]> {
  const rows = await selectRows<VisitorRow>(
    db,
    sql`select ${VISITOR_COLUMNS}
        from visitors p left join users u on u.id = p.invited_by_id
        where ${where}
        order by p.created_at desc, p.id desc limit ${limit}`,
  );
  return rows.map(toVisitor);
}

export const toVisitor = (r: VisitorRow): Visitor => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  business: r.business,
  industry: r.industry,
  stage: r.stage,
  source: r.source,
  invitedByName: r.invited_by_name,
  meetings: r.meetings,
  openSeat: r.open_seat,
  createdAt: new Date(r.created_at).toISOString(),
});

/** How many members a chapter's pickers list ("who invited you", the visitor hosts): a chapter is far smaller. */
const MEMBER_CHOICES = 300;

/** A chapter's named members (guests aside) by name, each with whether they host visitors. */
export async function listChapterMembers(db: Database, chapterId: string) {
  const rows = await selectRows<{
    id: string;
    name: string;
    visitor_host: boolean;
    chapter_president: boolean;
  }>(
    db,
    sql`select id, trim(concat_ws(' ', first_name, last_name)) as name, visitor_host, chapter_president from users
        where chapter_id = ${chapterId} and role <> 'GUEST' and coalesce(first_name, last_name) is not null
        order by lower(first_name), lower(last_name), id limit ${MEMBER_CHOICES}`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    visitorHost: r.visitor_host,
    president: r.chapter_president,
  }));
}

/** The visitors a member invited (Referral Metrics' "My visitors"). */
export const listMyVisitors = (db: Database, memberId: string) =>
  listVisitors(db, sql`p.invited_by_id = ${memberId}`);

/** A chapter's visitors (of one stage, when asked), for its leadership. */
export const listChapterVisitors = (db: Database, chapterId: string, stage?: VisitorStage) =>
  listVisitors(
    db,
    stage ? sql`p.chapter_id = ${chapterId} and p.stage = ${stage}` : sql`p.chapter_id = ${chapterId}`,
  );
