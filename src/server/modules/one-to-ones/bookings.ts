import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { addDays } from '../../../domain/attendance/meeting-day';
import { googleCalendarLink, outlookCalendarLink } from '../../../domain/calendar/ics';
import { todayIn, zonedInstant } from '../../../domain/dates';
import { displayName } from '../../../domain/members/display-name';
import {
  type Booking,
  type bookOneToOneSchema,
  ONE_TO_ONE_MESSAGES as M,
  type moveBookingSchema,
  type OneToOneMode,
} from '../../../domain/one-to-ones/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database, Transaction } from '../../db/client';
import { type OneToOneBookingRow, oneToOneBookings, users } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error';
import {
  type BookingEmailContext,
  type BookingFacts,
  bookingEvent,
  queueBookingEmails,
} from './booking-emails';
import { lockPair, logOneToOneIn } from './log-one-to-one';

const booker = alias(users, 'booker');
const invited = alias(users, 'invited');
/** Past bookings nobody answered stay on the booker's list this long, then drop off it. */
const DUE_FOR_DAYS = 30;
const BOOKING_LIST_LIMIT = 50;

const startsAt = (b: Pick<OneToOneBookingRow, 'date' | 'startTime' | 'timeZone'>) =>
  zonedInstant(b.date, b.startTime, b.timeZone);

function selectBookings(db: Database | Transaction, where: ReturnType<typeof and>) {
  return db
    .select({
      booking: oneToOneBookings,
      booker: {
        firstName: booker.firstName,
        lastName: booker.lastName,
        businessName: booker.businessName,
        email: booker.email,
        chapterId: booker.chapterId,
      },
      invited: {
        firstName: invited.firstName,
        lastName: invited.lastName,
        businessName: invited.businessName,
        email: invited.email,
        chapterId: invited.chapterId,
      },
    })
    .from(oneToOneBookings)
    .innerJoin(booker, eq(booker.id, oneToOneBookings.bookedById))
    .innerJoin(invited, eq(invited.id, oneToOneBookings.withMemberId))
    .where(where);
}
type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

function factsOf(row: BookingRow): BookingFacts {
  const b = row.booking;
  return {
    id: b.id,
    sequence: b.sequence,
    date: b.date,
    startTime: b.startTime,
    minutes: b.minutes,
    mode: b.mode as OneToOneMode,
    place: b.place,
    timeZone: b.timeZone,
    booker: { name: displayName(row.booker), email: row.booker.email, chapterId: row.booker.chapterId },
    other: { name: displayName(row.invited), email: row.invited.email, chapterId: row.invited.chapterId },
  };
}

function toBooking(row: BookingRow, me: string, context: BookingEmailContext, now = new Date()): Booking {
  const b = row.booking;
  const mine = b.bookedById === me;
  const them = mine ? row.invited : row.booker;
  const event = bookingEvent(factsOf(row), context, 'REQUEST');
  return {
    id: b.id,
    date: b.date,
    startTime: b.startTime,
    minutes: b.minutes,
    mode: b.mode as OneToOneMode,
    place: b.place,
    timeZone: b.timeZone,
    status: b.status as Booking['status'],
    bookedByMe: mine,
    other: {
      id: (mine ? b.withMemberId : b.bookedById)!,
      name: displayName(them),
      businessName: them.businessName,
    },
    due: mine && b.status === 'booked' && startsAt(b) <= now,
    oneToOneId: b.oneToOneId,
    googleUrl: googleCalendarLink(event),
    outlookUrl: outlookCalendarLink(event),
  };
}

async function bookingFor(db: Database | Transaction, id: string, me: string, context: BookingEmailContext) {
  const [row] = await selectBookings(db, eq(oneToOneBookings.id, id));
  if (!row || (row.booking.bookedById !== me && row.booking.withMemberId !== me))
    throw notFound(M.bookingNotFound);
  return { row, booking: toBooking(row, me, context) };
}

/** Locks a booking of mine (either side) that is still open; 404 for anyone else. */
async function lockOpenBooking(tx: Transaction, id: string, me: string) {
  const [row] = await tx.select().from(oneToOneBookings).where(eq(oneToOneBookings.id, id)).for('update');
  if (!row || (row.bookedById !== me && row.withMemberId !== me)) throw notFound(M.bookingNotFound);
  if (row.status !== 'booked') throw conflict(M.bookingClosed);
  return row;
}

