import { sql } from 'drizzle-orm';
import { longDay } from '../../../domain/calendar/day-name';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { hasRole, ROLES } from '../../../domain/roles/roles';
import {
  DEFAULT_VISIT_LIMIT,
  VISITOR_MESSAGES as M,
  type VisitorSource,
} from '../../../domain/visitors/contracts';
import type { StageCause } from '../../../domain/visitors/pipeline';
import { effectiveTimeZone } from '../../db/chapter-settings';
import { type Database, selectRows, type Transaction } from '../../db/client';
import { fieldError } from '../../lib/http-error';
import { queueVisitEmails, type VisitEmailContext } from './visit-emails';
import { readVisitFacts } from './visit-facts';
import { advanceVisitor, recordStageMove } from './visitor-stages';

/** Who hears of a registration beside the visitor hosts: the chapter's leadership and above. */
const LEADERS = ROLES.filter((role) => hasRole(role, 'LEADERSHIP'));

export interface VisitorDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  business: string | null;
  industry: string | null;
  note: string | null;
}

interface MeetingRow {
  id: string;
  meeting_date: string;
  state: string;
  today: string;
}

/** The meeting, locked against a change while the seat is taken, and refused unless a visitor may still come. */
async function lockOpenMeeting(tx: Transaction, chapterId: string, meetingId: string): Promise<MeetingRow> {
  const [meeting] = await selectRows<MeetingRow>(
    tx,
    sql`select m.id, m.meeting_date::text as meeting_date, m.state,
          (now() at time zone ${effectiveTimeZone(sql`m.chapter_id`)})::date::text as today
        from meetings m
        where m.id = ${meetingId} and m.chapter_id = ${chapterId}
        for share of m`,
  );
  if (!meeting) throw fieldError('meetingId', M.meetingRequired);
  if (meeting.state === 'holiday') throw fieldError('meetingId', M.meetingHoliday);
  if (meeting.meeting_date < meeting.today) throw fieldError('meetingId', M.meetingPast);
  if (meeting.state === 'closed') throw fieldError('meetingId', M.meetingClosed);
  return meeting;
}

/**
 * The visitor of this chapter with this email, made or found, and locked for the rest of the transaction: two
 * registrations of one person at once take turns. A new visitor starts at `stage` (their first kept move); a
 * known one is moved forward to it, never back (an invited visitor who now registers is `registered`; one who
 * attended stays where they are).
 */
export async function upsertVisitor(
  tx: Transaction,
  chapterId: string,
  details: VisitorDetails,
  stage: 'invited' | 'registered',
  source: VisitorSource,
  invitedById: string | null,
  cause: StageCause = stage === 'invited' ? 'invitation' : 'registration',
  byId: string | null = null,
): Promise<{ id: string }> {
  const [row] = await selectRows<{ id: string; inserted: boolean }>(
    tx,
    sql`insert into visitors as v (chapter_id, first_name, last_name, email, phone, business, industry, note,
          invited_by_id, stage, source)
        values (${chapterId}, ${details.firstName}, ${details.lastName}, ${details.email}, ${details.phone},
          ${details.business}, ${details.industry}, ${details.note}, ${invitedById}, ${stage}, ${source})
        on conflict (chapter_id, lower(email)) do update set
          invited_by_id = coalesce(v.invited_by_id, excluded.invited_by_id),
          updated_at = now()
        returning v.id, (xmax = 0) as inserted`,
  );
  const { id, inserted } = row!;
  if (inserted) await recordStageMove(tx, { chapterId, visitorId: id, from: null, to: stage, cause, byId });
  else await advanceVisitor(tx, id, stage, cause, byId);
  return { id };
}

