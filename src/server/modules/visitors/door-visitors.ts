import { sql } from 'drizzle-orm';
import { longDay } from '../../../domain/calendar/day-name';
import {
  DOOR_VISITOR_MESSAGES as D,
  type DoorVisitor,
  type TicketResult,
  type WalkIn,
} from '../../../domain/visitors/door';
import { type Database, selectRows, type Transaction } from '../../db/client';
import { fullNameOf } from '../../db/name-sql';
import { openFollowUp } from './follow-up-tasks';
import { upsertVisitor } from './register-visit';
import { queueVisitEmails, type VisitEmailContext } from './visit-emails';
import { readVisitFacts } from './visit-facts';
import { readVisitTicket } from './visit-ticket';
import { advanceVisitor, setStageByHand } from './visitor-stages';

/** The meeting a door acts in, as the visitors module needs it (the meetings module locked and checked it). */
export interface DoorMeeting {
  id: string;
  chapterId: string;
  meetingDate: string;
}

/** The meeting's visitors, A to Z, each with who invited them and whether they are in: one query. */
export async function doorVisitors(db: Database | Transaction, meetingId: string): Promise<DoorVisitor[]> {
  const rows = await selectRows<{
    visit_id: string;
    visitor_id: string;
    first_name: string;
    last_name: string;
    business: string | null;
    invited_by_name: string | null;
    source: string;
    checked_in_at: Date | null;
  }>(
    db,
    sql`select v.id as visit_id, p.id as visitor_id, p.first_name, p.last_name, p.business, p.source,
          ${fullNameOf('u')} as invited_by_name, v.checked_in_at
        from visitor_visits v join visitors p on p.id = v.visitor_id left join users u on u.id = p.invited_by_id
        where v.meeting_id = ${meetingId} and v.cancelled_at is null
        order by lower(p.first_name), lower(p.last_name), v.id`,
  );
  return rows.map((r) => ({
    visitId: r.visit_id,
    visitorId: r.visitor_id,
    name: `${r.first_name} ${r.last_name}`,
    business: r.business,
    invitedByName: r.invited_by_name,
    walkIn: r.source === 'walk_in',
    checkedInAt: r.checked_in_at ? new Date(r.checked_in_at).toISOString() : null,
  }));
}

type CheckInOutcome = { outcome: 'checked_in' | 'already'; name: string } | { outcome: 'not_here' };

/**
 * Checks a visitor in at this meeting, once: the visit is stamped only while it is not yet, so of two scans at
 * once one checks in and the other hears "already". A first check-in moves the visitor to attended, credits the
 * member who invited them when this is their first visit (a member of the chapter still), and opens the
 * host's follow-up call; the visitor is thanked by email, with the link to apply.
 */
export async function checkInVisitor(
  tx: Transaction,
  meeting: DoorMeeting,
  visitId: string,
  at: Date,
  byId: string,
  context: VisitEmailContext,
): Promise<CheckInOutcome> {
  const [visit] = await selectRows<{ visitor_id: string; name: string; checked_in_at: Date | null }>(
    tx,
    sql`select v.visitor_id, p.first_name || ' ' || p.last_name as name, v.checked_in_at
        from visitor_visits v join visitors p on p.id = v.visitor_id
        where v.id = ${visitId} and v.meeting_id = ${meeting.id} and v.cancelled_at is null`,
  );
  if (!visit) return { outcome: 'not_here' };
  const [stamped] = await selectRows<{ id: string }>(
    tx,
    sql`update visitor_visits set checked_in_at = ${at}, checked_in_by_id = ${byId}
        where id = ${visitId} and checked_in_at is null returning id`,
  );
  if (!stamped) return { outcome: 'already', name: visit.name };
  // The visitor's row is locked from here: two of their visits checked in at once take turns over the credit.
  await advanceVisitor(tx, visit.visitor_id, 'attended', 'check_in', byId);
  await tx.execute(sql`
    update visitor_visits v set credited_member_id = p.invited_by_id
    from visitors p
    where v.id = ${visitId} and p.id = v.visitor_id and p.invited_by_id is not null
      and exists (select 1 from users u where u.id = p.invited_by_id and u.chapter_id = v.chapter_id
        and u.role <> 'GUEST')
      and not exists (select 1 from visitor_visits o where o.visitor_id = v.visitor_id and o.id <> v.id
        and o.checked_in_at is not null)`);
  await openFollowUp(tx, {
    id: visitId,
    visitorId: visit.visitor_id,
    chapterId: meeting.chapterId,
    meetingDate: meeting.meetingDate,
  });
  const facts = await readVisitFacts(tx, [visitId]);
  await queueVisitEmails(
    tx,
    context,
    facts.map((f) => ({ kind: 'thanks' as const, facts: f })),
  );
  return { outcome: 'checked_in', name: visit.name };
}

