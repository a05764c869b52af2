import { displayName } from '../members/display-name';
import { formatUsd } from '../money';
import type { Referral } from './contracts';

const FORMER_MEMBER = 'Former member';

/** The other party's name, seen from `userId`'s side (a deleted member shows as 'Former member'). */
export function counterpartName(referral: Referral, userId: string): string {
  const given = referral.referrerId === userId;
  const person = given
    ? {
        firstName: referral.reporterFirstName,
        lastName: referral.reporterLastName,
        businessName: referral.reporterBusinessName,
      }
    : {
        firstName: referral.referrerFirstName,
        lastName: referral.referrerLastName,
        businessName: referral.referrerBusinessName,
      };
  return displayName(person) || FORMER_MEMBER;
}

export const isGiven = (referral: Referral, userId: string) => referral.referrerId === userId;

/** How each referral field is named in what its parties read (history lines, notifications). */
const FIELD_LABELS: Record<string, string> = {
  amount: 'amount',
  customerName: 'customer',
  saleDate: 'sale date',
  notes: 'notes',
};

const showValue = (field: string, value: string | null) =>
  value === null ? 'nothing' : field === 'amount' ? formatUsd(value) : value;

/** "amount from $200.00 to $500.00": one changed field, as the history and the notifications say it. */
export const describeFieldChange = (change: { field: string; from: string | null; to: string | null }) =>
  `${FIELD_LABELS[change.field] ?? change.field} from ${showValue(change.field, change.from)} to ${showValue(change.field, change.to)}`;
