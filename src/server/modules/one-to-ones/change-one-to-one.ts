import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { longDay } from '../../../domain/calendar/day-name';
import { displayName } from '../../../domain/members/display-name';
import {
  type editOneToOneSchema,
  ONE_TO_ONE_MESSAGES as M,
  type OneToOne,
  type OneToOneProposal,
} from '../../../domain/one-to-ones/contracts';
import { otherOf } from '../../../domain/one-to-ones/pair';
import type { Actor } from '../../auth/session-store';
import type { Database, Transaction } from '../../db/client';
import { type OneToOneRow, oneToOneProposals, oneToOnes } from '../../db/schema';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../lib/http-error';
import { lockPair } from './log-one-to-one';
import { type OneToOneEventKind, recordOneToOneEvent } from './one-to-one-events';
import { lockOneToOne, oneToOneFor } from './one-to-one-rows';

type Edit = z.output<typeof editOneToOneSchema>;
const FIELDS = ['metOn', 'mode', 'place', 'minutes', 'learned', 'nextStep'] as const;
type Field = (typeof FIELDS)[number];

async function pendingProposal(tx: Transaction, oneToOneId: string) {
  const [row] = await tx
    .select()
    .from(oneToOneProposals)
    .where(and(eq(oneToOneProposals.oneToOneId, oneToOneId), eq(oneToOneProposals.status, 'pending')))
    .for('update');
  return row;
}

/** The date may move only to a day both were members on, and not onto another one-to-one of the pair. */
async function checkNewDate(tx: Transaction, row: OneToOneRow, actor: Actor, metOn: string) {
  const other = otherOf(row, actor.id);
  if (other) {
    // The other member may have left (a guest again, or removed): then only the date rules of the form apply.
    const { bothMembersSince } = await lockPair(tx, actor.id, other, 'metOn').catch((error: unknown) => {
      if (error instanceof HttpError) return { bothMembersSince: '' };
      throw error;
    });
    if (metOn < bothMembersSince) throw fieldError('metOn', M.beforeJoined);
  }
  const [taken] = await tx
    .select({ id: oneToOnes.id })
    .from(oneToOnes)
    .where(
      and(
        eq(oneToOnes.memberAId, row.memberAId!),
        eq(oneToOnes.memberBId, row.memberBId!),
        eq(oneToOnes.metOn, metOn),
        ne(oneToOnes.id, row.id),
      ),
    );
  if (taken) throw fieldError('metOn', M.dateTaken);
}

const changesOf = (row: OneToOneRow, values: Partial<Record<Field, unknown>>) =>
  Object.fromEntries(
    FIELDS.filter((f) => values[f] !== undefined && values[f] !== row[f]).map((f) => [
      f,
      { from: row[f], to: values[f] },
    ]),
  );

/** Applies `values` to the row and writes the history line, telling the other member. */
async function apply(
  tx: Transaction,
  row: OneToOneRow,
  actor: Actor,
  values: Partial<Record<Field, unknown>>,
  kind: OneToOneEventKind,
  tellUserId: string | null,
) {
  const changes = changesOf(row, values);
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(oneToOnes)
    .set({ ...Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.to])), updatedAt: new Date() })
    .where(eq(oneToOnes.id, row.id));
  await recordOneToOneEvent(tx, {
    oneToOneId: row.id,
    actorId: actor.id,
    kind,
    changes,
    tell: {
      userId: tellUserId,
      body: `${displayName(actor)} ${kind === 'edited' ? 'edited' : 'accepted the change to'} your one-to-one of ${longDay(row.metOn)}.`,
    },
  });
}

/**
 * PATCH /api/one-to-ones/:id: either member edits it, the other is told, and the history keeps each old value.
 * Its date, once its week (or the week it would move to) is closed, changes only when the other member accepts:
 * the change is a proposal, and the rest of the edit applies at once.
 */
export async function editOneToOne(db: Database, actor: Actor, id: string, input: Edit): Promise<OneToOne> {
  await db.transaction(async (tx) => {
    const moving = input.metOn !== undefined ? input.metOn : undefined;
    const { row, weekClosed, targetWeekClosed } = await lockOneToOne(tx, id, actor.id, moving);
    const mode = input.mode ?? row.mode;
    const place = input.place !== undefined ? input.place : row.place;
    if (mode === 'in_person' && !place) throw fieldError('place', M.placeRequired);
    const dateChanges = moving !== undefined && moving !== row.metOn;
    if (dateChanges) await checkNewDate(tx, row, actor, moving);
    const asProposal = dateChanges && (weekClosed || targetWeekClosed);
    if (dateChanges && (await pendingProposal(tx, id))) throw conflict(M.proposalWaiting);
    const { metOn, ...rest } = input;
    await apply(tx, row, actor, asProposal ? rest : input, 'edited', otherOf(row, actor.id));
    if (asProposal) await propose(tx, row, actor, 'change', { metOn });
  });
  return oneToOneFor(db, id, actor.id);
}

async function propose(
  tx: Transaction,
  row: OneToOneRow,
  actor: Actor,
  kind: 'change' | 'removal',
  changes: Record<string, unknown>,
) {
  await tx.insert(oneToOneProposals).values({ oneToOneId: row.id, kind, proposedById: actor.id, changes });
  await recordOneToOneEvent(tx, {
    oneToOneId: row.id,
    actorId: actor.id,
    kind: kind === 'change' ? 'change_proposed' : 'removal_requested',
    changes: kind === 'change' ? { metOn: { from: row.metOn, to: changes.metOn } } : {},
    tell: {
      userId: otherOf(row, actor.id),
      body:
        kind === 'change'
          ? `${displayName(actor)} asks to move your one-to-one of ${longDay(row.metOn)} to ${longDay(String(changes.metOn))}. Its week is closed, so it waits for your answer.`
          : `${displayName(actor)} asks to remove your one-to-one of ${longDay(row.metOn)}. Its week is closed, so it waits for your answer.`,
    },
  });
}

