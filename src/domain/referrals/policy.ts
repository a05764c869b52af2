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
 * Who may do what with a referral (docs/decisions/0012). The server calls these
 * after locking the row; the web calls them to decide which buttons to show.
 */
export const isParty = (userId: string, referral: ReferralParties) =>
  referral.referrerId === userId || referral.reporterId === userId;

/** Only the party who did NOT create a referral approves or declines it, and only while it is pending. */
export const canDecideReferral = (userId: string, referral: ReferralParties) =>
  referral.status === 'pending' && isParty(userId, referral) && referral.createdById !== userId;

/**
 * Either party may correct a referral's amount, customer, date and notes, whatever its status; once it is
 * approved, a new amount or sale date is a proposal (see `needsAgreement`).
 */
export const canEditReferral = (userId: string, referral: ReferralParties) => isParty(userId, referral);

/** Either party may delete it; an approved one only with the other's acceptance (`needsAgreement`). */
export const canDeleteReferral = (userId: string, referral: ReferralParties) => isParty(userId, referral);

/**
 * An approved referral is a fact both members agreed on and feeds both members' figures: a change to its
 * amount or sale date, or its removal, waits for the other party (two-party integrity).
 * Customer name and notes stay free; pending and declined referrals count nowhere and stay free.
 */
export const needsAgreement = (referral: Pick<ReferralParties, 'status'>) => referral.status === 'approved';

/** The fields of a proposal its rules look at. */
export interface ProposalParties {
  proposedById: string | null;
}

/** Only the party who did not propose it accepts or declines a proposal. */
export const canAnswerProposal = (userId: string, referral: ReferralParties, proposal: ProposalParties) =>
  isParty(userId, referral) && proposal.proposedById !== userId;

/** Only the party who proposed it may withdraw it. */
export const canWithdrawProposal = (userId: string, proposal: ProposalParties) =>
  proposal.proposedById === userId;

/** The other party of a referral, for telling them what changed. */
export const otherParty = (userId: string, referral: ReferralParties) =>
  referral.referrerId === userId ? referral.reporterId : referral.referrerId;

/**
 * Whose revenue a member may read in the batch figures: their own, or, for NETWORK_ADMIN and above, that
 * of a member in a chapter the viewer administers. Everyone else sees counts only, as the public profile
 * card shows them: revenue is a member's private figure, and an administrator's reach ends at their chapters.
 */
export const canSeeRevenueOf = (
  viewer: { id: string; role: Role },
  member: { id: string; inViewersChapters: boolean },
) => viewer.id === member.id || (isAdmin(viewer.role) && member.inViewersChapters);
