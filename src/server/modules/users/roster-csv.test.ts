import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAttendance, makeMember, makeReferral } from '../../test/factories';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('roster CSV export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the filtered roster in the table order, formula-safe, to administrators only', async () => {
    const poor = await makeMember(t.db, {
      firstName: 'Zed',
      lastName: 'Csvtest',
      businessName: '=HYPERLINK("http://evil.example")',
      industry: 'Plumbing',
    });
    const amy = await makeMember(t.db, { firstName: 'Amy', lastName: 'Csvtest', industry: 'Plumbing' });
    await makeMember(t.db, { firstName: 'Bo', lastName: 'Elsewhere', industry: 'Dental' });
    await makeAttendance(t.db, poor.id, { status: 'absent' });
    await makeAttendance(t.db, amy.id, { status: 'present' });
    await makeReferral(t.db, { referrerId: poor.id, recipientId: amy.id }, { status: 'approved' });
    await makeReferral(t.db, { referrerId: poor.id, recipientId: amy.id }, { status: 'pending' });

    const res = await injectAs(t, 'NETWORK_ADMIN', {
      method: 'GET',
      url: '/api/users/export.csv?q=csvtest&industry=plumbing&sort=name&dir=desc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('First name,Last name,Email,Business');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Zed,Csvtest,/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    // Rate, band, approved referrals given and received.
    expect(lines[1]).toContain(',0,Poor,1,0,');
    expect(lines[2]).toContain(',100,Excellent,0,1,');
    expect(lines[2]).toMatch(/^Amy,Csvtest,/);
  });

  it('refuses strangers and everyone below NETWORK_ADMIN', async () => {
    await expectRefusedBelow(
      t,
      'NETWORK_ADMIN',
      { method: 'GET', url: '/api/users/export.csv' },
      async () => 0,
    );
  });

  it('answers 400 for an unknown sort, not a file', async () => {
    const res = await injectAs(t, 'AGENCY_ADMIN', {
      method: 'GET',
      url: '/api/users/export.csv?sort=password',
    });
    expect(res.statusCode).toBe(400);
  });
});
