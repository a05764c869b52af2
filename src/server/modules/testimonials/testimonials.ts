import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { displayName, type NamedPerson } from '../../../domain/members/display-name';
import { toEnteredBy } from '../../../domain/members/entered-by';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import type { PageRequest } from '../../../domain/paging';
import {
  TESTIMONIAL_MESSAGES as M,
  PUBLIC_TESTIMONIALS,
  type PublicTestimonial,
  type Testimonial,
  type TestimonialPage,
  type writeTestimonialSchema,
} from '../../../domain/testimonials/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database, Transaction } from '../../db/client';
import { testimonials, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../http/keyset-cursor';
import { fieldError, forbidden, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { notify } from '../notifications/notify';

const other = alias(users, 'other');
const enterer = alias(users, 'enterer');
/** A testimonial with the other member's name, as both lists and a single answer read it. */
const withOther = {
  row: testimonials,
  otherId: other.id,
  otherFirstName: other.firstName,
  otherLastName: other.lastName,
  otherBusinessName: other.businessName,
  otherEmail: other.email,
  entererFirstName: enterer.firstName,
  entererLastName: enterer.lastName,
  entererEmail: enterer.email,
  entererRole: enterer.role,
};

/** My testimonials on one side, newest first (keyset on date, id), with the other member's name. */
function selectTestimonials(db: Database | Transaction, me: string, side: 'received' | 'written') {
  const mine = side === 'written' ? testimonials.writerId : testimonials.recipientId;
  const theirs = side === 'written' ? testimonials.recipientId : testimonials.writerId;
  const query = (where: ReturnType<typeof sql> | undefined, limit: number) =>
    db
      .select(withOther)
      .from(testimonials)
      .leftJoin(other, eq(other.id, theirs))
      .leftJoin(enterer, eq(enterer.id, testimonials.enteredById))
      .where(and(eq(mine, me), where))
      .orderBy(desc(testimonials.givenOn), desc(testimonials.id))
      .limit(limit);
  return query;
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTestimonials>>>[number];

const toTestimonial = ({ row, ...o }: Row, me: string): Testimonial => ({
  id: row.id,
  body: row.body,
  givenIn: row.givenIn as Testimonial['givenIn'],
  givenOn: row.givenOn,
  shownOnProfile: row.shownOnProfile,
  writtenByMe: row.writerId === me,
  enteredBy: toEnteredBy({
    firstName: o.entererFirstName,
    lastName: o.entererLastName,
    email: o.entererEmail,
    role: o.entererRole,
  }),
  other: o.otherId
    ? {
        id: o.otherId,
        name: displayName({ firstName: o.otherFirstName, lastName: o.otherLastName, email: o.otherEmail }),
        businessName: o.otherBusinessName,
      }
    : null,
  createdAt: row.createdAt.toISOString(),
});

/** Tells the recipient of a new testimonial, with `before` (who keyed it in, say) ahead of the usual words. */
export const tellTestimonialRecipient = (
  tx: Transaction,
  writer: NamedPerson,
  recipientId: string,
  before?: string,
) =>
  notify(tx, {
    userId: recipientId,
    kind: 'testimonial',
    title: `${displayName(writer)} wrote you a testimonial`,
    body: `${before ? `${before} ` : ''}Read it on your dashboard. It shows on your public profile only if you choose to show it.`,
    link: NOTIFICATION_LINKS.testimonials,
  });

/** GET /api/testimonials?side=received|written */
export async function listTestimonials(
  db: Database,
  me: string,
  page: PageRequest & { side: 'received' | 'written' },
): Promise<TestimonialPage> {
  const after = decodeCursor(page.cursor);
  const keyset = after
    ? sql`(${testimonials.givenOn}, ${testimonials.id}) < (${after.date}::date, ${after.id}::uuid)`
    : undefined;
  const rows = await selectTestimonials(db, me, page.side)(keyset, page.limit + 1);
  const items = rows.slice(0, page.limit).map((row) => toTestimonial(row, me));
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > page.limit && last ? encodeCursor({ date: last.givenOn, id: last.id }) : null,
  };
}

async function testimonialFor(db: Database | Transaction, id: string, me: string) {
  const [row] = await db
    .select(withOther)
    .from(testimonials)
    .leftJoin(
      other,
      eq(
        other.id,
        sql`case when ${testimonials.writerId} = ${me} then ${testimonials.recipientId} else ${testimonials.writerId} end`,
      ),
    )
    .leftJoin(enterer, eq(enterer.id, testimonials.enteredById))
    .where(eq(testimonials.id, id));
  return toTestimonial(row!, me);
}

/**
 * POST /api/testimonials: the actor writes one for another current member, who is told (and decides whether
 * it shows on their public profile: off until they choose). The recipient is locked against removal meanwhile.
 */
export async function writeTestimonial(
  db: Database,
  actor: Actor,
  input: z.output<typeof writeTestimonialSchema>,
): Promise<Testimonial> {
  if (input.forMemberId === actor.id) throw fieldError('forMemberId', M.notSelf);
  const id = await db.transaction(async (tx) => {
    const [recipient] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.forMemberId), ne(users.role, 'GUEST')))
      .for('key share');
    if (!recipient) throw fieldError('forMemberId', M.notAMember);
    const [row] = await tx
      .insert(testimonials)
      .values({
        writerId: actor.id,
        recipientId: recipient.id,
        body: input.body,
        givenIn: input.givenIn,
        givenOn: input.givenOn,
      })
      .returning({ id: testimonials.id });
    await tellTestimonialRecipient(tx, actor, recipient.id);
    return row!.id;
  });
  return testimonialFor(db, id, actor.id);
}

