import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { longDay } from '../../../domain/calendar/day-name';
import { displayName } from '../../../domain/members/display-name';
import { formatUsd } from '../../../domain/money';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { roleDisplayName } from '../../../domain/roles/roles';
import type { SlipBatchSaved, SlipRow } from '../../../domain/slip-desk/contracts';
import { enteredByLine, SLIP_DESK_MESSAGES as M, noSlipCounts } from '../../../domain/slip-desk/messages';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf } from '../../db/chapter-scope';
import { type Database, selectRows, type Transaction } from '../../db/client';
import {
  chapters,
  educationUnits,
  type MeetingRow,
  referrals,
  slipBatches,
  testimonials,
  users,
} from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../audit/record-audit';
import { notify } from '../notifications/notify';
import { logOneToOneIn } from '../one-to-ones/log-one-to-one';
import { recordReferralEvent } from '../referrals/referral-events';
import { tellTestimonialRecipient } from '../testimonials/testimonials';
import { lockDeskMeeting } from './desk-meeting';

type Member = { id: string; firstName: string | null; lastName: string | null; email: string };
type Desk = {
  tx: Transaction;
  meeting: MeetingRow;
  by: Actor;
  line: string;
  stands: boolean;
  members: Map<string, Member>;
  /** What each member is told, one notification each once the batch is written. */
  told: Map<string, string[]>;
};

/** A refusal found while writing: it names the row (counted from 1 on screen, from 0 in the field) and the field. */
const rowError = (index: number, field: string, message: string) =>
  new HttpError('VALIDATION', `Row ${index + 1}: ${message}`, { [`rows.${index}.${field}`]: [message] });

const tell = (desk: Desk, memberId: string, what: string) =>
  desk.told.set(memberId, [...(desk.told.get(memberId) ?? []), what]);

/** The batch's members, all of the meeting's chapter and current, locked against removal until commit. */
async function lockMembers(tx: Transaction, chapterId: string, rows: SlipRow[]) {
  const ids = [
    ...new Set(rows.flatMap((r) => [r.fromMemberId, r.toMemberId]).filter((id) => !!id)),
  ] as string[];
  const found = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.chapterId, chapterId), ne(users.role, 'GUEST')))
    .orderBy(users.id)
    .for('key share');
  const members = new Map(found.map((m) => [m.id, m]));
  rows.forEach((row, index) => {
    for (const field of ['fromMemberId', 'toMemberId'] as const) {
      const id = row[field];
      if (id && !members.has(id)) throw rowError(index, field, M.notInChapter);
    }
  });
  return members;
}

/** A referral given (from gives to) or a closed business thanked for (from thanks to, who referred it). */
async function writeReferral(desk: Desk, row: SlipRow) {
  const from = desk.members.get(row.fromMemberId!)!;
  const to = desk.members.get(row.toMemberId!)!;
  const closed = row.kind === 'closed_business';
  const amount = row.amount || '0';
  const [written] = await desk.tx
    .insert(referrals)
    .values({
      referrerId: closed ? to.id : from.id,
      reporterId: closed ? from.id : to.id,
      createdById: from.id,
      enteredById: desk.by.id,
      amount,
      customerName: row.customer || null,
      saleDate: desk.meeting.meetingDate,
      notes: row.note || null,
      referralType: 'gratitude',
      status: desk.stands ? 'approved' : 'pending',
    })
    .returning({ id: referrals.id });
  const what = closed
    ? `thanks for ${formatUsd(amount)} of closed business`
    : `referral${row.customer ? ` (${row.customer})` : ''}`;
  const fromName = displayName(from);
  await recordReferralEvent(desk.tx, {
    referralId: written!.id,
    actorId: desk.by.id,
    kind: 'created',
    tell: desk.stands
      ? undefined
      : {
          userId: to.id,
          kind: closed ? 'referral_given' : 'referral_received',
          description: `${fromName}'s ${what} to you. ${desk.line}, from the paper slip. Approve or decline it on your dashboard.`,
        },
  });
  if (desk.stands) {
    await recordReferralEvent(desk.tx, { referralId: written!.id, actorId: desk.by.id, kind: 'approved' });
    tell(desk, to.id, `${fromName}'s ${what} to you (counted for you both)`);
  }
  tell(desk, from.id, `your ${what} to ${displayName(to)}${desk.stands ? '' : ' (waits for their answer)'}`);
}

