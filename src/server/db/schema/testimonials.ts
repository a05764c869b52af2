import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A member's testimonial for another member: given in the meeting or written. It counts for the writer (the
 * PALMS report's T). The recipient decides whether it shows on their public profile: off until they choose.
 * Like one-to-ones it crosses chapters and carries no chapter of its own.
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    writerId: uuid('writer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who keyed it in at the slips desk on the writer's behalf (leadership, from a paper slip); null: the writer. */
    enteredById: uuid('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    givenIn: text('given_in').notNull(),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    shownOnProfile: boolean('shown_on_profile').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A member removed sets the slips they keyed in to no one: found by this index, not a scan.
    index('testimonials_entered_by_idx').on(t.enteredById).where(sql`${t.enteredById} is not null`),
    // Each side's list, newest first; the writer's side also counts the week's T.
    index('testimonials_writer_idx').on(t.writerId, t.givenOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('testimonials_given_in', sql`${t.givenIn} in ('meeting', 'written')`),
    index('testimonials_recipient_idx').on(
      t.recipientId,
      t.givenOn.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
export type TestimonialRow = typeof testimonials.$inferSelect;
