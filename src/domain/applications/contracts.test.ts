import { describe, expect, it } from 'vitest';
import { canApply, canChangeStatus, settableStatuses } from './contracts';

describe('application rules', () => {
  it('offers the form to visitors and to guests without an open application', () => {
    expect(canApply(null)).toBe(true);
    expect(canApply({ role: 'GUEST', applicationStatus: null })).toBe(true);
    expect(canApply({ role: 'GUEST', applicationStatus: 'rejected' })).toBe(true);
    expect(canApply({ role: 'GUEST', applicationStatus: 'pending' })).toBe(false);
    expect(canApply({ role: 'GUEST', applicationStatus: 'under_review' })).toBe(false);
    expect(canApply({ role: 'MEMBER', applicationStatus: 'approved' })).toBe(false);
    expect(canApply({ role: 'AGENCY_ADMIN', applicationStatus: null })).toBe(false);
  });

  it('lets a reviewer change only open applications, within their statuses', () => {
    expect(settableStatuses('LEADERSHIP')).toEqual(['pending', 'under_review']);
    expect(canChangeStatus('LEADERSHIP', 'pending')).toBe(true);
    expect(canChangeStatus('NETWORK_ADMIN', 'under_review')).toBe(true);
    expect(canChangeStatus('AGENCY_ADMIN', 'approved')).toBe(false);
    expect(canChangeStatus('NETWORK_ADMIN', 'rejected')).toBe(false);
    expect(canChangeStatus('MEMBER', 'pending')).toBe(false);
    expect(canChangeStatus(null, 'pending')).toBe(false);
  });
});
