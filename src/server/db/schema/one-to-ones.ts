import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Two members met to learn each other's business. One row per pair and date, whoever logged it: the pair is
 * stored smaller id first, and the unique index makes a second log (from either side, or at once) find the
 * first. Held ones count for both members; a disputed one (the other said it did not happen) for neither.
 * No chapter of its own: like referrals, one-to-ones cross chapters, and each member's chapter counts it.
 */
export const oneToOnes = pgTable(
  'one_to_ones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberAId: uuid('member_a_id').references(() => users.id, { onDelete: 'set null' }),
    memberBId: uuid('member_b_id').references(() => users.id, { onDelete: 'set null' }),
    loggedById: uuid('logged_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who keyed it in at the slips desk on the logger's behalf (leadership, from a paper slip); null: the logger. */
    enteredById: uuid('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
    metOn: date('met_on', { mode: 'string' }).notNull(),
    mode: text('mode').notNull(),
    place: text('place'),
    minutes: integer('minutes').notNull(),
    learned: text('learned'),
    nextStep: text('next_step'),
    status: text('status').notNull().default('held'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeNote: text('dispute_note'),
    /** The booking it came from, when it was booked first. */
    bookingId: uuid('booking_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A member removed sets the slips they keyed in to no one: found by this index, not a scan.
    index('one_to_ones_entered_by_idx').on(t.enteredById).where(sql`${t.enteredById} is not null`),
    uniqueIndex('one_to_ones_pair_date_key').on(t.memberAId, t.memberBId, t.metOn),
    // Each side's list and counts: keyset on (date, id), newest first; counts by date range.
    index('one_to_ones_member_b_idx').on(t.memberBId, t.metOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('one_to_ones_member_a_idx').on(t.memberAId, t.metOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('one_to_ones_pair_order', sql`${t.memberAId} < ${t.memberBId}`),
    check('one_to_ones_mode', sql`${t.mode} in ('in_person', 'online')`),
    check('one_to_ones_status', sql`${t.status} in ('held', 'disputed')`),
    check('one_to_ones_minutes', sql`${t.minutes} between 5 and 480`),
  ],
);
export type OneToOneRow = typeof oneToOnes.$inferSelect;

/** A one-to-one's history: logged, disputed, edited (old and new values), proposals and their answers, deleted. */
export const oneToOneEvents = pgTable(
  'one_to_one_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key: the history outlives a deleted one-to-one.
    oneToOneId: uuid('one_to_one_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('one_to_one_events_one_to_one_idx').on(t.oneToOneId, t.createdAt)],
);

/**
 * A change or removal of a one-to-one whose week is closed: it waits for the other member. One pending per
 * one-to-one; answered ones stay as the record.
 */
export const oneToOneProposals = pgTable(
  'one_to_one_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    oneToOneId: uuid('one_to_one_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    proposedById: uuid('proposed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The proposed values of a change (only the fields it changes). */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    answeredById: uuid('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_to_one_proposals_one_pending_idx').on(t.oneToOneId).where(sql`${t.status} = 'pending'`),
    index('one_to_one_proposals_one_to_one_idx').on(t.oneToOneId),
    check('one_to_one_proposals_kind', sql`${t.kind} in ('change', 'removal')`),
    check(
      'one_to_one_proposals_status',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'withdrawn')`,
    ),
  ],
);

/**
 * A one-to-one booked ahead: both members are sent the invitation (.ics, REQUEST; its id is the UID, `sequence`
 * rises with each move, CANCEL when called off). After its time the booker says whether it happened.
 */
export const oneToOneBookings = pgTable(
  'one_to_one_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookedById: uuid('booked_by_id').references(() => users.id, { onDelete: 'cascade' }),
    withMemberId: uuid('with_member_id').references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    minutes: integer('minutes').notNull(),
    mode: text('mode').notNull(),
    place: text('place'),
    /** The booker's chapter's zone when booked: the wall-clock time means this zone's. */
    timeZone: text('time_zone').notNull(),
    sequence: integer('sequence').notNull().default(0),
    status: text('status').notNull().default('booked'),
    oneToOneId: uuid('one_to_one_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_to_one_bookings_booked_by_idx').on(t.bookedById, t.date),
    index('one_to_one_bookings_with_member_idx').on(t.withMemberId, t.date),
    check('one_to_one_bookings_status', sql`${t.status} in ('booked', 'cancelled', 'held', 'missed')`),
    check('one_to_one_bookings_mode', sql`${t.mode} in ('in_person', 'online')`),
  ],
);
export type OneToOneBookingRow = typeof oneToOneBookings.$inferSelect;
