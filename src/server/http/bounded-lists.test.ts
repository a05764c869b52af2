import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { makeAttendance, makeMember, makeReferral } from '../test/factories';
import { injectAs } from '../test/requests';
import { createTestApp, type SignedIn, sessionFor, signInAs, type TestApp } from '../test/test-app';
import { encodeKeyCursor } from './keyset-cursor';

/**
 * Every list answers a page: with `limit=2` each page holds at most two rows and names the
 * next one, following the cursors reads every row exactly once in order, a limit above the list's
 * maximum is a 400, and an edited cursor is a 400 with the paging message.
 */
describe('bounded lists', () => {
  let t: TestApp;
  let leader: SignedIn;
  let member: SignedIn;
  const pagers: string[] = [];
  const INVALID_CURSOR = 'This page link is no longer valid: load the list again';

  beforeAll(async () => {
    t = await createTestApp();
    leader = await signInAs(t.db, 'LEADERSHIP');
    // Five members A to E whose names sort them; a guest among them is never listed.
    for (const letter of ['Cleo', 'Abe', 'Eve', 'Bea', 'Dan']) {
      pagers.push((await makeMember(t.db, { firstName: letter, lastName: 'Pager' })).id);
    }
    await makeMember(t.db, { role: 'GUEST', firstName: 'Gus', lastName: 'Pager' });
    const [abe] = await t.db.select({ id: users.id }).from(users).where(eq(users.firstName, 'Abe'));
    member = await sessionFor(t.db, abe!.id);
    // Five meetings, each with every Pager member; five referrals given by Abe; five notifications.
    for (const [week, date] of [
      '2026-10-06',
      '2026-10-13',
      '2026-10-20',
      '2026-10-27',
      '2026-11-03',
    ].entries()) {
      for (const id of pagers) await makeAttendance(t.db, id, { meetingDate: date, status: 'present' });
      await makeReferral(
        t.db,
        { referrerId: abe!.id, recipientId: pagers[0]! },
        { saleDate: date, customerName: `Customer ${week + 1}` },
      );
      await t.db.execute(sql`
        insert into notifications (user_id, kind, title, body, link, created_at)
        values (${abe!.id}, 'referral_awaiting', ${`Note ${week + 1}`}, 'b', '/dashboard', ${`${date}T12:00:00Z`})`);
    }
  });
  afterAll(() => t.close());

  /** Reads every page of `url` with `limit=2`, checking each is bounded; returns the rows' labels. */
  async function walk(who: SignedIn, url: string, label: (row: Record<string, unknown>) => string) {
    const labels: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = url.includes('?') ? '&' : '?';
      const res = await injectAs(t, who, {
        method: 'GET',
        url: `${url}${sep}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(res.statusCode, url).toBe(200);
      const page = res.json() as { items: Record<string, unknown>[]; nextCursor: string | null };
      expect(page.items.length, url).toBeLessThanOrEqual(2);
      labels.push(...page.items.map(label));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    return { labels, pages };
  }

  const name = (row: Record<string, unknown>) => String(row.firstName);

  it('pages the member picker A to Z, searched or not, never a guest', async () => {
    const searched = await walk(member, '/api/members/active?q=pager', name);
    expect(searched.labels).toEqual(['Abe', 'Bea', 'Cleo', 'Dan', 'Eve']);
    expect(searched.pages).toBe(3);
    const everyone = await walk(member, '/api/members/active', name);
    const [current] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(ne(users.role, 'GUEST')));
    expect(everyone.labels).toHaveLength(current!.n);
    expect(everyone.labels.filter((n) => n.length === 3 || n === 'Cleo')).toEqual([
      'Abe',
      'Bea',
      'Cleo',
      'Dan',
      'Eve',
    ]);
    expect(everyone.labels).not.toContain('Gus');
  });

  it('pages the attendance history by meeting, and a meeting or a member by record', async () => {
    const meetings = await walk(leader, '/api/attendance/meetings', (row) => String(row.date));
    expect(meetings.labels).toEqual(['2026-11-03', '2026-10-27', '2026-10-20', '2026-10-13', '2026-10-06']);
    const oneMeeting = await walk(leader, '/api/attendance/records?date=2026-10-20', name);
    expect(oneMeeting.labels).toEqual(['Abe', 'Bea', 'Cleo', 'Dan', 'Eve']);
    const mine = await walk(member, `/api/attendance/records?memberId=${member.userId}`, (row) =>
      String(row.meetingDate),
    );
    expect(mine.labels).toEqual(['2026-11-03', '2026-10-27', '2026-10-20', '2026-10-13', '2026-10-06']);
    // Everyone's records: newest meeting first, names A to Z within it, 25 in all.
    const all = await walk(leader, '/api/attendance/records', (row) => `${row.meetingDate} ${row.firstName}`);
    expect(all.labels).toHaveLength(25);
    expect(all.labels.slice(0, 6)).toEqual([
      '2026-11-03 Abe',
      '2026-11-03 Bea',
      '2026-11-03 Cleo',
      '2026-11-03 Dan',
      '2026-11-03 Eve',
      '2026-10-27 Abe',
    ]);
    expect(new Set(all.labels).size).toBe(25);
  });

  it('pages notifications and referrals newest first', async () => {
    const notes = await walk(member, '/api/notifications', (row) => String(row.title));
    expect(notes.labels).toEqual(['Note 5', 'Note 4', 'Note 3', 'Note 2', 'Note 1']);
    const given = await walk(member, '/api/referrals', (row) => String(row.customerName));
    expect(given.labels).toEqual(['Customer 5', 'Customer 4', 'Customer 3', 'Customer 2', 'Customer 1']);
  });

  it('answers the same unread count on every page of notifications, past the last one too', async () => {
    await t.db.execute(
      sql`update notifications set read_at = now() where user_id = ${member.userId} and title = 'Note 2'`,
    );
    try {
      const unreadOn = async (cursor?: string) => {
        const res = await injectAs(t, member, {
          method: 'GET',
          url: `/api/notifications?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        });
        const page = res.json() as { items: { id: string }[]; unread: number; nextCursor: string | null };
        return { ...page, ids: page.items.map((n) => n.id) };
      };
      const first = await unreadOn();
      const second = await unreadOn(first.nextCursor!);
      const third = await unreadOn(second.nextCursor!);
      expect([first.unread, second.unread, third.unread]).toEqual([4, 4, 4]);
      expect(third.nextCursor).toBeNull();
      // A cursor at the very last notification: an empty page, still with the count.
      const pastTheEnd = await unreadOn(encodeKeyCursor([third.ids.at(-1)!]));
      expect(pastTheEnd).toMatchObject({ items: [], unread: 4, nextCursor: null });
      // Someone with no notifications at all.
      expect((await injectAs(t, leader, { method: 'GET', url: '/api/notifications' })).json()).toEqual({
        items: [],
        unread: 0,
        nextCursor: null,
      });
    } finally {
      await t.db.execute(sql`update notifications set read_at = null where user_id = ${member.userId}`);
    }
  });

  it('refuses a page larger than the list allows, and a cursor it did not write', async () => {
    const tooLarge: [SignedIn, string][] = [
      [member, '/api/members/active?limit=201'],
      [leader, '/api/attendance/meetings?limit=51'],
      [leader, '/api/attendance/records?limit=201'],
      [member, '/api/notifications?limit=51'],
      [member, '/api/referrals?limit=101'],
    ];
    for (const [who, url] of tooLarge) {
      const res = await injectAs(t, who, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
    const edited = Buffer.from(JSON.stringify(['x'])).toString('base64url');
    for (const [who, url] of [
      [member, '/api/members/active'],
      [leader, '/api/attendance/meetings'],
      [leader, '/api/attendance/records'],
      [member, '/api/notifications'],
      [member, '/api/referrals'],
    ] as const) {
      for (const cursor of [edited, 'not-base64-json']) {
        const res = await injectAs(t, who, { method: 'GET', url: `${url}?cursor=${cursor}` });
        expect(res.statusCode, `${url} ${cursor}`).toBe(400);
        expect(res.json().message).toBe(INVALID_CURSOR);
      }
    }
  });

  it('answers a first page of at most the default size when asked for none', async () => {
    // 20 picker choices, 10 meetings, 100 of a meeting's 120 records.
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name)
      select 'bulk' || i || '@example.com', 'bulk-' || i, 'MEMBER', 'Bulk', 'Member ' || i
      from generate_series(1, 120) i`);
    await t.db.execute(sql`
      insert into attendance_records (member_id, meeting_date, status)
      select u.id, date '2025-01-07' + 7 * w, 'present'
      from users u cross join generate_series(0, 11) w where u.first_name = 'Bulk'`);
    const sizes: [SignedIn, string, number][] = [
      [member, '/api/members/active', 20],
      [leader, '/api/attendance/meetings', 10],
      [leader, '/api/attendance/records?date=2025-01-07', 100],
    ];
    for (const [who, url, size] of sizes) {
      const res = await injectAs(t, who, { method: 'GET', url });
      expect(res.json().items, url).toHaveLength(size);
      expect(res.json().nextCursor, url).toEqual(expect.any(String));
    }
  });
});
