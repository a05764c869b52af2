import type { FastifyReply } from 'fastify';
import {
  REFERRAL_STATUS_LABELS,
  REFERRAL_TYPE_LABELS,
  type Referral,
} from '../../../domain/referrals/contracts';
import { counterpartName, isGiven } from '../../../domain/referrals/names';
import { type RowSource, sendCsv } from '../../http/csv';

/** The history export: one line per referral, from the member's side (Given or Received). */
export function sendReferralsCsv(reply: FastifyReply, userId: string, rows: RowSource<Referral>) {
  return sendCsv<Referral>(
    reply,
    'referrals.csv',
    [
      { header: 'Sale date', value: (r) => r.saleDate },
      { header: 'Direction', value: (r) => (isGiven(r, userId) ? 'Given' : 'Received') },
      { header: 'Member', value: (r) => counterpartName(r, userId) },
      { header: 'Customer', value: (r) => r.customerName },
      { header: 'Amount', value: (r) => r.amount },
      { header: 'Type', value: (r) => REFERRAL_TYPE_LABELS[r.referralType] },
      { header: 'Status', value: (r) => REFERRAL_STATUS_LABELS[r.status] },
      { header: 'Notes', value: (r) => r.notes },
      { header: 'Created', value: (r) => r.createdAt },
      { header: 'Updated', value: (r) => r.updatedAt },
    ],
    rows,
  );
}
