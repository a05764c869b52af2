import { describe, expect, it } from 'vitest';
import { removesLastAgencyAdmin, USER_POLICY_MESSAGES, userChangeRefusal } from './policy';

describe('the last agency administrator', () => {
  const agency = { role: 'AGENCY_ADMIN' as const };

  it('may not be demoted or deleted while they are the only one', () => {
    expect(removesLastAgencyAdmin(agency, 'NETWORK_ADMIN', 1)).toBe(true);
    expect(removesLastAgencyAdmin(agency, 'GUEST', 1)).toBe(true);
    expect(removesLastAgencyAdmin(agency, undefined, 1)).toBe(true);
  });

  it('may step down when another exists, keep the role, and nobody else is counted', () => {
    expect(removesLastAgencyAdmin(agency, 'MEMBER', 2)).toBe(false);
    expect(removesLastAgencyAdmin(agency, 'AGENCY_ADMIN', 1)).toBe(false);
    expect(removesLastAgencyAdmin({ role: 'NETWORK_ADMIN' }, 'MEMBER', 0)).toBe(false);
  });

  it('is the refusal User Management gives', () => {
    const actor = { id: 'a', role: 'AGENCY_ADMIN' as const };
    const target = { id: 'b', role: 'AGENCY_ADMIN' as const };
    expect(userChangeRefusal(actor, target, { newRole: 'MEMBER', agencyAdmins: 1 })).toBe(
      'The last Agency Admin cannot be demoted or deleted.',
    );
    expect(USER_POLICY_MESSAGES.lastAgencyAdmin).toBe('The last Agency Admin cannot be demoted or deleted.');
    expect(userChangeRefusal(actor, target, { newRole: 'MEMBER', agencyAdmins: 2 })).toBeNull();
  });
});