/** POST /api/one-to-ones/bookings: a date and time ahead; both members are sent the invitation. */
export async function bookOneToOne(
  db: Database,
  actor: Actor,
  input: z.output<typeof bookOneToOneSchema>,
  context: BookingEmailContext,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    const { me, other } = await lockPair(tx, actor.id, input.withMemberId, 'withMemberId');
    if (!me.chapterId && !other.chapterId) throw fieldError('withMemberId', M.noChapter);
    if (zonedInstant(input.date, input.startTime, me.timeZone) <= new Date())
      throw fieldError('date', M.bookingPast);
    const [row] = await tx
      .insert(oneToOneBookings)
      .values({
        bookedById: actor.id,
        withMemberId: input.withMemberId,
        date: input.date,
        startTime: input.startTime,
        minutes: input.minutes,
        mode: input.mode,
        place: input.place,
        timeZone: me.timeZone,
      })
      .returning({ id: oneToOneBookings.id });
    const written = await bookingFor(tx, row!.id, actor.id, context);
    await queueBookingEmails(tx, context, 'booked', factsOf(written.row));
    return written.booking;
  });
}

/** PATCH /api/one-to-ones/bookings/:id: the booker moves it; SEQUENCE rises and both get the new invitation. */
export async function moveBooking(
  db: Database,
  actor: Actor,
  id: string,
  input: z.output<typeof moveBookingSchema>,
  context: BookingEmailContext,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    const current = await lockOpenBooking(tx, id, actor.id);
    if (current.bookedById !== actor.id) throw forbidden(M.notYourBooking);
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    };
    if (next.mode === 'in_person' && !next.place) throw fieldError('place', M.placeRequired);
    if (startsAt(next) <= new Date()) throw fieldError('date', M.bookingPast);
    await tx
      .update(oneToOneBookings)
      .set({
        date: next.date,
        startTime: next.startTime,
        minutes: next.minutes,
        mode: next.mode,
        place: next.place,
        sequence: sql`${oneToOneBookings.sequence} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(oneToOneBookings.id, id));
    const moved = await bookingFor(tx, id, actor.id, context);
    await queueBookingEmails(tx, context, 'moved', factsOf(moved.row));
    return moved.booking;
  });
}

/** DELETE /api/one-to-ones/bookings/:id: either member calls it off; both get the CANCEL. */
export async function cancelBooking(db: Database, actor: Actor, id: string, context: BookingEmailContext) {
  return db.transaction(async (tx) => {
    await lockOpenBooking(tx, id, actor.id);
    await tx
      .update(oneToOneBookings)
      .set({ status: 'cancelled', sequence: sql`${oneToOneBookings.sequence} + 1`, updatedAt: new Date() })
      .where(eq(oneToOneBookings.id, id));
    const cancelled = await bookingFor(tx, id, actor.id, context);
    await queueBookingEmails(tx, context, 'cancelled', factsOf(cancelled.row));
    return cancelled.booking;
  });
}

/**
 * POST /api/one-to-ones/bookings/:id/outcome, "Did it happen?": once its time has passed the booker says; yes
 * logs it as a one-to-one of that date (counted for both), no closes it.
 */
export async function answerBooking(
  db: Database,
  actor: Actor,
  id: string,
  happened: boolean,
  context: BookingEmailContext,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    const row = await lockOpenBooking(tx, id, actor.id);
    if (row.bookedById !== actor.id) throw forbidden(M.notYourBooking);
    if (startsAt(row) > new Date()) throw conflict(M.bookingNotYet);
    let oneToOneId: string | null = null;
    if (happened) {
      const logged = await logOneToOneIn(
        tx,
        actor,
        {
          withMemberId: row.withMemberId!,
          metOn: row.date,
          mode: row.mode as OneToOneMode,
          place: row.place,
          minutes: row.minutes,
          learned: null,
          nextStep: null,
        },
        row.id,
      );
      oneToOneId = logged.id;
    }
    await tx
      .update(oneToOneBookings)
      .set({ status: happened ? 'held' : 'missed', oneToOneId, updatedAt: new Date() })
      .where(eq(oneToOneBookings.id, id));
    return (await bookingFor(tx, id, actor.id, context)).booking;
  });
}

/**
 * GET /api/one-to-ones/bookings: my open bookings, soonest first: those ahead, and those whose time passed that
 * I booked and have not yet said happened (for 30 days). One query, at most 50.
 */
export async function listBookings(db: Database, me: string, context: BookingEmailContext) {
  const now = new Date();
  const from = addDays(todayIn(), -DUE_FOR_DAYS);
  const rows = await selectBookings(
    db,
    and(
      or(eq(oneToOneBookings.bookedById, me), eq(oneToOneBookings.withMemberId, me)),
      eq(oneToOneBookings.status, 'booked'),
      gte(oneToOneBookings.date, from),
    ),
  )
    .orderBy(asc(oneToOneBookings.date), asc(oneToOneBookings.startTime), asc(oneToOneBookings.id))
    .limit(BOOKING_LIST_LIMIT);
  const items = rows.map((row) => toBooking(row, me, context, now)).filter((b) => b.due || startsAt(b) > now);
  return { items };
}
