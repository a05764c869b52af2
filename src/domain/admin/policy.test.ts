import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles';
import { removesLastAgencyAdmin, USER_POLICY_MESSAGES, userChangeRefusal } from './policy';
import { matrixCases, NEW_ROLE_ORDER } from './user-change-matrix.fixture';

describe('who may change whose role (by hand)', () => {
  it('covers every role in the order the matrix is written', () => {
    expect(NEW_ROLE_ORDER).toEqual([...ROLES]);
    expect(matrixCases()).toHaveLength(125);
  });

  for (const { actor, target, newRole, refusal } of matrixCases())
    it(`${actor} making a ${target} a ${newRole}: ${refusal ?? 'allowed'}`, () => {
      expect(
        userChangeRefusal(
          { id: 'actor', role: actor },
          { id: 'target', role: target },
          { newRole, agencyAdmins: 2 },
        ),
      ).toBe(refusal);
    });

  it('refuses any change to oneself, whatever the role, before anything else', () => {
    for (const role of NEW_ROLE_ORDER)
      expect(
        userChangeRefusal({ id: 'same', role }, { id: 'same', role }, { newRole: 'GUEST', agencyAdmins: 2 }),
      ).toBe(
        'You cannot change your own role or delete yourself here; edit your details on the Public Profile tab.',
      );
  });

  it('lets a network admin edit the details of a member whose role stays, and delete them (no new role)', () => {
    const actor = { id: 'a', role: 'NETWORK_ADMIN' as const };
    expect(userChangeRefusal(actor, { id: 'b', role: 'LEADERSHIP' }, { newRole: 'LEADERSHIP' })).toBeNull();
    expect(userChangeRefusal(actor, { id: 'b', role: 'MEMBER' })).toBeNull();
    expect(userChangeRefusal(actor, { id: 'b', role: 'NETWORK_ADMIN' })).toBe(
      'You can only manage members whose role is below yours.',
    );
  });
});

describe('the last agency administrator', () => {
  const agency = { role: 'AGENCY_ADMIN' as const };

  it('may not be demoted or deleted while they are the only one', () => {
    expect(removesLastAgencyAdmin(agency, 'NETWORK_ADMIN', 1)).toBe(true);
    expect(removesLastAgencyAdmin(agency, 'GUEST', 1)).toBe(true);
    expect(removesLastAgencyAdmin(agency, undefined, 1)).toBe(true);
    expect(removesLastAgencyAdmin(agency, undefined, 0)).toBe(true);
  });

  it('may step down when another exists, keep the role, and nobody else is counted', () => {
    expect(removesLastAgencyAdmin(agency, 'MEMBER', 2)).toBe(false);
    expect(removesLastAgencyAdmin(agency, undefined, 2)).toBe(false);
    expect(removesLastAgencyAdmin(agency, 'AGENCY_ADMIN', 1)).toBe(false);
    expect(removesLastAgencyAdmin({ role: 'NETWORK_ADMIN' }, 'MEMBER', 0)).toBe(false);
  });

  it('is the refusal User Management gives, for a demotion and a deletion', () => {
    const actor = { id: 'a', role: 'AGENCY_ADMIN' as const };
    const target = { id: 'b', role: 'AGENCY_ADMIN' as const };
    const last = 'The last Agency Admin cannot be demoted or deleted.';
    expect(userChangeRefusal(actor, target, { newRole: 'MEMBER', agencyAdmins: 1 })).toBe(last);
    expect(userChangeRefusal(actor, target, { agencyAdmins: 1 })).toBe(last);
    expect(userChangeRefusal(actor, target)).toBe(last);
    expect(USER_POLICY_MESSAGES.lastAgencyAdmin).toBe(last);
    expect(userChangeRefusal(actor, target, { newRole: 'MEMBER', agencyAdmins: 2 })).toBeNull();
    expect(userChangeRefusal(actor, target, { newRole: 'AGENCY_ADMIN', agencyAdmins: 1 })).toBeNull();
  });
});