/**
 * Takes a visitor's check-in back (a tap on the wrong name): the stamp, the credit and the call not yet made go;
 * a visitor it had moved to attended is set back to registered by the leader's hand, kept in the history.
 */
export async function undoVisitorCheckIn(
  tx: Transaction,
  meeting: DoorMeeting,
  visitId: string,
  byId: string,
) {
  const [undone] = await selectRows<{ visitor_id: string }>(
    tx,
    sql`update visitor_visits set checked_in_at = null, checked_in_by_id = null, credited_member_id = null
        where id = ${visitId} and meeting_id = ${meeting.id} and checked_in_at is not null
        returning visitor_id`,
  );
  if (!undone) return;
  await tx.execute(sql`delete from visitor_follow_ups where visit_id = ${visitId} and recorded_at is null`);
  const [attendedElsewhere] = await selectRows<{ id: string }>(
    tx,
    sql`select id from visitor_visits where visitor_id = ${undone.visitor_id} and checked_in_at is not null limit 1`,
  );
  if (!attendedElsewhere) await setStageByHand(tx, undone.visitor_id, 'attended', 'registered', byId);
}

/** Someone at the door who never registered: made a visitor (or found by email), seated and checked in. */
export async function addWalkIn(
  tx: Transaction,
  meeting: DoorMeeting,
  walkIn: WalkIn,
  at: Date,
  byId: string,
  context: VisitEmailContext,
): Promise<void> {
  const { id: visitorId } = await upsertVisitor(
    tx,
    meeting.chapterId,
    { ...walkIn, industry: walkIn.industry ?? null, note: null },
    'registered',
    'walk_in',
    null,
    'walk_in',
    byId,
  );
  const [visit] = await selectRows<{ id: string }>(
    tx,
    sql`insert into visitor_visits (chapter_id, visitor_id, meeting_id, reminded_at)
        values (${meeting.chapterId}, ${visitorId}, ${meeting.id}, now())
        on conflict (visitor_id, meeting_id) do update set cancelled_at = null
        returning id`,
  );
  await checkInVisitor(tx, meeting, visit!.id, at, byId, context);
}

/** A scanned ticket checked against this meeting: forged, another chapter's, another week's, or good. */
export async function scanTicket(
  tx: Transaction,
  meeting: DoorMeeting,
  tap: { id: string; ticket: string },
  at: Date,
  byId: string,
  context: VisitEmailContext,
): Promise<TicketResult> {
  const refused = (message: string): TicketResult => ({ tapId: tap.id, outcome: 'refused', message });
  const named = readVisitTicket(context.ticketSecret, tap.ticket);
  if (!named) return refused(D.ticketInvalid);
  if (named.chapterId !== meeting.chapterId) return refused(D.ticketOtherChapter);
  const { visitId } = named;
  const [visit] = await selectRows<{ meeting_id: string; meeting_date: string }>(
    tx,
    sql`select v.meeting_id, m.meeting_date::text as meeting_date
        from visitor_visits v join meetings m on m.id = v.meeting_id
        where v.id = ${visitId} and v.chapter_id = ${meeting.chapterId} and v.cancelled_at is null`,
  );
  if (!visit) return refused(D.ticketInvalid);
  if (visit.meeting_id !== meeting.id) return refused(D.ticketOtherMeeting(longDay(visit.meeting_date)));
  const result = await checkInVisitor(tx, meeting, visitId, at, byId, context);
  if (result.outcome === 'not_here') return refused(D.ticketInvalid);
  return {
    tapId: tap.id,
    outcome: result.outcome,
    message: result.outcome === 'already' ? D.alreadyCheckedIn(result.name) : D.checkedIn(result.name),
  };
}
