import type { FastifyReply } from 'fastify';
import { displayName } from '../../../domain/members/display-name';
import {
  REFERRAL_STATUS_LABELS,
  REFERRAL_TYPE_LABELS,
  type Referral,
} from '../../../domain/referrals/contracts';
import { sendCsv } from '../../http/csv';

const FORMER_MEMBER = 'Former member';

/** The history export: one line per referral, from the member's side (Given or Received). */
export function sendReferralsCsv(reply: FastifyReply, userId: string, rows: Referral[]) {
  const given = (r: Referral) => r.referrerId === userId;
  const counterpart = (r: Referral) => {
    const person = given(r)
      ? { firstName: r.reporterFirstName, lastName: r.reporterLastName, businessName: r.reporterBusinessName }
      : {
          firstName: r.referrerFirstName,
          lastName: r.referrerLastName,
          businessName: r.referrerBusinessName,
        };
    return displayName(person) || FORMER_MEMBER;
  };
  return sendCsv<Referral>(
    reply,
    'referrals.csv',
    [
      { header: 'Sale date', value: (r) => r.saleDate },
      { header: 'Direction', value: (r) => (given(r) ? 'Given' : 'Received') },
      { header: 'Member', value: counterpart },
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