/** Refuses a visit beyond the chapter's limit (this meeting's own seat, already taken, is no new visit). */
async function assertUnderVisitLimit(
  tx: Transaction,
  chapterId: string,
  visitorId: string,
  meetingId: string,
) {
  const [row] = await selectRows<{ visits: number; limit: number | null; here: boolean }>(
    tx,
    sql`select count(*)::int as visits,
          (select visit_limit from chapters where id = ${chapterId}) as limit,
          coalesce(bool_or(meeting_id = ${meetingId}), false) as here
        from visitor_visits where visitor_id = ${visitorId} and cancelled_at is null`,
  );
  const limit = row?.limit ?? DEFAULT_VISIT_LIMIT;
  if (row && !row.here && row.visits >= limit) throw fieldError('email', M.visitLimit(limit));
}

/** Leadership and the chapter's visitor hosts hear of a new registration (bell and email). */
async function notifyHosts(tx: Transaction, chapterId: string, visitor: VisitorDetails, meetingDate: string) {
  const name = `${visitor.firstName} ${visitor.lastName}`;
  const business = visitor.business ? ` (${visitor.business})` : '';
  await tx.execute(sql`
    insert into notifications (user_id, kind, title, body, link)
    select u.id, 'visitor_registered', ${`Visitor: ${name}`},
      ${`${name}${business} registered to visit the meeting of ${longDay(meetingDate)}.`}, ${NOTIFICATION_LINKS.visitors}
    from users u
    where u.chapter_id = ${chapterId}
      and (u.role in (${sql.join(
        LEADERS.map((r) => sql`${r}`),
        sql`, `,
      )}) or (u.visitor_host and u.role <> 'GUEST'))`);
}

export interface RegisterVisitInput {
  chapterId: string;
  meetingId: string;
  details: VisitorDetails;
  source: VisitorSource;
  invitedById: string | null;
  /** The member who took the seat for them (an invitation to a meeting), kept with the stage move. */
  byId?: string | null;
}

/**
 * Takes a seat for a visitor at a meeting, in one transaction: the meeting must still take visitors, the person
 * stays under the chapter's visit limit, and the same person at the same meeting is the same registration
 * (a second one writes nothing and answers the same). A new seat sends the visitor the confirmation with its
 * invitation and tells leadership and the visitor hosts. Answers whether the seat is new.
 */
export async function registerVisit(
  db: Database,
  input: RegisterVisitInput,
  context: VisitEmailContext,
): Promise<{ visitId: string; visitorId: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const meeting = await lockOpenMeeting(tx, input.chapterId, input.meetingId);
    const visitor = await upsertVisitor(
      tx,
      input.chapterId,
      input.details,
      'registered',
      input.source,
      input.invitedById,
      'registration',
      input.byId ?? null,
    );
    await assertUnderVisitLimit(tx, input.chapterId, visitor.id, meeting.id);
    const [made] = await selectRows<{ id: string }>(
      tx,
      sql`insert into visitor_visits (chapter_id, visitor_id, meeting_id)
          values (${input.chapterId}, ${visitor.id}, ${meeting.id})
          on conflict (visitor_id, meeting_id) do update
            set cancelled_at = null, reminded_at = null, sequence = visitor_visits.sequence + 1
            where visitor_visits.cancelled_at is not null
          returning id`,
    );
    if (!made) {
      const [kept] = await selectRows<{ id: string }>(
        tx,
        sql`select id from visitor_visits where visitor_id = ${visitor.id} and meeting_id = ${meeting.id}`,
      );
      return { visitId: kept!.id, visitorId: visitor.id, created: false };
    }
    const facts = await readVisitFacts(tx, [made.id]);
    await queueVisitEmails(
      tx,
      context,
      facts.map((f) => ({ kind: 'confirmation' as const, facts: f })),
    );
    await notifyHosts(tx, input.chapterId, input.details, meeting.meeting_date);
    return { visitId: made.id, visitorId: visitor.id, created: true };
  });
}

/** Whether `memberId` is a member (not a guest) of the chapter: who may be named as the inviter. */
export async function isChapterMember(db: Database, chapterId: string, memberId: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from users where id = ${memberId} and chapter_id = ${chapterId} and role <> 'GUEST'`,
  );
  return rows.length === 1;
}
