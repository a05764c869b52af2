import { sql } from 'drizzle-orm';
import type { FollowUp, StageEvent, VisitorDetail } from '../../../domain/visitors/contracts';
import type { FollowUpOutcome, StageCause } from '../../../domain/visitors/pipeline';
import type { VisitorStage } from '../../../domain/visitors/status';
import { type Database, selectRows } from '../../db/client';
import { fullNameOf } from '../../db/name-sql';
import { listVisitors } from './visitor-queries';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

export interface FollowUpRow {
  id: string;
  visitor_id: string;
  first_name: string;
  last_name: string;
  business: string | null;
  phone: string | null;
  email: string;
  meeting_date: string;
  host_id: string | null;
  host_name: string | null;
  due_on: string;
  outcome: FollowUpOutcome | null;
  note: string | null;
  recorded_at: Date | null;
}

/** The columns of a follow-up as the lists show it: alias `f`, its visitor `p`, visit `vv`, meeting `m`, host `h`. */
export const FOLLOW_UP_COLUMNS = sql`f.id, f.visitor_id, p.first_name, p.last_name, p.business, p.phone, p.email,
  m.meeting_date::text as meeting_date, f.host_id, ${fullNameOf('h')} as host_name, f.due_on::text as due_on,
  f.outcome, f.note, f.recorded_at`;
export const FOLLOW_UP_FROM = sql`visitor_follow_ups f join visitors p on p.id = f.visitor_id
  join visitor_visits vv on vv.id = f.visit_id join meetings m on m.id = vv.meeting_id
  left join users h on h.id = f.host_id`;

export const toFollowUp = (r: FollowUpRow): FollowUp => ({
  id: r.id,
  visitorId: r.visitor_id,
  visitorName: `${r.first_name} ${r.last_name}`,
  business: r.business,
  phone: r.phone,
  email: r.email,
  meetingDate: r.meeting_date,
  hostId: r.host_id,
  hostName: r.host_name,
  dueOn: r.due_on,
  outcome: r.outcome,
  note: r.note,
  recordedAt: iso(r.recorded_at),
});

/** GET /api/visitors/:id: the visitor of this chapter, their moves, visits and calls, in five queries. */
export async function readVisitorDetail(
  db: Database,
  chapterId: string,
  id: string,
): Promise<VisitorDetail | null> {
  const [visitor] = await listVisitors(db, sql`p.id = ${id} and p.chapter_id = ${chapterId}`);
  if (!visitor) return null;
  const [extra] = await selectRows<{ note: string | null }>(
    db,
    sql`select note from visitors where id = ${id}`,
  );
  const history = await selectRows<{
    from_stage: VisitorStage | null;
    to_stage: VisitorStage;
    cause: StageCause;
    by_name: string | null;
    reason: string | null;
    created_at: Date;
  }>(
    db,
    sql`select e.from_stage, e.to_stage, e.cause, ${fullNameOf('u')} as by_name, e.reason, e.created_at
        from visitor_stage_events e left join users u on u.id = e.by_id
        where e.visitor_id = ${id} order by e.created_at, e.id`,
  );
  const visits = await selectRows<{
    id: string;
    meeting_date: string;
    checked_in_at: Date | null;
    credited_member_id: string | null;
    credited_name: string | null;
  }>(
    db,
    sql`select v.id, m.meeting_date::text as meeting_date, v.checked_in_at, v.credited_member_id,
          ${fullNameOf('u')} as credited_name
        from visitor_visits v join meetings m on m.id = v.meeting_id left join users u on u.id = v.credited_member_id
        where v.visitor_id = ${id} and v.cancelled_at is null order by m.meeting_date`,
  );
  const followUps = await selectRows<FollowUpRow>(
    db,
    sql`select ${FOLLOW_UP_COLUMNS} from ${FOLLOW_UP_FROM} where f.visitor_id = ${id} order by f.due_on, f.id`,
  );
  return {
    visitor,
    note: extra?.note ?? null,
    history: history.map(
      (h): StageEvent => ({
        fromStage: h.from_stage,
        toStage: h.to_stage,
        cause: h.cause,
        byName: h.by_name,
        reason: h.reason,
        at: iso(h.created_at)!,
      }),
    ),
    visits: visits.map((v) => ({
      id: v.id,
      meetingDate: v.meeting_date,
      checkedInAt: iso(v.checked_in_at),
      creditedMemberId: v.credited_member_id,
      creditedName: v.credited_name,
    })),
    followUps: followUps.map(toFollowUp),
  };
}