/** The testimonial, locked, for a change only `who` may make (anyone else in it is refused; others see 404). */
async function lockFor(tx: Transaction, id: string, actorId: string, who: 'writer' | 'recipient') {
  if (!isUuid(id)) throw notFound(M.notFound);
  const [row] = await tx.select().from(testimonials).where(eq(testimonials.id, id)).for('update');
  if (!row || (row.writerId !== actorId && row.recipientId !== actorId)) throw notFound(M.notFound);
  const allowed = who === 'writer' ? row.writerId === actorId : row.recipientId === actorId;
  if (!allowed) throw forbidden(who === 'writer' ? M.onlyWriterRemoves : M.onlyRecipientShows);
  return row;
}

/** PATCH /api/testimonials/:id: the recipient shows it on their public profile or hides it again. */
export async function showTestimonial(db: Database, actor: Actor, id: string, shownOnProfile: boolean) {
  await db.transaction(async (tx) => {
    await lockFor(tx, id, actor.id, 'recipient');
    await tx.update(testimonials).set({ shownOnProfile }).where(eq(testimonials.id, id));
  });
  return testimonialFor(db, id, actor.id);
}

/** DELETE /api/testimonials/:id: the writer takes it back. */
export async function removeTestimonial(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockFor(tx, id, actor.id, 'writer');
    await tx.delete(testimonials).where(eq(testimonials.id, id));
  });
}

/**
 * GET /api/testimonials/public/:memberId: the newest testimonials a current member chose to show; null for
 * an id that is no current member's (a guest's profile is not public). One query.
 */
export async function publicTestimonials(
  db: Database,
  memberId: string,
): Promise<PublicTestimonial[] | null> {
  if (!isUuid(memberId)) return null;
  const { rows } = (await db.execute(sql`
    select m.id as member_id, t.id, t.body, t.given_on::text as given_on,
      w.id as writer_id, w.first_name, w.last_name, w.business_name, case when w.role <> 'GUEST' then w.slug end as slug
    from ${users} m
    left join lateral (
      select * from ${testimonials} t
      where t.recipient_id = m.id and t.shown_on_profile
      order by t.given_on desc, t.id desc limit ${PUBLIC_TESTIMONIALS}
    ) t on true
    left join ${users} w on w.id = t.writer_id
    where m.id = ${memberId} and m.role <> 'GUEST'
    order by t.given_on desc, t.id desc`)) as {
    rows: {
      id: string | null;
      body: string;
      given_on: string;
      first_name: string | null;
      last_name: string | null;
      writer_id: string | null;
      business_name: string | null;
      slug: string | null;
    }[];
  };
  if (rows.length === 0) return null;
  return rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      body: r.body,
      givenOn: r.given_on,
      // Never the writer's email: a public page names them, or says "A member".
      writer: r.writer_id
        ? {
            name:
              displayName({
                firstName: r.first_name,
                lastName: r.last_name,
                businessName: r.business_name,
              }) || 'A member',
            businessName: r.business_name,
            slug: r.slug,
          }
        : null,
    }));
}
