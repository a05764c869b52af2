import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { displayName } from '../../../domain/members/display-name';
import { MESSAGES } from '../../../domain/messages';
import { formatUsd } from '../../../domain/money';
import { canEditReferral, type editReferralSchema, type Referral } from '../../../domain/referrals/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { type ReferralFieldChange, referrals } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { lockReferral } from './lock-referral';
import { recordReferralEvent, referralLabel } from './referral-events';
import { findReferralFor } from './referral-queries';

type Edit = z.output<typeof editReferralSchema> & { id: string };

const FIELD_LABELS = {
  amount: 'amount',
  customerName: 'customer',
  saleDate: 'sale date',
  notes: 'notes',
} as const;
type EditableField = keyof typeof FIELD_LABELS;

const show = (field: EditableField, value: string | null) =>
  value === null ? 'nothing' : field === 'amount' ? formatUsd(value) : value;

/**
 * Corrects a referral's amount, customer, date and notes (never its status). The history keeps each
 * changed field's old and new value; the other party reads what changed. Metrics follow by themselves,
 * because they are summed from the referrals.
 */
export async function editReferral(db: Database, actor: Actor, input: Edit): Promise<Referral> {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, input.id, actor.id);
    if (!canEditReferral(actor.id, row)) throw forbidden(MESSAGES.forbidden);
    const next = {
      amount: input.amount,
      customerName: input.customerName?.trim() || null,
      saleDate: input.saleDate,
      notes: input.notes?.trim() || null,
    };
    // Compare as numbers of cents for the amount ('1500' and '1500.00' are the same amount).
    const same = (field: EditableField) =>
      field === 'amount' ? Number(row.amount) === Number(next.amount) : row[field] === next[field];
    const changes: ReferralFieldChange[] = (Object.keys(FIELD_LABELS) as EditableField[])
      .filter((field) => !same(field))
      .map((field) => ({ field, from: row[field], to: next[field] }));
    if (changes.length === 0) return;
    await tx
      .update(referrals)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(referrals.id, row.id));
    const name = displayName(actor);
    const said = changes
      .map((c) => {
        const field = c.field as EditableField;
        return `the ${FIELD_LABELS[field]} from ${show(field, c.from)} to ${show(field, c.to)}`;
      })
      .join(', ');
    await recordReferralEvent(tx, {
      referralId: row.id,
      actorId: actor.id,
      kind: 'edited',
      changes,
      tell: {
        userId: row.referrerId === actor.id ? row.reporterId : row.referrerId,
        kind: 'referral_edited',
        description: `${name} changed ${said} of ${referralLabel(row.customerName)}`,
      },
    });
  });
  return (await findReferralFor(db, input.id, actor.id))!;
}
