import { displayName } from '../members/display-name';
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
