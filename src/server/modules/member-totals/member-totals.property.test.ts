import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { attendanceRecords, chapters, users } from '../../db/schema';
import type { SignedIn } from '../../test/test-app';
import { signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { referralsTestKit } from '../referrals/referrals-test-kit';
import { memberTotalsDifferences } from './member-totals';

const hasPostgres = await postgresReachable();

/** A small seeded generator (mulberry32), so a failing sequence replays with the same PROPERTY_SEED. */
function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return { below, pick: <T>(items: readonly T[]) => items[below(items.length)]! };
}

const SEED = Number(process.env.PROPERTY_SEED ?? 41);
const STEPS = 300;
// Every tenth step runs four operations at once (on PostgreSQL; PGlite has one connection).
const CONCURRENT_EVERY = 10;

interface Referral {
  id: string;
  creator: SignedIn;
  counterpart: SignedIn;
}

/**
 * Whatever happens to referrals, attendance, slips (one-to-ones, education units, testimonials) and members, in any order and some at once, the
 * kept totals (member_month_totals, member_totals, member_period_totals, network_totals, chapter_month_totals,
 * chapter_user_totals) equal a recount from the source rows
 * after every step. A maintaining trigger removed or mistaken fails here within a few steps.
 */
describe('kept totals under random operations', () => {
  const errors: string[] = [];
  const kit = referralsTestKit({ rateLimits: false, errors });

  // One retry, for one failure not yet understood: on 1 of 6 full-suite runs (2026-11-26, a fresh clone) after
  // the member-removal race was fixed, a concurrent step's meeting save answered 500; never reproduced alone
  // or under load. The retry keeps the totals' check (a seeded trigger bug fails both attempts); a 500 prints
  // what the app logged, to find it.
  it(`equal a recount after each of ${STEPS} seeded steps (seed ${SEED})`, {
    retry: 1,
    timeout: 120_000,
  }, async () => {
    const random = randomFrom(SEED);
    const leader = await signInAs(kit.t.db, 'LEADERSHIP');
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    const agency = await signInAs(kit.t.db, 'AGENCY_ADMIN');
    // A second chapter, so members move between two and referrals cross chapters (chapter_month_totals).
    const [home] = await kit.t.db.select({ id: chapters.id }).from(chapters);
    const [away] = await kit.t.db
      .insert(chapters)
      .values({ name: 'Away', slug: `away-${Date.now()}` })
      .returning();
    const chapterIds = [home!.id, away!.id];
    const members: SignedIn[] = [kit.ann, kit.bo];
    const newMember = async () =>
      members.push(await signInAs(kit.t.db, 'MEMBER', { firstName: `Prop${members.length}` }));
    for (let i = 0; i < 3; i++) await newMember();
    const referrals: Referral[] = [];
    const succeeded = new Map<string, number>();

    const day = () =>
      `2026-${String(1 + random.below(10)).padStart(2, '0')}-${String(1 + random.below(28)).padStart(2, '0')}`;
    // Tuesdays from 2026-01-06 to 2026-11-17.
    const tuesday = () => new Date(Date.UTC(2026, 0, 6 + 7 * random.below(46))).toISOString().slice(0, 10);
    const amount = () => `${1 + random.below(5000)}.${String(random.below(100)).padStart(2, '0')}`;
    const twoMembers = () => {
      const a = random.pick(members);
      const others = members.filter((m) => m !== a);
      return [a, random.pick(others)] as const;
    };
    const recordIds = async () =>
      (await kit.t.db.select({ id: attendanceRecords.id }).from(attendanceRecords)).map((r) => r.id);

    const emailsOf = async (who: SignedIn[]) =>
      new Map(
        (
          await kit.t.db
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(
              inArray(
                users.id,
                who.map((m) => m.userId),
              ),
            )
        ).map((u) => [u.id, u.email]),
      );

    const oneToOnes: { id: string; other: SignedIn }[] = [];
    const units: { id: string; by: SignedIn }[] = [];
    const written: { id: string; by: SignedIn }[] = [];
    const post = (who: SignedIn, url: string, payload: object) =>
      kit.as(who, { method: 'POST', url, payload });
    const operations: Record<string, () => Promise<LightMyRequestResponse | undefined>> = {
      logOneToOne: async () => {
        // The members joined today: today is the only date both were members.
        const [a, b] = twoMembers();
        const payload = { withMemberId: b.userId, metOn: kit.today, mode: 'online', minutes: 30 };
        const res = await post(a, '/api/one-to-ones', payload);
        if (res.statusCode === 201) oneToOnes.push({ id: res.json().id, other: b });
        return res;
      },
      disputeOneToOne: async () => {
        const o = oneToOnes.length ? random.pick(oneToOnes) : undefined;
        return o && post(o.other, `/api/one-to-ones/${o.id}/dispute`, { note: null });
      },
      recordUnit: async () => {
        const who = random.pick(members);
        const payload = {
          earnedOn: day(),
          kind: 'podcast',
          title: `Episode ${random.below(1e6)}`,
          minutes: 30,
        };
        const res = await post(who, '/api/education-units', payload);
        if (res.statusCode === 201) units.push({ id: res.json().id, by: who });
        return res;
      },
      removeUnit: async () => {
        const u = units.length ? units.splice(random.below(units.length), 1)[0] : undefined;
        return u && kit.as(u.by, { method: 'DELETE', url: `/api/education-units/${u.id}` });
      },
      writeTestimonial: async () => {
        const [a, b] = twoMembers();
        const payload = { forMemberId: b.userId, body: 'Thank you', givenIn: 'written', givenOn: day() };
        const res = await post(a, '/api/testimonials', payload);
        if (res.statusCode === 201) written.push({ id: res.json().id, by: a });
        return res;
      },
      removeTestimonial: async () => {
        const w = written.length ? written.splice(random.below(written.length), 1)[0] : undefined;
        return w && kit.as(w.by, { method: 'DELETE', url: `/api/testimonials/${w.id}` });
      },
      give: async () => {
        const [from, to] = twoMembers();
        const res = await kit.give(from, { toMemberId: to.userId, amount: amount(), saleDate: day() });
        if (res.statusCode === 201) referrals.push({ id: res.json().id, creator: from, counterpart: to });
        return res;
      },
      report: async () => {
        const [to, from] = twoMembers();
        const res = await kit.report(to, { referrerId: from.userId, amount: amount(), saleDate: day() });
        if (res.statusCode === 201) referrals.push({ id: res.json().id, creator: to, counterpart: from });
        return res;
      },
      decide: async () => {
        const r = referrals.length ? random.pick(referrals) : undefined;
        return r && kit.decide(r.counterpart, r.id, random.pick(['approved', 'approved', 'rejected']));
      },
      edit: async () => {
        const r = referrals.length ? random.pick(referrals) : undefined;
        if (!r) return undefined;
        const res = await kit.as(r.creator, {
          method: 'PATCH',
          url: `/api/referrals/${r.id}`,
          payload: { amount: amount(), saleDate: day() },
        });
        const proposal = res.statusCode === 200 ? res.json().proposal : null;
        if (!proposal) return res;
        return kit.as(r.counterpart, {
          method: 'PATCH',
          url: `/api/referrals/proposals/${proposal.id}`,
          payload: { decision: random.pick(['accepted', 'accepted', 'rejected']) },
        });
      },
      remove: async () => {
        const r = referrals.length ? random.pick(referrals) : undefined;
        if (!r) return undefined;
        const res = await kit.as(r.creator, { method: 'DELETE', url: `/api/referrals/${r.id}` });
        if (res.statusCode !== 202) return res;
        return kit.as(r.counterpart, {
          method: 'PATCH',
          url: `/api/referrals/proposals/${res.json().proposal.id}`,
          payload: { decision: 'accepted' },
        });
      },
      saveMeeting: () =>
        kit.as(leader, {
          method: 'POST',
          url: '/api/attendance/batch',
          payload: {
            meetingDate: tuesday(),
            attendanceRecords: members
              .filter(() => random.below(4) > 0)
              .map((m) => ({ memberId: m.userId, status: random.pick(['PRESENT', 'ABSENT', 'EXCUSED']) })),
          },
        }),
      editRecord: async () => {
        const ids = await recordIds();
        return ids.length === 0
          ? undefined
          : kit.as(leader, {
              method: 'PUT',
              url: `/api/attendance/records/${random.pick(ids)}`,
              payload: { status: random.pick(['present', 'absent', 'excused']) },
            });
      },
      deleteRecord: async () => {
        const ids = await recordIds();
        return ids.length === 0
          ? undefined
          : kit.as(leader, { method: 'DELETE', url: `/api/attendance/records/${random.pick(ids)}` });
      },
      importHistory: async () => {
        // A chapter's history comes in as referrals already decided (the insert trigger's only movers).
        const emails = await emailsOf(members);
        const lines = Array.from({ length: 1 + random.below(3) }, () => {
          const [from, to] = twoMembers();
          const status = random.pick(['Approved', 'Approved', 'Declined', 'Pending']);
          return `${emails.get(from.userId)},${emails.get(to.userId)},${amount()},${day()},${status},C${random.below(1e9)}`;
        });
        return kit.as(admin, {
          method: 'POST',
          url: '/api/imports/referrals',
          query: { filename: 'history.csv' },
          headers: { 'content-type': 'application/octet-stream' },
          payload: Buffer.from(['From,To,Sale Amount,Sale Date,Status,Customer', ...lines].join('\n')),
        });
      },
      deleteMember: async () => {
        // Ann and Bo stay (the kit's calls use them); anyone else may leave, and someone new joins.
        if (random.below(4) > 0 || members.length < 4) return undefined;
        const leaving = members.splice(2 + random.below(members.length - 2), 1)[0]!;
        await newMember();
        return kit.as(admin, { method: 'DELETE', url: `/api/users/${leaving.userId}` });
      },
      moveMember: async () => {
        // Ann and Bo stay where the kit's calls expect them; anyone else may change chapter, back and forth.
        if (members.length < 3) return undefined;
        const moving = members[2 + random.below(members.length - 2)]!;
        return kit.as(agency, {
          method: 'POST',
          url: `/api/users/${moving.userId}/chapter`,
          payload: { chapterId: random.pick(chapterIds) },
        });
      },
      changeRole: async () => {
        // Anyone but Ann and Bo may become a guest and a member again: their chapter's member count follows.
        if (members.length < 3) return undefined;
        const target = members[2 + random.below(members.length - 2)]!;
        return kit.as(agency, {
          method: 'PUT',
          url: `/api/users/${target.userId}`,
          payload: { firstName: 'Prop', lastName: 'Changed', role: random.pick(['GUEST', 'MEMBER']) },
        });
      },
    };
    const weighted = [
      ...Array(4).fill('give'),
      ...Array(2).fill('report'),
      ...Array(4).fill('decide'),
      ...Array(2).fill('edit'),
      ...Array(2).fill('remove'),
      ...Array(3).fill('saveMeeting'),
      ...Array(2).fill('editRecord'),
      'deleteRecord',
      'importHistory',
      ...Array(2).fill('deleteMember'),
      'moveMember',
      'changeRole',
      ...Array(2).fill('logOneToOne'),
      ...Array(2).fill('disputeOneToOne'),
      'recordUnit',
      'removeUnit',
      'writeTestimonial',
      'removeTestimonial',
    ] as (keyof typeof operations)[];

    const run = async (name: keyof typeof operations) => {
      const res = await operations[name]!();
      if (res && res.statusCode >= 500) {
        const failure = `${name}: ${res.statusCode} ${res.body}; logged: ${errors.join('\n')}`;
        // Printed as well as thrown: a retry that passes would otherwise hide it.
        console.error(failure);
        throw new Error(failure);
      }
      if (res && res.statusCode < 300) succeeded.set(name, (succeeded.get(name) ?? 0) + 1);
    };

    const trail: string[] = [];
    for (let step = 0; step < STEPS; step++) {
      const together = hasPostgres && step % CONCURRENT_EVERY === CONCURRENT_EVERY - 1;
      const names = Array.from({ length: together ? 4 : 1 }, () => random.pick(weighted));
      trail.push(names.join('+'));
      await Promise.all(names.map(run));
      const differences = await memberTotalsDifferences(kit.t.db);
      expect(differences, `seed ${SEED}, step ${step}: ${trail.slice(-5).join(', ')}`).toEqual([]);
    }
    // The sequence did touch every kind of change, not only refusals.
    for (const name of Object.keys(operations)) expect(succeeded.get(name) ?? 0, name).toBeGreaterThan(1);
  });
});
