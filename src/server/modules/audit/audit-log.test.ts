import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../domain/admin/audit';
import { auditLog } from '../../db/schema';
import { makeMember } from '../../test/factories';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

describe('audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists each kind of change newest first, with who made it', async () => {
    const admin = await signInAs(t.db, 'AGENCY_ADMIN', { firstName: 'Ada', lastName: 'Admin' });
    const as = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      injectAs(t, admin, { method, url, payload });
    expect((await as('PUT', '/api/settings/network/dues', { defaultAnnualDues: '450' })).statusCode).toBe(
      200,
    );
    const created = await as('POST', '/api/industries', { name: 'Audit Testing' });
    const industryId = created.json().id as string;
    await as('PUT', `/api/industries/${industryId}`, { name: 'Audit Checking' });
    await as('DELETE', `/api/industries/${industryId}`);
    const member = await makeMember(t.db, { firstName: 'Mo', lastName: 'Member' });
    await as('PUT', `/api/users/${member.id}`, { firstName: 'Mo', lastName: 'Member', role: 'LEADERSHIP' });
    await as('PUT', `/api/users/${member.id}`, { firstName: 'Mo', lastName: 'Member', role: 'GUEST' });
    await as('DELETE', `/api/users/${member.id}`);

    const res = await injectAs(t, 'NETWORK_ADMIN', { method: 'GET', url: '/api/settings/audit-log' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as AuditPage;
    expect(page.total).toBe(7);
    expect(page.items.map((e) => e.summary)).toEqual([
      'Mo Member (Guest) deleted',
      'Mo Member deactivated (was Leadership, now Guest)',
      "Mo Member's role changed from Member to Leadership",
      'Industry "Audit Checking" deleted',
      'Industry "Audit Testing" renamed to "Audit Checking"',
      'Industry "Audit Testing" created',
      'Default annual dues changed from the fallback to $450.00',
    ]);
    expect(page.items.every((e) => e.actorName === 'Ada Admin')).toBe(true);
  });

  it("records a member's seat (industry) and dues override, old -> new, and nothing when they stay", async () => {
    const admin = await signInAs(t.db, 'AGENCY_ADMIN', { firstName: 'Sid', lastName: 'Seats' });
    const member = await makeMember(t.db, { firstName: 'Ivy', lastName: 'Industry', industry: 'Plumbing' });
    const edit = (over: object) =>
      injectAs(t, admin, {
        method: 'PUT',
        url: `/api/users/${member.id}`,
        payload: { firstName: 'Ivy', lastName: 'Industry', role: 'MEMBER', industry: 'Plumbing', ...over },
      });
    expect((await edit({ industry: 'Roofing' })).statusCode).toBe(200);
    expect((await edit({ industry: 'Roofing', annualDuesOverride: '200' })).statusCode).toBe(200);
    // The same values again (200 written as 200.00) record nothing.
    expect((await edit({ industry: 'Roofing', annualDuesOverride: 200.0 })).statusCode).toBe(200);
    expect((await edit({ industry: 'Roofing', annualDuesOverride: null })).statusCode).toBe(200);

    const log = await injectAs(t, admin, { method: 'GET', url: '/api/settings/audit-log' });
    const mineOnly = (log.json() as AuditPage).items.filter((e) => e.actorName === 'Sid Seats');
    expect(mineOnly.map((e) => e.summary)).toEqual([
      "Ivy Industry's dues override changed from $200.00 to none (network default)",
      "Ivy Industry's dues override changed from none (network default) to $200.00",
      'Ivy Industry\'s industry changed from "Plumbing" to "Roofing"',
    ]);
  });

  it('refuses strangers and everyone below NETWORK_ADMIN', async () => {
    await expectRefusedBelow(t, 'NETWORK_ADMIN', { method: 'GET', url: '/api/settings/audit-log' }, () =>
      t.db.select().from(auditLog),
    );
  });

  it('answers 400 for a page that is not a number', async () => {
    const res = await injectAs(t, 'NETWORK_ADMIN', { method: 'GET', url: '/api/settings/audit-log?page=x' });
    expect(res.statusCode).toBe(400);
  });
});
