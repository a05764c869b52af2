import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { longDay } from '../../../domain/calendar/day-name';
import { todayIn } from '../../../domain/dates';
import { displayName, type NamedPerson } from '../../../domain/members/display-name';
import { type logOneToOneSchema, ONE_TO_ONE_MESSAGES as M } from '../../../domain/one-to-ones/contracts';
import { laterDate, orderedPair } from '../../../domain/one-to-ones/pair';
import type { Actor } from '../../auth/session-store';
import { effectiveTimeZone } from '../../db/chapter-settings';
import type { Database, Transaction } from '../../db/client';
import { oneToOnes, users } from '../../db/schema';
import { fieldError } from '../../lib/http-error';
import { recordOneToOneEvent } from './one-to-one-events';
import { oneToOneFor } from './one-to-one-rows';

export type LogOneToOne = z.output<typeof logOneToOneSchema>;

/**
 * The two members, locked against removal until the caller commits: the other must be a current member
 * (not a guest). Answers the day the newer of the two joined, in each one's chapter's calendar.
 */
export async function lockPair(tx: Transaction, actorId: string, otherId: string, field: string) {
  if (otherId === actorId) throw fieldError(field, M.notSelf);
  const rows = await tx
    .select({
      id: users.id,
      chapterId: users.chapterId,
      createdAt: users.createdAt,
      timeZone: effectiveTimeZone(users.chapterId),
    })
    .from(users)
    .where(and(inArray(users.id, [actorId, otherId]), ne(users.role, 'GUEST')))
    .orderBy(users.id)
    .for('key share', { of: users });
  const other = rows.find((r) => r.id === otherId);
  const me = rows.find((r) => r.id === actorId);
  if (!other || !me) throw fieldError(field, M.notAMember);
  const joined = (r: typeof me) => todayIn(r.timeZone, r.createdAt);
  return { me, other, bothMembersSince: laterDate(joined(me), joined(other)) };
}

/** Who a one-to-one is logged by: a member; `enteredBy` when leadership keyed it in from their paper slip. */
export type OneToOneLogger = Pick<Actor, 'id'> & NamedPerson & { enteredBy?: { id: string; line: string } };

/**
 * Logs a one-to-one of the actor with another member, in the caller's transaction. The pair and date are
 * one row whoever logs it: a second log (from either side, or at the same moment) finds the first and
 * answers it, `created: false`, and the other member is told only of the first.
 */
export async function logOneToOneIn(
  tx: Transaction,
  actor: OneToOneLogger,
  input: LogOneToOne,
  bookingId: string | null = null,
): Promise<{ id: string; created: boolean }> {
  const { bothMembersSince } = await lockPair(tx, actor.id, input.withMemberId, 'withMemberId');
  if (input.metOn < bothMembersSince) throw fieldError('metOn', M.beforeJoined);
  const pair = orderedPair(actor.id, input.withMemberId);
  const [inserted] = await tx
    .insert(oneToOnes)
    .values({
      ...pair,
      loggedById: actor.id,
      enteredById: actor.enteredBy?.id ?? null,
      metOn: input.metOn,
      mode: input.mode,
      place: input.place,
      minutes: input.minutes,
      learned: input.learned,
      nextStep: input.nextStep,
      bookingId,
    })
    .onConflictDoNothing({ target: [oneToOnes.memberAId, oneToOnes.memberBId, oneToOnes.metOn] })
    .returning({ id: oneToOnes.id });
  if (!inserted) {
    // The other transaction committed first (the unique index waited for it): the one-to-one is theirs.
    const [existing] = await tx
      .select({ id: oneToOnes.id })
      .from(oneToOnes)
      .where(
        and(
          eq(oneToOnes.memberAId, pair.memberAId),
          eq(oneToOnes.memberBId, pair.memberBId),
          eq(oneToOnes.metOn, input.metOn),
        ),
      );
    return { id: existing!.id, created: false };
  }
  await recordOneToOneEvent(tx, {
    oneToOneId: inserted.id,
    actorId: actor.enteredBy?.id ?? actor.id,
    kind: 'logged',
    tell: {
      userId: input.withMemberId,
      body: `${displayName(actor)} logged a one-to-one with you on ${longDay(input.metOn)}.${actor.enteredBy ? ` ${actor.enteredBy.line}, from the paper slip.` : ''} It counts for you both; if it did not happen, say so on your dashboard.`,
    },
  });
  return { id: inserted.id, created: true };
}

/** POST /api/one-to-ones */
export async function logOneToOne(db: Database, actor: Actor, input: LogOneToOne) {
  const result = await db.transaction((tx) => logOneToOneIn(tx, actor, input));
  return { created: result.created, oneToOne: await oneToOneFor(db, result.id, actor.id) };
}
