import { isAdmin, type Role } from '../roles/roles';
import type { ReferralStatus } from './status';

/** The fields of a referral its rules look at: who referred, who received, who created it, its status. */
export interface ReferralParties {
  referrerId: string | null;
  reporterId: string | null;
  createdById: string | null;
  status: ReferralStatus;
}

/**
 * Who may do what with a referral (DESIGN section 6, docs/decisions/0012). The server calls these
 * after locking the row; the web calls them to decide which buttons to show.
 */
export const isParty = (userId: string, referral: ReferralParties) =>
  referral.referrerId === userId || referral.reporterId === userId;

/** Only the party who did NOT create a referral approves or declines it, and only while it is pending. */
export const canDecideReferral = (userId: string, referral: ReferralParties) =>
  referral.status === 'pending' && isParty(userId, referral) && referral.createdById !== userId;

/** Either party may correct a referral's amount, customer, date and notes, whatever its status. */
export const canEditReferral = (userId: string, referral: ReferralParties) => isParty(userId, referral);

/** Either party may delete it; deleting an approved referral reverses both members' metrics. */
export const canDeleteReferral = (userId: string, referral: ReferralParties) => isParty(userId, referral);

/** The other party of a referral, for telling them what changed. */
export const otherParty = (userId: string, referral: ReferralParties) =>
  referral.referrerId === userId ? referral.reporterId : referral.referrerId;

/**
 * Whose revenue a member may read in the batch figures: their own, or anyone's for NETWORK_ADMIN and
 * above. Everyone else sees counts only, as the public profile card shows them.
 */
export const canSeeRevenueOf = (viewer: { id: string; role: Role }, memberId: string) =>
  viewer.id === memberId || isAdmin(viewer.role);
