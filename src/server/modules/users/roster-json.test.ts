import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUser, adminUserSchema } from '../../../domain/admin/contracts';
import { makeAttendance, makeMember, makeReferral } from '../../test/factories';
import { injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

/**
 * The roster page's rows are read as the driver gives them and sent without the response schema's pass
 * (docs/decisions/0029): each must be exactly what the schema describes, field for field, on each of its
 * paths (the prepared unfiltered page, a search, a period), written out here by hand.
 */
describe('a roster row as served', () => {
  let t: TestApp;
  let admin: SignedIn;
  let full: AdminUser;
  let bare: AdminUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.db, 'NETWORK_ADMIN');
    // Every stored field set, with quotes, a backslash, accents and markup in the text.
    const given = {
      email: 'quinn@example.com',
      firstName: 'Quinn',
      lastName: 'O"Hara \\ Ünal',
      businessName: 'Quinn & Co <Roofing>',
      position: 'Owner',
      industry: 'Roofing',
      personalEmail: 'q@home.example',
      personalPhone: '(970) 555-0101',
      businessEmail: 'office@quinn.example',
      businessPhone: '(970) 555-0102',
      annualDuesOverride: '450.50',
      missedMeetingLimit: 3,
      avatarColor: 'bg-rose-700',
      profileImageUrl: '/uploads/quinn.webp',
    };
    const member = await makeMember(t.db, given);
    // Microseconds, which JSON's time (milliseconds) drops rather than rounds.
    await t.db.execute(
      sql`update users set created_at = '2026-03-04 05:06:07.891734+00' where id = ${member.id}`,
    );
    await makeAttendance(t.db, member.id, { meetingDate: '2026-11-03', status: 'present' });
    await makeAttendance(t.db, member.id, { meetingDate: '2026-11-10', status: 'present' });
    await makeAttendance(t.db, member.id, { meetingDate: '2026-11-17', status: 'absent' });
    await makeAttendance(t.db, member.id, { meetingDate: '2026-11-24', status: 'excused' });
    const other = await makeMember(t.db, {
      email: 'zed@example.com',
      firstName: 'Zed',
      lastName: 'Blank',
      avatarColor: 'bg-sky-700',
    });
    await makeReferral(t.db, { referrerId: member.id, recipientId: other.id }, { status: 'approved' });
    await makeReferral(t.db, { referrerId: other.id, recipientId: member.id }, { status: 'approved' });
    await makeReferral(t.db, { referrerId: other.id, recipientId: member.id }, { status: 'approved' });
    full = {
      id: member.id,
      role: 'MEMBER',
      ...given,
      createdAt: '2026-03-04T05:06:07.891Z',
      referralsGiven: 1,
      referralsReceived: 2,
      // 2 present, 1 absent (the excused meeting counts in neither): 66.7.
      attendanceRate: 66.7,
    };
    bare = {
      ...full,
      id: other.id,
      email: 'zed@example.com',
      firstName: 'Zed',
      lastName: 'Blank',
      businessName: null,
      position: null,
      industry: null,
      personalEmail: null,
      personalPhone: null,
      businessEmail: null,
      businessPhone: null,
      annualDuesOverride: null,
      missedMeetingLimit: null,
      avatarColor: 'bg-sky-700',
      profileImageUrl: null,
      referralsGiven: 2,
      referralsReceived: 1,
      attendanceRate: null,
    };
  });
  afterAll(() => t?.close());

  async function rowsOf(url: string) {
    const res = await injectAs(t, admin, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return (res.json() as { items: AdminUser[] }).items;
  }

  it.each([
    ['the unfiltered page', '/api/users?sort=name&dir=asc'],
    ['a search', '/api/users?q=quinn'],
  ])('holds every field as the schema sends it, on %s', async (_label, url) => {
    const quinn = (await rowsOf(url)).find((row) => row.email === 'quinn@example.com');
    expect(quinn).toEqual(full);
    expect(Object.keys(quinn!).sort()).toEqual(Object.keys(adminUserSchema.shape).sort());
  });

  it('holds the same fields over a period (its figures are the period’s)', async () => {
    const quinn = (await rowsOf('/api/users?period=year')).find((r) => r.email === 'quinn@example.com');
    const figures = { referralsGiven: 0, referralsReceived: 0, attendanceRate: null };
    expect({ ...quinn, ...figures }).toEqual({ ...full, ...figures });
    expect(Object.keys(quinn!).sort()).toEqual(Object.keys(adminUserSchema.shape).sort());
  });

  it('writes nulls as null and no rate before a countable meeting', async () => {
    const zed = (await rowsOf('/api/users?sort=name&dir=desc')).find(
      (row) => row.email === 'zed@example.com',
    );
    expect(zed).toEqual({ ...bare, createdAt: zed?.createdAt });
    expect(zed?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('matches the single member read, which goes through the response schema', async () => {
    const one = await injectAs(t, admin, { method: 'GET', url: `/api/users/${full.id}` });
    expect(one.json()).toEqual(full);
  });
});
