import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUser, USER_SORTS, type UserListQuery } from '../../../domain/admin/contracts';
import { todayIn } from '../../../domain/dates';
import { PAGING_MESSAGES } from '../../../domain/paging';
import { ROLE_RANK, type Role } from '../../../domain/roles/roles';
import { makeAttendance, makeMember, makeReferral } from '../../test/factories';
import { injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

/** What each fixture member is given by hand: names and business with ties and blanks, and their figures. */
interface Fixture {
  first: string | null;
  last: string | null;
  business: string | null;
  industry: string | null;
  role: Role;
  present: number;
  absent: number;
  excused: number;
  given: number;
}

const FIRST = ['ann', 'Ann', 'bo', null, 'cy'];
const LAST = ['lee', 'ng', 'Lee', null];
const BUSINESS = ['acme', 'Acme', null, 'zed'];
const ROLES_USED: Role[] = ['MEMBER', 'MEMBER', 'GUEST', 'LEADERSHIP'];
// (present, absent, excused): 1/2 and 2/4 tie at 50%; excused-only and nothing both have no rate.
const ATTENDANCE: [number, number, number][] = [
  [1, 1, 0],
  [2, 2, 1],
  [0, 0, 2],
  [0, 0, 0],
  [3, 1, 0],
  [0, 2, 0],
];

const fixtures: Fixture[] = Array.from({ length: 31 }, (_, i) => {
  const [present, absent, excused] = ATTENDANCE[i % ATTENDANCE.length]!;
  return {
    first: FIRST[i % FIRST.length]!,
    last: LAST[i % LAST.length]!,
    business: BUSINESS[i % BUSINESS.length]!,
    industry: i % 3 === 0 ? null : `trade${i % 2}`,
    role: ROLES_USED[i % ROLES_USED.length]!,
    present,
    absent,
    excused,
    given: i % 3,
  };
});

/**
 * The roster pages by keyset over every sort, in both directions: the pages read forwards
 * through `nextCursor`, backwards from the end through `prevCursor`, or stepping over pages, join into
 * exactly the full order, ties included, worked out here from the fixture.
 */
describe('the roster’s keyset pages', () => {
  let t: TestApp;
  let admin: SignedIn;
  // Each member's sort values as the fixture set them, by id.
  const byId = new Map<string, Fixture>();
  let partnerId = '';
  const none = { industry: null, present: 0, absent: 0, excused: 0, given: 0 };
  // Joined on one of seven days: members who joined the same moment tie.
  const joined = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 7)));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.db, 'NETWORK_ADMIN', {
      firstName: 'zoe',
      lastName: 'admin',
      businessName: 'hq',
      createdAt: joined(3),
    });
    byId.set(admin.userId, { ...none, first: 'zoe', last: 'admin', business: 'hq', role: 'NETWORK_ADMIN' });
    const partner = await makeMember(t.db, {
      firstName: 'pat',
      lastName: 'partner',
      businessName: 'hq',
      createdAt: joined(5),
    });
    partnerId = partner.id;
    byId.set(partner.id, { ...none, first: 'pat', last: 'partner', business: 'hq', role: 'MEMBER' });
    for (const [i, f] of fixtures.entries()) {
      const member = await makeMember(t.db, {
        firstName: f.first,
        lastName: f.last,
        businessName: f.business,
        industry: f.industry,
        role: f.role,
        createdAt: joined(i),
      });
      byId.set(member.id, f);
      let week = 0;
      const record = (status: 'present' | 'absent' | 'excused') => {
        week += 1;
        return makeAttendance(t.db, member.id, {
          meetingDate: `2026-0${1 + Math.floor(week / 4)}-0${1 + (week % 4)}`,
          status,
        });
      };
      for (let n = 0; n < f.present; n++) await record('present');
      for (let n = 0; n < f.absent; n++) await record('absent');
      for (let n = 0; n < f.excused; n++) await record('excused');
      for (let n = 0; n < f.given; n++)
        await makeReferral(
          t.db,
          { referrerId: member.id, recipientId: partner.id },
          { status: 'approved', saleDate: `2026-03-0${n + 1}` },
        );
    }
  });
  afterAll(() => t.close());

  const get = (query: Record<string, string | number>) =>
    injectAs(t, admin, {
      method: 'GET',
      url: '/api/users',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });

  // Pat received every referral the fixture members gave.
  const received = (id: string) =>
    id === partnerId ? [...byId.values()].reduce((n, f) => n + f.given, 0) : 0;

  /** The full order of `sort`, written from the fixture: the sort's own key, then the member's id. */
  function expectedOrder(sort: UserListQuery['sort'], dir: 'asc' | 'desc', rows: AdminUser[]): string[] {
    const low = (v: string | null) => (v ?? '').toLowerCase();
    const key = (u: AdminUser): (string | number)[] => {
      const f = byId.get(u.id)!;
      const ratio = f.present + f.absent === 0 ? -1 : f.present / (f.present + f.absent);
      switch (sort) {
        case 'name':
          return [low(f.first), low(f.last)];
        case 'business':
          return [low(f.business)];
        case 'industry':
          return [low(f.industry)];
        case 'role':
          return [ROLE_RANK[f.role]];
        case 'attendance':
          return [ratio];
        case 'referrals':
          return [f.given + received(u.id)];
        case 'joined':
          return [u.createdAt];
      }
    };
    const compare = (a: AdminUser, b: AdminUser) => {
      const [ka, kb] = [
        [...key(a), a.id],
        [...key(b), b.id],
      ];
      for (let i = 0; i < ka.length; i++) if (ka[i]! !== kb[i]!) return ka[i]! < kb[i]! ? -1 : 1;
      return 0;
    };
    const sorted = [...rows].sort(compare).map((u) => u.id);
    return dir === 'asc' ? sorted : sorted.reverse();
  }

  it.each(USER_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'joins its pages into the full order by %s %s, forwards, backwards and stepping',
    async (sort, dir) => {
      const first = (await get({ sort, dir })).json();
      expect(first.total).toBe(33);
      const everyone: AdminUser[] = [];
      let page = first;
      const forwards: string[] = [];
      for (;;) {
        everyone.push(...page.items);
        forwards.push(...page.items.map((u: AdminUser) => u.id));
        if (forwards.length >= page.total) break;
        page = (await get({ sort, dir, cursor: page.nextCursor })).json();
      }
      const expected = expectedOrder(sort, dir, everyone);
      expect(forwards).toEqual(expected);
      expect(first.items).toHaveLength(15);

      // Backwards from the last page (3 rows: 33 = 15 + 15 + 3) through each page's prevCursor.
      const last = (await get({ sort, dir, cursor: 'end' })).json();
      expect(last.items.map((u: AdminUser) => u.id)).toEqual(expected.slice(30));
      const middle = (await get({ sort, dir, cursor: last.prevCursor })).json();
      expect(middle.items.map((u: AdminUser) => u.id)).toEqual(expected.slice(15, 30));
      const back = (await get({ sort, dir, cursor: middle.prevCursor })).json();
      expect(back.items.map((u: AdminUser) => u.id)).toEqual(expected.slice(0, 15));

      // Stepping: from the first page over one to the third; from the end back over one to the first.
      expect(
        (await get({ sort, dir, cursor: first.nextCursor, skip: 1 }))
          .json()
          .items.map((u: AdminUser) => u.id),
      ).toEqual(expected.slice(30));
      expect(
        (await get({ sort, dir, cursor: 'end', skip: 2 })).json().items.map((u: AdminUser) => u.id),
      ).toEqual(expected.slice(0, 15));
      // An old link by number still lands on its page.
      expect((await get({ sort, dir, page: 2 })).json().items.map((u: AdminUser) => u.id)).toEqual(
        expected.slice(15, 30),
      );
    },
  );

  it('shows the rate worked out by the domain, ties and excused left out of it', async () => {
    const rows: AdminUser[] = (await get({ sort: 'attendance', dir: 'desc', q: 'ann' })).json().items;
    const rates = rows.map((u) => u.attendanceRate);
    // ann rows are fixtures 0, 5, 10, ... : (1,1,0) 50, (0,2,0) 0, (3,1,0) 75, (0,0,0) null, (2,2,1) 50, (0,0,2) null.
    expect(new Set(rates)).toEqual(new Set([75, 50, 0, null]));
    expect(rates.indexOf(75)).toBeLessThan(rates.indexOf(50));
    expect(rates.lastIndexOf(50)).toBeLessThan(rates.indexOf(0));
    expect(rates.lastIndexOf(0)).toBeLessThan(rates.indexOf(null));
  });

  it('refuses an edited cursor, a cursor of another sort or direction, and too long a step, with the message', async () => {
    const first = (await get({ sort: 'name' })).json();
    for (const query of <Record<string, string>[]>[
      { sort: 'name', cursor: `${first.nextCursor}x` },
      { sort: 'name', cursor: 'not-a-cursor' },
      { sort: 'business', cursor: first.nextCursor },
      { sort: 'name', dir: 'desc', cursor: first.nextCursor },
      {
        sort: 'joined',
        cursor: Buffer.from(JSON.stringify(['joined', 'asc', 'after', 'yesterday', admin.userId])).toString(
          'base64url',
        ),
      },
    ]) {
      const res = await get(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toBe(PAGING_MESSAGES.invalidCursor);
    }
    expect((await get({ sort: 'name', cursor: first.nextCursor, skip: 6 })).statusCode).toBe(400);
  });

  it('reads an old link’s page by number from 1, and refuses page 0 or below with a 400', async () => {
    const first = (await get({ sort: 'name' })).json();
    const second = (await get({ sort: 'name', cursor: first.nextCursor })).json();
    const ids = (page: { items: AdminUser[] }) => page.items.map((u) => u.id);
    expect(ids((await get({ sort: 'name', page: 1 })).json())).toEqual(ids(first));
    expect(ids((await get({ sort: 'name', page: 2 })).json())).toEqual(ids(second));
    for (const page of [0, -1, 1.5]) {
      const res = await get({ sort: 'name', page });
      expect(res.statusCode, `page ${page}`).toBe(400);
      expect(res.json().code, `page ${page}`).toBe('VALIDATION');
      expect(Object.keys(res.json().fieldErrors ?? {}), `page ${page}`).toEqual(['page']);
    }
  });

  it('reads a full last page when the rows fill their pages exactly', async () => {
    for (let i = 0; i < 15; i++) await makeMember(t.db, { businessName: 'exact fit' });
    const first = (await get({ q: 'exact fit' })).json();
    expect(first.total).toBe(15);
    const last = (await get({ q: 'exact fit', cursor: 'end' })).json();
    expect(last.items.map((u: AdminUser) => u.id)).toEqual(first.items.map((u: AdminUser) => u.id));
  });

  it('sorts and shows a period’s figures when one is chosen, all time otherwise', async () => {
    const thisMonth = `${todayIn().slice(0, 7)}-01`;
    const longAgo = `${Number(thisMonth.slice(0, 4)) - 2}-06-15`;
    const [old, recent, none] = await Promise.all(
      ['Old', 'Recent', 'None'].map((first) =>
        makeMember(t.db, { firstName: first, businessName: 'periodic' }),
      ),
    );
    const to = { recipientId: none!.id };
    for (let n = 0; n < 3; n++)
      await makeReferral(t.db, { referrerId: old!.id, ...to }, { status: 'approved', saleDate: longAgo });
    await makeReferral(t.db, { referrerId: recent!.id, ...to }, { status: 'approved', saleDate: thisMonth });
    await makeAttendance(t.db, old!.id, { meetingDate: longAgo, status: 'present' });
    await makeAttendance(t.db, recent!.id, { meetingDate: thisMonth, status: 'absent' });

    const names = async (query: Record<string, string>) =>
      ((await get({ q: 'periodic', ...query })).json().items as AdminUser[]).map(
        (u) => `${u.firstName} ${u.referralsGiven}/${u.referralsReceived} ${u.attendanceRate}`,
      );
    // All time: Old gave 3, Recent 1, None received 4; Old attended (100%), Recent missed (0%).
    expect(await names({ sort: 'referrals', dir: 'desc' })).toEqual([
      'None 0/4 null',
      'Old 3/0 100',
      'Recent 1/0 0',
    ]);
    // This month: only Recent's referral (to None) and absence count; Old's figures are all before it.
    const [tieFirst, tieSecond] = [old!, none!].sort((a, b) => (a.id < b.id ? 1 : -1));
    const shown = (m: typeof old) => (m === old ? 'Old 0/0 null' : 'None 0/1 null');
    // None and Recent tie at one referral each (the larger id first, descending); Old has none.
    const ones = [none!, recent!].sort((a, b) => (a.id < b.id ? 1 : -1));
    expect(await names({ sort: 'referrals', dir: 'desc', period: 'month' })).toEqual([
      ...ones.map((m) => (m === none ? 'None 0/1 null' : 'Recent 1/0 0')),
      'Old 0/0 null',
    ]);
    // By attendance this month, highest first: Recent's 0% above the two with no meeting (ties by id).
    expect(await names({ sort: 'attendance', dir: 'desc', period: 'month' })).toEqual([
      'Recent 1/0 0',
      shown(tieFirst),
      shown(tieSecond),
    ]);
    // A page link of the all-time order is not one of this month's.
    const allTime = (await get({ sort: 'referrals', dir: 'desc' })).json();
    const mixed = await get({ sort: 'referrals', dir: 'desc', period: 'month', cursor: allTime.nextCursor });
    expect(mixed.statusCode).toBe(400);
    expect((await get({ period: 'decade' })).statusCode).toBe(400);
  });

  it('leaves excused meetings out of a period’s attendance order, as out of the rate', async () => {
    const day = (d: number) => `${todayIn().slice(0, 7)}-0${d}`;
    // Excused: 1 present, 1 absent, 2 excused = 50%; counting excused would make it 25%, below Absent's 33%.
    const [excused, absent] = await Promise.all(
      ['Excused', 'Absent'].map((first) => makeMember(t.db, { firstName: first, businessName: 'excusals' })),
    );
    for (const [d, status] of [
      [1, 'present'],
      [2, 'absent'],
      [3, 'excused'],
      [4, 'excused'],
    ] as const)
      await makeAttendance(t.db, excused!.id, { meetingDate: day(d), status });
    for (const [d, status] of [
      [1, 'present'],
      [2, 'absent'],
      [3, 'absent'],
    ] as const)
      await makeAttendance(t.db, absent!.id, { meetingDate: day(d), status });
    for (const period of ['month', 'all'])
      expect(
        (
          (await get({ q: 'excusals', sort: 'attendance', dir: 'desc', period })).json().items as AdminUser[]
        ).map((u) => `${u.firstName} ${u.attendanceRate}`),
        period,
      ).toEqual(['Excused 50', 'Absent 33.3']);
  });
});
