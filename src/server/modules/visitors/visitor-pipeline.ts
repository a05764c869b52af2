import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { BOARD_STAGE_SIZE, type VisitorBoard, type VisitorFunnel } from '../../../domain/visitors/contracts';
import { VISITOR_STAGE_LABELS } from '../../../domain/visitors/pipeline';
import { quarterDays } from '../../../domain/visitors/quarter';
import { VISITOR_STAGES, type VisitorStage } from '../../../domain/visitors/status';
import { effectiveTimeZone } from '../../db/chapter-settings';
import { type Database, selectRows } from '../../db/client';
import { forEachBatch } from '../../db/cursor';
import { fullNameOf } from '../../db/name-sql';
import { sendCsv } from '../../http/csv';
import { toVisitor, VISITOR_COLUMNS, type VisitorRow } from './visitor-queries';

/**
 * GET /api/visitors/board: every stage's count and its newest visitors (a dozen each), in one query: a window
 * numbers each stage's visitors newest first (visitors_chapter_stage_idx), so nothing grows with the chapter
 * but the counts.
 */
export async function visitorBoard(db: Database, chapterId: string): Promise<VisitorBoard> {
  const rows = await selectRows<VisitorRow & { stage_count: number }>(
    db,
    sql`select * from (
          select ${VISITOR_COLUMNS}, count(*) over (partition by p.stage)::int as stage_count,
            row_number() over (partition by p.stage order by p.updated_at desc, p.id desc) as place
          from visitors p left join users u on u.id = p.invited_by_id
          where p.chapter_id = ${chapterId}
        ) ranked where place <= ${BOARD_STAGE_SIZE}
        order by place`,
  );
  return VISITOR_STAGES.map((stage) => {
    const of = rows.filter((r) => r.stage === stage);
    return { stage, count: of[0]?.stage_count ?? 0, visitors: of.map(toVisitor) };
  });
}

/**
 * GET /api/visitors/funnel: the quarter's visitors who reached each stage (by the kept moves, dated in the
 * chapter's calendar), for the chapter and per inviting member. A visitor counts once per stage.
 */
export async function visitorFunnel(
  db: Database,
  chapterId: string,
  quarter: string,
): Promise<VisitorFunnel> {
  const { from, to } = quarterDays(quarter);
  const rows = await selectRows<{
    member_id: string | null;
    name: string | null;
    registered: number;
    attended: number;
    applied: number;
    member: number;
  }>(
    db,
    sql`with moves as (
          select distinct e.visitor_id, e.to_stage from visitor_stage_events e
          where e.chapter_id = ${chapterId}
            and (e.created_at at time zone ${effectiveTimeZone(sql`${chapterId}::uuid`)})::date between ${from} and ${to}
            and e.to_stage in ('registered', 'attended', 'applied', 'member')
        )
        select p.invited_by_id as member_id, ${fullNameOf('u')} as name,
          count(*) filter (where m.to_stage = 'registered')::int as registered,
          count(*) filter (where m.to_stage = 'attended')::int as attended,
          count(*) filter (where m.to_stage = 'applied')::int as applied,
          count(*) filter (where m.to_stage = 'member')::int as member
        from moves m join visitors p on p.id = m.visitor_id left join users u on u.id = p.invited_by_id
        group by p.invited_by_id, u.first_name, u.last_name
        order by count(*) filter (where m.to_stage = 'attended') desc, name nulls last`,
  );
  const sum = (key: 'registered' | 'attended' | 'applied' | 'member') => rows.reduce((n, r) => n + r[key], 0);
  return {
    quarter,
    from,
    to,
    chapter: {
      registered: sum('registered'),
      attended: sum('attended'),
      applied: sum('applied'),
      member: sum('member'),
    },
    byInviter: rows.map((r) => ({
      memberId: r.member_id,
      name: r.member_id ? (r.name ?? 'Former member') : 'No inviter (came on their own)',
      registered: r.registered,
      attended: r.attended,
      applied: r.applied,
      member: r.member,
    })),
  };
}

type ExportColumn =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'business'
  | 'industry'
  | 'stage'
  | 'source'
  | 'invited_by'
  | 'visits'
  | 'attended'
  | 'created_on';

/** GET /api/visitors/export.csv: the chapter's visitors, streamed from a cursor, formula-safe. */
export function sendVisitorsCsv(reply: FastifyReply, db: Database, chapterId: string) {
  const query = sql`select p.first_name, p.last_name, p.email, p.phone, p.business, p.industry, p.stage, p.source,
      ${fullNameOf('u')} as invited_by,
      (select count(*) from visitor_visits v where v.visitor_id = p.id and v.cancelled_at is null)::text as visits,
      (select count(*) from visitor_visits v where v.visitor_id = p.id and v.checked_in_at is not null)::text as attended,
      (p.created_at at time zone ${effectiveTimeZone(sql`p.chapter_id`)})::date::text as created_on
    from visitors p left join users u on u.id = p.invited_by_id
    where p.chapter_id = ${chapterId}
    order by p.created_at, p.id`;
  type Line = Partial<Record<ExportColumn, string | null>>;
  const column = (header: string, key: ExportColumn) => ({ header, value: (l: Line) => l[key] ?? '' });
  return sendCsv<Line>(
    reply,
    'visitors.csv',
    [
      column('First name', 'first_name'),
      column('Last name', 'last_name'),
      column('Email', 'email'),
      column('Phone', 'phone'),
      column('Business', 'business'),
      column('Industry', 'industry'),
      { header: 'Stage', value: (l) => VISITOR_STAGE_LABELS[l.stage as VisitorStage] ?? l.stage },
      column('Source', 'source'),
      column('Invited by', 'invited_by'),
      column('Visits', 'visits'),
      column('Attended', 'attended'),
      column('Registered on', 'created_on'),
    ],
    (emit) => forEachBatch<ExportColumn>(db, query, (batch) => emit(batch)),
  );
}
