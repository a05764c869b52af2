import { describe, expect, it } from 'vitest';
import { canLogAttendance, canReadAttendanceOf } from './policy';

// Written by hand from docs/decisions/0012: leadership and above read everyone's and log; a member reads their own.
describe('who reads and logs attendance', () => {
  it('lets leadership, network and agency admins read anyone', () => {
    for (const role of ['LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN'] as const)
      expect(canReadAttendanceOf({ id: 'me', role }, 'someone-else'), role).toBe(true);
  });

  it('lets a member or guest read only their own', () => {
    expect(canReadAttendanceOf({ id: 'me', role: 'MEMBER' }, 'me')).toBe(true);
    expect(canReadAttendanceOf({ id: 'me', role: 'MEMBER' }, 'someone-else')).toBe(false);
    expect(canReadAttendanceOf({ id: 'me', role: 'GUEST' }, 'someone-else')).toBe(false);
  });

  it('lets leadership and above log, nobody below', () => {
    expect(canLogAttendance('LEADERSHIP')).toBe(true);
    expect(canLogAttendance('AGENCY_ADMIN')).toBe(true);
    expect(canLogAttendance('MEMBER')).toBe(false);
    expect(canLogAttendance('GUEST')).toBe(false);
    expect(canLogAttendance(null)).toBe(false);
  });
});
