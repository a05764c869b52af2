import { describe, expect, it } from 'vitest';
import { canApply, canChangeStatus, isOpenStatus, settableStatuses } from './policy';

// Written by hand from docs/decisions/0024: leadership recommends, network administrators decide.
describe('who sets which application status', () => {
  it('gives network and agency admins every status, leadership pending and under review, others none', () => {
    expect(settableStatuses('AGENCY_ADMIN')).toEqual(['pending', 'under_review', 'approved', 'rejected']);
    expect(settableStatuses('NETWORK_ADMIN')).toEqual(['pending', 'under_review', 'approved', 'rejected']);
    expect(settableStatuses('LEADERSHIP')).toEqual(['pending', 'under_review']);
    expect(settableStatuses('MEMBER')).toEqual([]);
    expect(settableStatuses('GUEST')).toEqual([]);
    expect(settableStatuses(null)).toEqual([]);
  });

  it('calls pending and under review open, approved and rejected decided', () => {
    expect(isOpenStatus('pending')).toBe(true);
    expect(isOpenStatus('under_review')).toBe(true);
    expect(isOpenStatus('approved')).toBe(false);
    expect(isOpenStatus('rejected')).toBe(false);
  });

  it('lets a reviewer change only an open application, and nobody below leadership', () => {
    expect(canChangeStatus('LEADERSHIP', 'pending')).toBe(true);
    expect(canChangeStatus('NETWORK_ADMIN', 'under_review')).toBe(true);
    expect(canChangeStatus('NETWORK_ADMIN', 'approved')).toBe(false);
    expect(canChangeStatus('AGENCY_ADMIN', 'rejected')).toBe(false);
    expect(canChangeStatus('MEMBER', 'pending')).toBe(false);
    expect(canChangeStatus(undefined, 'pending')).toBe(false);
  });
});

describe('who sees the application form', () => {
  it('shows it to a visitor and to a guest with no application or a rejected one', () => {
    expect(canApply(null)).toBe(true);
    expect(canApply({ role: 'GUEST', applicationStatus: null })).toBe(true);
    expect(canApply({ role: 'GUEST', applicationStatus: 'rejected' })).toBe(true);
  });

  it('shows a guest with an open or approved application their status, and never a member the form', () => {
    expect(canApply({ role: 'GUEST', applicationStatus: 'pending' })).toBe(false);
    expect(canApply({ role: 'GUEST', applicationStatus: 'under_review' })).toBe(false);
    expect(canApply({ role: 'GUEST', applicationStatus: 'approved' })).toBe(false);
    expect(canApply({ role: 'MEMBER', applicationStatus: null })).toBe(false);
    expect(canApply({ role: 'LEADERSHIP', applicationStatus: 'rejected' })).toBe(false);
  });
});
