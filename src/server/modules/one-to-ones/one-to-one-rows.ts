import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '../../../domain/members/display-name';
import { toEnteredBy } from '../../../domain/members/entered-by';
import { ONE_TO_ONE_MESSAGES, type OneToOne, type OneToOneMode } from '../../../domain/one-to-ones/contracts';
import type { Database, Transaction } from '../../db/client';
import { meetings, oneToOneProposals, oneToOnes, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';

const other = alias(users, 'other');
const enterer = alias(users, 'enterer');

/** The one-to-ones `userId` is one of the two members of. */
export const asMember = (userId: string) =>
  or(eq(oneToOnes.memberAId, userId), eq(oneToOnes.memberBId, userId));

/**
 * Whether the week a one-to-one is dated in is closed in either member's chapter: a closed meeting dated
 * that day or up to six days after (a week is a meeting's day and the six before it).
 */
export const weekClosedOn = (day: SQL | typeof oneToOnes.metOn) => sql<boolean>`exists (
  select 1 from ${meetings} m
  where m.state = 'closed' and m.meeting_date between ${day} and ${day} + 6
    and m.chapter_id in (select u.chapter_id from ${users} u where u.id in (${oneToOnes.memberAId}, ${oneToOnes.memberBId})))`;
export const weekClosedSql = weekClosedOn(oneToOnes.metOn);

/** One-to-ones as `me` sees them: the other member, the week's state and a pending proposal, in one query. */
export function selectOneToOnes(db: Database | Transaction, me: string, where: SQL | undefined) {
  return db
    .select({
      id: oneToOnes.id,
      metOn: oneToOnes.metOn,
      mode: oneToOnes.mode,
      place: oneToOnes.place,
      minutes: oneToOnes.minutes,
      learned: oneToOnes.learned,
      nextStep: oneToOnes.nextStep,
      status: oneToOnes.status,
      loggedById: oneToOnes.loggedById,
      disputeNote: oneToOnes.disputeNote,
      createdAt: oneToOnes.createdAt,
      entererFirstName: enterer.firstName,
      entererLastName: enterer.lastName,
      entererEmail: enterer.email,
      entererRole: enterer.role,
      otherId: other.id,
      otherFirstName: other.firstName,
      otherLastName: other.lastName,
      otherBusinessName: other.businessName,
      otherEmail: other.email,
      weekClosed: weekClosedSql,
      proposalId: oneToOneProposals.id,
      proposalKind: oneToOneProposals.kind,
      proposalById: oneToOneProposals.proposedById,
      proposalChanges: oneToOneProposals.changes,
      proposalCreatedAt: oneToOneProposals.createdAt,
    })
    .from(oneToOnes)
    .leftJoin(
      other,
      eq(
        other.id,
        sql`case when ${oneToOnes.memberAId} = ${me} then ${oneToOnes.memberBId} else ${oneToOnes.memberAId} end`,
      ),
    )
    .leftJoin(enterer, eq(enterer.id, oneToOnes.enteredById))
    .leftJoin(
      oneToOneProposals,
      and(eq(oneToOneProposals.oneToOneId, oneToOnes.id), eq(oneToOneProposals.status, 'pending')),
    )
    .where(and(asMember(me), where))
    .orderBy(desc(oneToOnes.metOn), desc(oneToOnes.id));
}

type Row = Awaited<ReturnType<typeof selectOneToOnes>>[number];

export function toOneToOne(row: Row, me: string): OneToOne {
  const changes = (row.proposalChanges ?? {}) as { metOn?: string; minutes?: number };
  return {
    id: row.id,
    metOn: row.metOn,
    mode: row.mode as OneToOneMode,
    place: row.place,
    minutes: row.minutes,
    learned: row.learned,
    nextStep: row.nextStep,
    status: row.status as OneToOne['status'],
    loggedByMe: row.loggedById === me,
    enteredBy: toEnteredBy({
      firstName: row.entererFirstName,
      lastName: row.entererLastName,
      email: row.entererEmail,
      role: row.entererRole,
    }),
    other: row.otherId
      ? {
          id: row.otherId,
          name: displayName({
            firstName: row.otherFirstName,
            lastName: row.otherLastName,
            businessName: row.otherBusinessName,
            email: row.otherEmail,
          }),
          businessName: row.otherBusinessName,
        }
      : null,
    disputeNote: row.disputeNote,
    weekClosed: Boolean(row.weekClosed),
    proposal: row.proposalId
      ? {
          id: row.proposalId,
          kind: row.proposalKind as 'change' | 'removal',
          proposedByMe: row.proposalById === me,
          metOn: changes.metOn ?? null,
          minutes: changes.minutes ?? null,
          createdAt: row.proposalCreatedAt!.toISOString(),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One one-to-one as `me` sees it; 404 when they are not one of its two members (or it does not exist). */
export async function oneToOneFor(db: Database | Transaction, id: string, me: string): Promise<OneToOne> {
  const [row] = await selectOneToOnes(db, me, eq(oneToOnes.id, id));
  if (!row) throw notFound(ONE_TO_ONE_MESSAGES.notFound);
  return toOneToOne(row, me);
}

/**
 * Locks a one-to-one for a change by `me`; someone who is not one of the two gets 404, as for an unknown id.
 * Says whether its week is closed, and (given `movingTo`) whether the week of that other date is.
 */
export async function lockOneToOne(tx: Transaction, id: string, me: string, movingTo?: string) {
  const [row] = await tx.select().from(oneToOnes).where(eq(oneToOnes.id, id)).for('update');
  if (!row || (row.memberAId !== me && row.memberBId !== me)) throw notFound(ONE_TO_ONE_MESSAGES.notFound);
  const [weeks] = await tx
    .select({
      closed: weekClosedSql,
      targetClosed: movingTo ? weekClosedOn(sql`${movingTo}::date`) : sql<boolean>`false`,
    })
    .from(oneToOnes)
    .where(eq(oneToOnes.id, id));
  return { row, weekClosed: Boolean(weeks?.closed), targetWeekClosed: Boolean(weeks?.targetClosed) };
}
