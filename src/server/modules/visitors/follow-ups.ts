import { sql } from 'drizzle-orm';
import { hasRole } from '../../../domain/roles/roles';
import type { FollowUp, FollowUpWaiting, RecordFollowUp } from '../../../domain/visitors/contracts';
import { VISITOR_MESSAGES as M } from '../../../domain/visitors/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { effectiveTimeZone } from '../../db/chapter-settings';
import { type Database, selectRows } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { FOLLOW_UP_COLUMNS, FOLLOW_UP_FROM, type FollowUpRow, toFollowUp } from './visitor-detail';
import { advanceVisitor } from './visitor-stages';

/** A list of calls is never longer than this: a host has a few a month, a chapter a few a week. */
const FOLLOW_UP_LIST_SIZE = 100;

/** The chapter's calendar day now, for the calls of alias `f`. */
const chapterToday = sql`(now() at time zone ${effectiveTimeZone(sql`f.chapter_id`)})::date`;

/** GET /api/visitors/follow-ups/mine: my open calls, soonest due first, then the ones I recorded lately. */
export async function listMyFollowUps(db: Database, userId: string): Promise<FollowUp[]> {
  const rows = await selectRows<FollowUpRow>(
    db,
    sql`select ${FOLLOW_UP_COLUMNS} from ${FOLLOW_UP_FROM}
        where f.host_id = ${userId} and (f.recorded_at is null or f.recorded_at > now() - interval '14 days')
        order by f.recorded_at is not null, f.due_on, f.id limit ${FOLLOW_UP_LIST_SIZE}`,
  );
  return rows.map(toFollowUp);
}

/** GET /api/visitors/follow-ups (leadership): the chapter's open calls, soonest due first. */
export async function listChapterFollowUps(db: Database, chapterId: string): Promise<FollowUp[]> {
  const rows = await selectRows<FollowUpRow>(
    db,
    sql`select ${FOLLOW_UP_COLUMNS} from ${FOLLOW_UP_FROM}
        where f.chapter_id = ${chapterId} and f.recorded_at is null
        order by f.due_on, f.id limit ${FOLLOW_UP_LIST_SIZE}`,
  );
  return rows.map(toFollowUp);
}

/** The dashboard's waiting counts: my calls whose day has come; for leadership, the chapter's overdue ones. */
export async function followUpWaiting(
  db: Database,
  user: Pick<Actor, 'id' | 'role'>,
  chapterId: string | null,
): Promise<FollowUpWaiting> {
  const leads = hasRole(user.role, 'LEADERSHIP') && chapterId !== null;
  const [row] = await selectRows<{ mine: number; overdue: number }>(
    db,
    sql`select
          (select count(*)::int from visitor_follow_ups f
            where f.host_id = ${user.id} and f.recorded_at is null and f.due_on <= ${chapterToday}) as mine,
          ${
            leads
              ? sql`(select count(*)::int from visitor_follow_ups f
                  where f.chapter_id = ${chapterId} and f.recorded_at is null and f.due_on < ${chapterToday})`
              : sql`0`
          } as overdue`,
  );
  return { mine: row?.mine ?? 0, chapterOverdue: row?.overdue ?? 0 };
}

/**
 * POST /api/visitors/follow-ups/:id: the host (or the chapter's leadership) records the call, once. The visitor
 * moves to followed up (never back from further on); whatever the outcome, the reminders stop.
 */
export async function recordFollowUp(
  db: Database,
  actor: Actor,
  id: string,
  input: RecordFollowUp,
): Promise<FollowUp> {
  await db.transaction(async (tx) => {
    const me = await confirmActorRole(tx, actor, 'MEMBER');
    const [call] = await selectRows<{
      visitor_id: string;
      host_id: string | null;
      chapter_id: string;
      recorded_at: Date | null;
    }>(
      tx,
      sql`select visitor_id, host_id, chapter_id, recorded_at from visitor_follow_ups where id = ${id} for update`,
    );
    // Another chapter's call is unknown; a member of this chapter who is not its host may not record it.
    const leads =
      hasRole(me.role, 'LEADERSHIP') &&
      (me.chapterId === call?.chapter_id || hasRole(me.role, 'AGENCY_ADMIN'));
    if (!call || (!leads && me.chapterId !== call.chapter_id)) throw notFound(M.followUpNotFound);
    if (!leads && call.host_id !== me.id) throw forbidden(M.followUpNotYours);
    if (call.recorded_at) throw conflict(M.followUpAlreadyRecorded);
    await tx.execute(sql`update visitor_follow_ups set outcome = ${input.outcome}, note = ${input.note ?? null},
      recorded_at = now(), recorded_by_id = ${me.id} where id = ${id}`);
    await advanceVisitor(tx, call.visitor_id, 'followed_up', 'follow_up', me.id);
  });
  const [row] = await selectRows<FollowUpRow>(
    db,
    sql`select ${FOLLOW_UP_COLUMNS} from ${FOLLOW_UP_FROM} where f.id = ${id}`,
  );
  return toFollowUp(row!);
}