/**
 * DELETE /api/one-to-ones/:id: removed at once while its week is open (the other member told, the history
 * kept); once closed, a removal request the other member answers.
 */
export async function deleteOneToOne(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ requested: OneToOneProposal | null }> {
  const requested = await db.transaction(async (tx) => {
    const { row, weekClosed } = await lockOneToOne(tx, id, actor.id);
    if (await pendingProposal(tx, id)) throw conflict(M.proposalWaiting);
    if (weekClosed) {
      await propose(tx, row, actor, 'removal', {});
      return true;
    }
    await tx.delete(oneToOnes).where(eq(oneToOnes.id, id));
    await recordOneToOneEvent(tx, {
      oneToOneId: id,
      actorId: actor.id,
      kind: 'deleted',
      tell: {
        userId: otherOf(row, actor.id),
        body: `${displayName(actor)} deleted your one-to-one of ${longDay(row.metOn)}; it no longer counts for either of you.`,
      },
    });
    return false;
  });
  return { requested: requested ? (await oneToOneFor(db, id, actor.id)).proposal : null };
}

/**
 * Locks a pending proposal's one-to-one, then the proposal (the order every path takes). An accepted removal
 * deletes the one-to-one and keeps the proposal, so a second answer at the same moment finds it answered (409).
 * Someone who is not one of the two gets 404.
 */
async function lockProposal(tx: Transaction, proposalId: string, me: string) {
  const status = async () =>
    (await tx.select().from(oneToOneProposals).where(eq(oneToOneProposals.id, proposalId)))[0];
  const seen = await status();
  if (!seen) throw notFound(M.proposalNotFound);
  const [row] = await tx.select().from(oneToOnes).where(eq(oneToOnes.id, seen.oneToOneId)).for('update');
  if (!row) {
    if ((await status())?.status !== 'pending') throw conflict(M.proposalAnswered);
    throw notFound(M.proposalNotFound);
  }
  if (row.memberAId !== me && row.memberBId !== me) throw notFound(M.proposalNotFound);
  const [current] = await tx
    .select()
    .from(oneToOneProposals)
    .where(eq(oneToOneProposals.id, proposalId))
    .for('update');
  if (current!.status !== 'pending') throw conflict(M.proposalAnswered);
  return { proposal: current!, row };
}

/**
 * PATCH /api/one-to-ones/proposals/:id: the other member accepts (the change applies, or the one-to-one is
 * removed) or declines; the proposer is told either way.
 */
export async function answerOneToOneProposal(
  db: Database,
  actor: Actor,
  proposalId: string,
  decision: 'accepted' | 'declined',
): Promise<{ oneToOne: OneToOne | null }> {
  const oneToOneId = await db.transaction(async (tx) => {
    const { proposal, row } = await lockProposal(tx, proposalId, actor.id);
    if (proposal.proposedById === actor.id) throw forbidden(M.notYourProposalToAnswer);
    await tx
      .update(oneToOneProposals)
      .set({ status: decision, answeredById: actor.id, answeredAt: new Date() })
      .where(eq(oneToOneProposals.id, proposalId));
    const proposer = proposal.proposedById;
    if (decision === 'accepted' && proposal.kind === 'change') {
      const metOn = String(proposal.changes.metOn);
      await checkNewDate(tx, row, actor, metOn);
      await apply(tx, row, actor, { metOn }, 'change_accepted', proposer);
      return row.id;
    }
    if (decision === 'accepted') await tx.delete(oneToOnes).where(eq(oneToOnes.id, row.id));
    const kind: OneToOneEventKind =
      proposal.kind === 'change'
        ? 'change_declined'
        : decision === 'accepted'
          ? 'removal_accepted'
          : 'removal_declined';
    await recordOneToOneEvent(tx, {
      oneToOneId: row.id,
      actorId: actor.id,
      kind,
      tell: {
        userId: proposer,
        body: `${displayName(actor)} ${decision} your request about the one-to-one of ${longDay(row.metOn)}.`,
      },
    });
    return decision === 'accepted' && proposal.kind === 'removal' ? null : row.id;
  });
  return { oneToOne: oneToOneId ? await oneToOneFor(db, oneToOneId, actor.id) : null };
}

/** DELETE /api/one-to-ones/proposals/:id: the proposer withdraws it. */
export async function withdrawOneToOneProposal(db: Database, actor: Actor, proposalId: string) {
  const id = await db.transaction(async (tx) => {
    const { proposal, row } = await lockProposal(tx, proposalId, actor.id);
    if (proposal.proposedById !== actor.id) throw forbidden(M.notYourProposalToWithdraw);
    await tx
      .update(oneToOneProposals)
      .set({ status: 'withdrawn', answeredById: actor.id, answeredAt: new Date() })
      .where(eq(oneToOneProposals.id, proposalId));
    await recordOneToOneEvent(tx, {
      oneToOneId: row.id,
      actorId: actor.id,
      kind: 'proposal_withdrawn',
      tell: {
        userId: otherOf(row, actor.id),
        body: `${displayName(actor)} withdrew their request about the one-to-one of ${longDay(row.metOn)}.`,
      },
    });
    return row.id;
  });
  return { oneToOne: await oneToOneFor(db, id, actor.id) };
}