async function writeOneToOne(desk: Desk, row: SlipRow) {
  const from = desk.members.get(row.fromMemberId!)!;
  const to = desk.members.get(row.toMemberId!)!;
  const logged = await logOneToOneIn(
    desk.tx,
    { ...from, enteredBy: { id: desk.by.id, line: desk.line } },
    {
      withMemberId: to.id,
      metOn: desk.meeting.meetingDate,
      mode: 'in_person',
      place: null,
      // A paper slip gives no length: the hour BNI suggests, which the members may correct.
      minutes: 60,
      learned: row.note || null,
      nextStep: null,
    },
  );
  if (logged.created) tell(desk, from.id, `your one-to-one with ${displayName(to)}`);
  return logged.created;
}

async function writeEducationUnit(desk: Desk, row: SlipRow) {
  await desk.tx.insert(educationUnits).values({
    memberId: row.fromMemberId!,
    recordedById: desk.by.id,
    earnedOn: desk.meeting.meetingDate,
    kind: 'other',
    title: row.note!,
    // A paper slip gives no length; BNI counts the slip, not its minutes.
    minutes: 0,
  });
  tell(desk, row.fromMemberId!, `a CEU: ${row.note}`);
}

async function writeTestimonial(desk: Desk, row: SlipRow) {
  const from = desk.members.get(row.fromMemberId!)!;
  await desk.tx.insert(testimonials).values({
    writerId: from.id,
    recipientId: row.toMemberId!,
    enteredById: desk.by.id,
    body: row.note!,
    givenIn: 'meeting',
    givenOn: desk.meeting.meetingDate,
  });
  await tellTestimonialRecipient(desk.tx, from, row.toMemberId!, `${desk.line}, from the paper slip.`);
  tell(desk, from.id, `your testimonial for ${displayName(desk.members.get(row.toMemberId!)!)}`);
}

/**
 * A visitor slip credits its member with a visitor checked in at the meeting, found by name (as the visitor
 * wrote it at the door). A credit already theirs is there already; another member's moves, audited.
 */
async function creditVisitor(desk: Desk, row: SlipRow, index: number) {
  const name = row.customer!.trim().toLowerCase().replace(/\s+/g, ' ');
  const found = await selectRows<{
    id: string;
    credited: string | null;
    first_name: string;
    last_name: string;
  }>(
    desk.tx,
    sql`select v.id, v.credited_member_id as credited, p.first_name, p.last_name
        from visitor_visits v join visitors p on p.id = v.visitor_id
        where v.meeting_id = ${desk.meeting.id} and v.checked_in_at is not null and v.cancelled_at is null
          and lower(p.first_name || ' ' || p.last_name) = ${name}
        for update of v`,
  );
  if (found.length === 0) throw rowError(index, 'customer', M.visitorNotFound);
  if (found.length > 1) throw rowError(index, 'customer', M.visitorAmbiguous);
  const visit = found[0]!;
  if (visit.credited === row.fromMemberId) return false;
  await desk.tx.execute(
    sql`update visitor_visits set credited_member_id = ${row.fromMemberId} where id = ${visit.id}`,
  );
  const nameOf = (id: string | null) => (id ? displayName(desk.members.get(id) ?? {}) || null : null);
  await recordAudit(desk.tx, {
    actorId: desk.by.id,
    action: 'visitor.credit_changed',
    subject: `${visit.first_name} ${visit.last_name}`,
    before: { creditedMemberId: visit.credited, creditedMember: nameOf(visit.credited) },
    after: { creditedMemberId: row.fromMemberId, creditedMember: nameOf(row.fromMemberId!) },
    chapterId: desk.meeting.chapterId,
  });
  tell(desk, row.fromMemberId!, `your visitor ${visit.first_name} ${visit.last_name}`);
  return true;
}

