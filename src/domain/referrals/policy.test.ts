import { describe, expect, it } from 'vitest';
import {
  canAnswerProposal,
  canDecideReferral,
  canDeleteReferral,
  canEditReferral,
  canSeeRevenueOf,
  canWithdrawProposal,
  isParty,
  needsAgreement,
  otherParty,
} from './policy';

// Written by hand from the referral rules (two-party integrity) and docs/decisions/0012.
const referrer = 'referrer';
const recipient = 'recipient';
const stranger = 'stranger';
const pending = {
  referrerId: referrer,
  reporterId: recipient,
  createdById: referrer,
  status: 'pending' as const,
};

describe('the parties of a referral', () => {
  it('are its referrer and its recipient, nobody else', () => {
    expect(isParty(referrer, pending)).toBe(true);
    expect(isParty(recipient, pending)).toBe(true);
    expect(isParty(stranger, pending)).toBe(false);
  });

  it('are told about each other: the other party of either is the one who is not them', () => {
    expect(otherParty(referrer, pending)).toBe(recipient);
    expect(otherParty(recipient, pending)).toBe(referrer);
    expect(otherParty(recipient, { ...pending, referrerId: null })).toBeNull();
  });
});

describe('deciding a referral', () => {
  it('belongs to the party who did not create it, only while it is pending', () => {
    expect(canDecideReferral(recipient, pending)).toBe(true);
    expect(canDecideReferral(referrer, pending)).toBe(false);
    expect(canDecideReferral(stranger, pending)).toBe(false);
    expect(canDecideReferral(recipient, { ...pending, status: 'approved' })).toBe(false);
    expect(canDecideReferral(recipient, { ...pending, status: 'declined' })).toBe(false);
  });

  it('is the referrer’s when the recipient reported it', () => {
    const reported = { ...pending, createdById: recipient };
    expect(canDecideReferral(referrer, reported)).toBe(true);
    expect(canDecideReferral(recipient, reported)).toBe(false);
  });

  it('is nobody’s outside the referral, even when its creator is gone', () => {
    expect(canDecideReferral(stranger, { ...pending, createdById: null })).toBe(false);
  });
});

describe('editing and deleting', () => {
  it('is open to either party whatever the status, and to nobody else', () => {
    for (const status of ['pending', 'approved', 'declined'] as const) {
      const referral = { ...pending, status };
      expect(canEditReferral(referrer, referral), status).toBe(true);
      expect(canEditReferral(recipient, referral), status).toBe(true);
      expect(canEditReferral(stranger, referral), status).toBe(false);
      expect(canDeleteReferral(referrer, referral), status).toBe(true);
      expect(canDeleteReferral(recipient, referral), status).toBe(true);
      expect(canDeleteReferral(stranger, referral), status).toBe(false);
    }
  });

  it('needs the other party’s agreement only once approved', () => {
    expect(needsAgreement({ status: 'approved' })).toBe(true);
    expect(needsAgreement({ status: 'pending' })).toBe(false);
    expect(needsAgreement({ status: 'declined' })).toBe(false);
  });
});

describe('proposals on an approved referral', () => {
  const approved = { ...pending, status: 'approved' as const };
  it('are answered by the party who did not propose, never by a stranger', () => {
    expect(canAnswerProposal(recipient, approved, { proposedById: referrer })).toBe(true);
    expect(canAnswerProposal(referrer, approved, { proposedById: referrer })).toBe(false);
    expect(canAnswerProposal(stranger, approved, { proposedById: referrer })).toBe(false);
  });

  it('are withdrawn only by the party who proposed', () => {
    expect(canWithdrawProposal(referrer, { proposedById: referrer })).toBe(true);
    expect(canWithdrawProposal(recipient, { proposedById: referrer })).toBe(false);
  });
});

describe('whose revenue a member sees', () => {
  it('is their own, or, for network and agency admins, their chapters’ members’', () => {
    const mine = { id: 'me', inViewersChapters: true };
    const sameChapter = { id: 'you', inViewersChapters: true };
    const otherChapter = { id: 'you', inViewersChapters: false };
    expect(canSeeRevenueOf({ id: 'me', role: 'MEMBER' }, mine)).toBe(true);
    expect(canSeeRevenueOf({ id: 'me', role: 'MEMBER' }, sameChapter)).toBe(false);
    expect(canSeeRevenueOf({ id: 'me', role: 'LEADERSHIP' }, sameChapter)).toBe(false);
    expect(canSeeRevenueOf({ id: 'me', role: 'NETWORK_ADMIN' }, sameChapter)).toBe(true);
    expect(canSeeRevenueOf({ id: 'me', role: 'AGENCY_ADMIN' }, sameChapter)).toBe(true);
    // An administrator's reach ends at their chapters: another chapter's member shows counts only.
    expect(canSeeRevenueOf({ id: 'me', role: 'NETWORK_ADMIN' }, otherChapter)).toBe(false);
    expect(canSeeRevenueOf({ id: 'me', role: 'AGENCY_ADMIN' }, otherChapter)).toBe(false);
    // One's own figures, wherever one's account now sits.
    expect(canSeeRevenueOf({ id: 'me', role: 'MEMBER' }, { id: 'me', inViewersChapters: false })).toBe(true);
  });
});
