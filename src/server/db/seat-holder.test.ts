import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApplication, makeMember } from '../test/factories';
import { injectAs } from '../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../test/test-app';
import { industries } from './schema';

/**
 * One seat per industry, held by the first non-guest to join (join date, then id). The
 * industries list, an application's review and the members import each name the same holder.
 */
describe('the industry seat holder, one rule everywhere', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.db, 'NETWORK_ADMIN', { firstName: 'Ada', lastName: 'Admin' });
    await t.db.insert(industries).values({ name: 'Roofing' });
  });
  afterAll(() => t.close());

  it('is the earliest non-guest by join date, the smaller id between two who joined together', async () => {
    const joined = (day: number) => new Date(Date.UTC(2025, 0, day));
    // A guest who came first holds nothing; two members joined the same moment; a later one.
    await makeMember(t.db, {
      role: 'GUEST',
      industry: 'Roofing',
      firstName: 'Gus',
      lastName: 'Guest',
      createdAt: joined(1),
    });
    const pair = [
      await makeMember(t.db, {
        industry: 'roofing',
        firstName: 'Tia',
        lastName: 'One',
        createdAt: joined(5),
      }),
      await makeMember(t.db, {
        industry: 'ROOFING',
        firstName: 'Tia',
        lastName: 'Two',
        createdAt: joined(5),
      }),
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    await makeMember(t.db, {
      industry: 'Roofing',
      firstName: 'Late',
      lastName: 'Comer',
      createdAt: joined(9),
    });
    const holder = `${pair[0]!.firstName} ${pair[0]!.lastName}`;

    const listed = (await injectAs(t, admin, { method: 'GET', url: '/api/industries' })).json();
    expect(listed.find((i: { name: string }) => i.name === 'Roofing').seatHolder).toBe(holder);

    const applicant = await makeMember(t.db, { role: 'GUEST' });
    const application = await makeApplication(t.db, applicant.id, { industry: 'Roofing' });
    const review = (
      await injectAs(t, admin, { method: 'GET', url: `/api/applications/${application.id}` })
    ).json();
    expect(review.seatHolder).toBe(holder);

    const preview = await injectAs(t, admin, {
      method: 'POST',
      url: '/api/imports/members/preview',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(
        'Email,First Name,Last Name,Industry,Role\nnew@seat.test,New,Roofer,Roofing,Member\n',
      ),
    });
    expect(preview.json().rows[0].errors).toEqual([`${holder} already holds the Roofing seat`]);
  });
});
