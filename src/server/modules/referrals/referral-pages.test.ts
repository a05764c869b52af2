import { describe, expect, it } from 'vitest';

import { makeReferral } from '../../test/factories';
import { expectFixedQueryCount } from '../../test/query-count';
import { expectRefusedBelow } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { referralsTestKit } from './referrals-test-kit';

interface Page {
  items: { id: string; saleDate: string; referrerId: string; status: string }[];
  nextCursor: string | null;
}

describe('referral lists page on the server (keyset on sale date, then id)', () => {
  const kit = referralsTestKit();
  const get = async (who: Parameters<typeof kit.as>[0], url: string) => {
    const res = await kit.as(who, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  /** Every page of `url` (which already has a query string), following nextCursor. */
  const allPages = async (who: Parameters<typeof kit.as>[0], url: string) => {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(who, cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    return pages;
  };

  it('pages 60 referrals 25, 25 and 10, newest sale first, same-day sales by id, none twice or missing', async () => {
    const cy = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Cy' });
    const di = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Di' });
    // 60 referrals over 20 days, three a day, Cy giving 40 and receiving 20.
    const rows = [];
    for (let i = 0; i < 60; i++) {
      const day = String(1 + Math.floor(i / 3)).padStart(2, '0');
      const given = i % 3 !== 2;
      rows.push(
        await makeReferral(
          kit.t.db,
          given
            ? { referrerId: cy.userId, recipientId: di.userId }
            : { referrerId: di.userId, recipientId: cy.userId },
          { saleDate: `2026-10-${day}`, status: i % 2 ? 'approved' : 'pending' },
        ),
      );
    }
    const expected = [...rows]
      .sort((a, b) => (a.saleDate === b.saleDate ? (a.id < b.id ? 1 : -1) : a.saleDate < b.saleDate ? 1 : -1))
      .map((r) => r.id);

    const pages = await allPages(cy, '/api/referrals/transactions?limit=25');
    expect(pages.map((p) => p.items.length)).toEqual([25, 25, 10]);
    expect(pages.flatMap((p) => p.items.map((r) => r.id))).toEqual(expected);
    expect(pages[0]!.items[0]!.saleDate).toBe('2026-10-20');
    expect(pages.at(-1)!.nextCursor).toBeNull();

    // The default page is 25; the given and received tabs page on the server too (40 and 20).
    expect((await get(cy, '/api/referrals/transactions')).items).toHaveLength(25);
    const given = await allPages(cy, '/api/referrals?direction=given&limit=15');
    expect(given.map((p) => p.items.length)).toEqual([15, 15, 10]);
    expect(given.flatMap((p) => p.items).every((r) => r.referrerId === cy.userId)).toBe(true);
    const received = await allPages(cy, '/api/referrals?direction=received&limit=100');
    expect(received.map((p) => p.items.length)).toEqual([20]);

    // A referral written between two pages does not shift the next page: nothing repeats or goes missing.
    const first = await get(cy, '/api/referrals/transactions?limit=25');
    await makeReferral(
      kit.t.db,
      { referrerId: cy.userId, recipientId: di.userId },
      { saleDate: '2026-10-25' },
    );
    const second = await get(cy, `/api/referrals/transactions?limit=25&cursor=${first.nextCursor}`);
    expect(second.items.map((r) => r.id)).toEqual(expected.slice(25, 50));

    // The summary counts all of them, apart from the pages: 61 in all, 30 approved; Received Revenue is
    // Cy's approved referrals as referrer: odd i with i % 3 != 2, 20 of them at $100.00 = $2,000.00.
    const summary = await kit.as(cy, { method: 'GET', url: '/api/referrals/summary' });
    expect(summary.json()).toEqual({ total: 61, approved: 30, receivedRevenue: '2000.00' });
  });

  it('pages pending referrals for their decider', async () => {
    const ed = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Ed' });
    const fay = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Fay' });
    for (let i = 0; i < 30; i++)
      await makeReferral(
        kit.t.db,
        { referrerId: ed.userId, recipientId: fay.userId },
        { saleDate: '2026-09-01' },
      );
    const pages = await allPages(fay, '/api/referrals/pending?limit=25');
    expect(pages.map((p) => p.items.length)).toEqual([25, 5]);
    expect(new Set(pages.flatMap((p) => p.items.map((r) => r.id))).size).toBe(30);
    expect((await get(ed, '/api/referrals/pending?limit=25')).items).toEqual([]);
  });

  it('answers a page in one query however many rows there are', async () => {
    const gil = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Gil' });
    const hal = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Hal' });
    await makeReferral(kit.t.db, { referrerId: gil.userId, recipientId: hal.userId });
    const count = await expectFixedQueryCount(
      kit.recorder,
      () => get(gil, '/api/referrals/transactions?limit=25'),
      async () => {
        for (let i = 0; i < 40; i++)
          await makeReferral(kit.t.db, { referrerId: gil.userId, recipientId: hal.userId });
      },
    );
    expect(count).toBe(1);
  });

  it('refuses a page size out of bounds, an edited cursor and lower roles, with clear messages', async () => {
    for (const limit of ['0', '101', 'x']) {
      const res = await kit.as(kit.ann, { method: 'GET', url: `/api/referrals/transactions?limit=${limit}` });
      expect(res.statusCode).toBe(400);
    }
    const forged = Buffer.from(JSON.stringify(['0100-01-01; drop table referrals', 'x'])).toString(
      'base64url',
    );
    for (const cursor of ['not-a-cursor', forged, Buffer.from('[]').toString('base64url')]) {
      const res = await kit.as(kit.ann, {
        method: 'GET',
        url: `/api/referrals/transactions?cursor=${cursor}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'This page link is no longer valid: load the list again',
      });
    }
    for (const url of [
      '/api/referrals/summary',
      '/api/referrals/proposals',
      '/api/referrals/pending?limit=5',
    ])
      await expectRefusedBelow(kit.t, 'MEMBER', { method: 'GET', url }, async () => null);
  });
});