/** Writes one slip; false when its record was there already (a one-to-one, a visitor's credit). */
async function writeSlip(desk: Desk, row: SlipRow, index: number): Promise<boolean> {
  switch (row.kind) {
    case 'referral':
    case 'closed_business':
      await writeReferral(desk, row);
      return true;
    case 'one_to_one':
      return writeOneToOne(desk, row);
    case 'ceu':
      await writeEducationUnit(desk, row);
      return true;
    case 'visitor':
      return creditVisitor(desk, row, index);
    case 'testimonial':
      await writeTestimonial(desk, row);
      return true;
  }
}

/** A refusal of the code a slip reuses (a one-to-one's date, say) names the row too. */
const namingTheRow = (index: number) => (error: unknown) => {
  if (!(error instanceof HttpError) || error.code !== 'VALIDATION' || !error.fieldErrors) throw error;
  const [field, messages] = Object.entries(error.fieldErrors)[0]!;
  if (field.startsWith('rows.')) throw error;
  throw rowError(index, field === 'withMemberId' ? 'toMemberId' : 'kind', messages[0] ?? error.message);
};

/**
 * POST /api/meetings/:id/slips: a batch of paper slips, written in one transaction on the members' behalf.
 * The batch key is claimed first: a retry (or a second tap at the same moment, which waits on the key's
 * unique index) finds the first save and answers it again. Any refused row rolls the whole batch back.
 */
export async function saveSlips(
  db: Database,
  actor: Actor,
  meetingId: string,
  input: { batchKey: string; rows: SlipRow[] },
): Promise<SlipBatchSaved> {
  return db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const meeting = await lockDeskMeeting(tx, meetingId, chapterScopeOf(by));
    const [claimed] = await tx
      .insert(slipBatches)
      .values({
        chapterId: meeting.chapterId,
        meetingId,
        batchKey: input.batchKey,
        enteredById: by.id,
        result: {},
      })
      .onConflictDoNothing({ target: [slipBatches.meetingId, slipBatches.batchKey] })
      .returning({ id: slipBatches.id });
    if (!claimed) {
      const [first] = await tx
        .select({ result: slipBatches.result })
        .from(slipBatches)
        .where(and(eq(slipBatches.meetingId, meetingId), eq(slipBatches.batchKey, input.batchKey)));
      const { alreadyThere = 0, ...counts } = first!.result;
      return { created: false, counts: { ...noSlipCounts(), ...counts }, alreadyThere };
    }
    const [chapter] = await tx
      .select({ stands: chapters.deskEntryStands })
      .from(chapters)
      .where(eq(chapters.id, meeting.chapterId));
    const desk: Desk = {
      tx,
      meeting,
      by,
      line: enteredByLine({ name: displayName(by), role: roleDisplayName(by.role) }),
      stands: chapter?.stands ?? false,
      members: await lockMembers(tx, meeting.chapterId, input.rows),
      told: new Map(),
    };
    const counts = noSlipCounts();
    let alreadyThere = 0;
    for (const [index, row] of input.rows.entries()) {
      if (await writeSlip(desk, row, index).catch(namingTheRow(index))) counts[row.kind] += 1;
      else alreadyThere += 1;
    }
    await notify(
      tx,
      ...[...desk.told].map(([userId, lines]) => ({
        userId,
        kind: 'slips_entered' as const,
        title: `${desk.line}: ${lines.length === 1 ? 'a slip' : `${lines.length} slips`} of yours`,
        body: `From the paper slips of the meeting on ${longDay(meeting.meetingDate)}: ${lines.join('; ')}.`,
        link: NOTIFICATION_LINKS.referrals,
      })),
    );
    await tx
      .update(slipBatches)
      .set({ result: { ...counts, alreadyThere } })
      .where(eq(slipBatches.id, claimed.id));
    return { created: true, counts, alreadyThere };
  });
}
