import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canAssignRole,
  canFinalizeApplications,
  canLogAttendance,
  canManageIndustries,
  canManageSettings,
  canManageUser,
  canManageUsers,
  canReviewApplications,
  hasRole,
  isAdmin,
  isGuest,
  isRole,
  ROLES,
  roleDisplayName,
} from './roles';

describe('roles', () => {
  it('ranks roles with at-or-above semantics', () => {
    expect(hasRole('LEADERSHIP', 'MEMBER')).toBe(true);
    expect(hasRole('MEMBER', 'MEMBER')).toBe(true);
    expect(hasRole('MEMBER', 'LEADERSHIP')).toBe(false);
    expect(hasRole('AGENCY_ADMIN', 'NETWORK_ADMIN')).toBe(true);
    expect(hasRole(undefined, 'GUEST')).toBe(false);
  });

  it('names roles as the app displays them', () => {
    expect(ROLES.map(roleDisplayName)).toEqual([
      'Guest',
      'Member',
      'Leadership',
      'Network Administrator',
      'Agency Administrator',
    ]);
    expect(roleDisplayName('SOMETHING')).toBe('Unknown');
    expect(roleDisplayName(null)).toBe('Unknown');
  });

  it('treats no user and GUEST as guests, and network or agency admins as admins', () => {
    expect(isGuest(undefined)).toBe(true);
    expect(isGuest('GUEST')).toBe(true);
    expect(isGuest('MEMBER')).toBe(false);
    expect(isAdmin('LEADERSHIP')).toBe(false);
    expect(isAdmin('NETWORK_ADMIN')).toBe(true);
    expect(isAdmin('AGENCY_ADMIN')).toBe(true);
  });

  it('lets agency admins assign all roles, network admins three, others none', () => {
    expect(assignableRoles('AGENCY_ADMIN')).toEqual(ROLES);
    expect(assignableRoles('NETWORK_ADMIN')).toEqual(['GUEST', 'MEMBER', 'LEADERSHIP']);
    expect(assignableRoles('LEADERSHIP')).toEqual([]);
    expect(canAssignRole('NETWORK_ADMIN', 'NETWORK_ADMIN')).toBe(false);
  });

  it('allows managing another user only with a strictly higher rank, except agency admins among themselves', () => {
    expect(canManageUser('NETWORK_ADMIN', 'LEADERSHIP')).toBe(true);
    expect(canManageUser('NETWORK_ADMIN', 'NETWORK_ADMIN')).toBe(false);
    expect(canManageUser('NETWORK_ADMIN', 'AGENCY_ADMIN')).toBe(false);
    expect(canManageUser('AGENCY_ADMIN', 'NETWORK_ADMIN')).toBe(true);
    expect(canManageUser('AGENCY_ADMIN', 'AGENCY_ADMIN')).toBe(true);
    expect(canManageUser('LEADERSHIP', 'MEMBER')).toBe(false);
    expect(canManageUser('LEADERSHIP', 'LEADERSHIP')).toBe(false);
  });

  it('lets leadership review applications but only admins decide them', () => {
    expect(canReviewApplications('LEADERSHIP')).toBe(true);
    expect(canReviewApplications('MEMBER')).toBe(false);
    expect(canFinalizeApplications('LEADERSHIP')).toBe(false);
    expect(canFinalizeApplications('NETWORK_ADMIN')).toBe(true);
  });

  it('gives the admin tools to network and agency admins only (by hand)', () => {
    for (const check of [canManageSettings, canManageIndustries, canManageUsers]) {
      expect(check('AGENCY_ADMIN')).toBe(true);
      expect(check('NETWORK_ADMIN')).toBe(true);
      expect(check('LEADERSHIP')).toBe(false);
      expect(check(null)).toBe(false);
    }
    expect(canLogAttendance('LEADERSHIP')).toBe(true);
    expect(canLogAttendance('MEMBER')).toBe(false);
  });

  it('knows the five roles and nothing else, and that nobody signed in manages no one', () => {
    expect(isRole('MEMBER')).toBe(true);
    expect(isRole('member')).toBe(false);
    expect(isRole(3)).toBe(false);
    expect(hasRole(null, 'GUEST')).toBe(false);
    expect(canManageUser(null, 'GUEST')).toBe(false);
    expect(canManageUser(undefined, 'GUEST')).toBe(false);
    expect(canManageUser('AGENCY_ADMIN', 'GUEST')).toBe(true);
    expect(canManageUser('MEMBER', 'GUEST')).toBe(false);
  });
});
