import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { displayName } from '../../../domain/members/display-name';
import { MESSAGES } from '../../../domain/messages';
import { proposedChanges, type ReferralFieldChange, sameAmount } from '../../../domain/referrals/changes';
import {
  canEditReferral,
  type editReferralSchema,
  needsAgreement,
  otherParty,
  REFERRAL_MESSAGES,
  type Referral,
} from '../../../domain/referrals/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database, Transaction } from '../../db/client';
import { type ReferralRow, referrals } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-error';
import { lockReferral } from './lock-referral';
import { recordReferralEvent, referralLabel } from './referral-events';
import { findReferralFor } from './referral-lists';
import { describeChanges, lockPendingProposal, openProposal, withdrawProposal } from './referral-proposals';

type Edit = z.output<typeof editReferralSchema> & { id: string };
type Values = Pick<ReferralRow, 'amount' | 'customerName' | 'saleDate' | 'notes'>;
const FIELDS = ['amount', 'customerName', 'saleDate', 'notes'] as const;
/** The fields that move figures: on an approved referral, only the other party's acceptance changes them. */
const AGREED_FIELDS: ReadonlySet<string> = new Set(['amount', 'saleDate']);

const changedFields = (row: Values, next: Values): ReferralFieldChange[] =>
  FIELDS.filter((f) => (f === 'amount' ? !sameAmount(row.amount, next.amount) : row[f] !== next[f])).map(
    (field) => ({ field, from: row[field], to: next[field] }),
  );

/**
 * Corrects a referral's amount, customer, date and notes (never its status); the history keeps each
 * changed field's old and new value and the other party reads what changed. On an approved referral a
 * new amount or sale date becomes a proposal the other party accepts or declines (until then every
 * figure keeps the approved values); customer and notes change at once.
 */
export async function editReferral(db: Database, actor: Actor, input: Edit): Promise<Referral> {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, input.id, actor.id);
    if (!canEditReferral(actor.id, row)) throw forbidden(MESSAGES.forbidden);
    const next: Values = {
      amount: input.amount,
      // The schema trims; empty is null.
      customerName: input.customerName || null,
      saleDate: input.saleDate,
      notes: input.notes || null,
    };
    const changes = changedFields(row, next);
    if (!needsAgreement(row)) return applyEdit(tx, actor, row, next, changes);
    await proposeAmountAndDate(tx, actor, row, next);
    const free = changes.filter((c) => !AGREED_FIELDS.has(c.field));
    if (free.length > 0)
      await applyEdit(tx, actor, row, { ...next, amount: row.amount, saleDate: row.saleDate }, free);
  });
  return (await findReferralFor(db, input.id, actor.id))!;
}

async function applyEdit(
  tx: Transaction,
  actor: Actor,
  row: ReferralRow,
  next: Values,
  changes: ReferralFieldChange[],
) {
  if (changes.length === 0) return;
  await tx
    .update(referrals)
    .set({ ...next, updatedAt: sql`now()` })
    .where(eq(referrals.id, row.id));
  await recordReferralEvent(tx, {
    referralId: row.id,
    actorId: actor.id,
    kind: 'edited',
    changes,
    tell: {
      userId: otherParty(actor.id, row),
      kind: 'referral_edited',
      description: `${displayName(actor)} changed ${describeChanges(changes)} of ${referralLabel(row.customerName)}`,
    },
  });
}

/**
 * Opens, replaces or withdraws the actor's proposal of a new amount and sale date. The other party's
 * waiting proposal (or the actor's own removal request) must be settled first: 409, nothing changed.
 */
async function proposeAmountAndDate(tx: Transaction, actor: Actor, row: ReferralRow, next: Values) {
  const wanted = proposedChanges(row, next);
  const pending = await lockPendingProposal(tx, row.id);
  if (pending && pending.proposedById !== actor.id) {
    if (wanted.length > 0) throw conflict(REFERRAL_MESSAGES.otherProposalWaiting);
    return;
  }
  if (pending?.kind === 'removal') {
    if (wanted.length > 0) throw conflict(REFERRAL_MESSAGES.removalWaiting);
    return;
  }
  const sameAsPending =
    pending && sameAmount(pending.amount ?? '', next.amount) && pending.saleDate === next.saleDate;
  if (sameAsPending && wanted.length > 0) return; // the same proposal again
  const name = displayName(actor);
  const label = referralLabel(row.customerName);
  // Replaced by a new proposal (the other party hears of the new one), or taken back (they hear that).
  if (pending)
    await withdrawProposal(
      tx,
      actor.id,
      row,
      pending,
      wanted.length > 0
        ? undefined
        : {
            userId: otherParty(actor.id, row),
            description: `${name} withdrew the proposed change to ${label}`,
          },
    );
  if (wanted.length === 0) return;
  const proposal = await openProposal(tx, {
    referralId: row.id,
    kind: 'change',
    proposedById: actor.id,
    amount: next.amount,
    saleDate: next.saleDate,
  });
  await recordReferralEvent(tx, {
    referralId: row.id,
    actorId: actor.id,
    kind: 'change_proposed',
    changes: proposedChanges(row, proposal), // as stored: '30' reads 30.00
    tell: {
      userId: otherParty(actor.id, row),
      kind: 'referral_proposal',
      description: `${name} proposes changing ${describeChanges(wanted)} of ${label}. Until you accept, it keeps its approved values.`,
    },
  });
}
