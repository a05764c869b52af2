import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { chapters, users, visitorStageEvents, visitors } from '../../db/schema';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let chapterId: string;
let leader: SignedIn;
let ivan: SignedIn;

/** A visitor at `stage`, with the moves that took them there dated `on` (noon in Denver). */
async function visitor(
  email: string,
  stage: string,
  on: string,
  invitedById: string | null,
  industry: string | null = null,
) {
  const [v] = await t.db
    .insert(visitors)
    .values({
      chapterId,
      firstName: email.split('@')[0]!,
      lastName: 'V',
      email,
      source: 'public_form',
      stage,
      invitedById,
      industry,
    })
    .returning({ id: visitors.id });
  const path = ['registered', 'attended', 'followed_up', 'applied', 'member'];
  const upTo = stage === 'not_a_fit' ? ['registered'] : path.slice(0, path.indexOf(stage) + 1);
  for (const to of upTo) {
    await t.db.insert(visitorStageEvents).values({
      chapterId,
      visitorId: v!.id,
      toStage: to,
      cause: 'registration',
      createdAt: new Date(`${on}T19:00:00Z`),
    });
  }
  return v!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  leader = await signInAs(t.db, 'LEADERSHIP', { firstName: 'Lee', lastName: 'Leader', industry: 'Banking' });
  chapterId = (await t.db.select({ c: users.chapterId }).from(users).where(eq(users.id, leader.userId)))[0]!
    .c!;
  ivan = await signInAs(t.db, 'MEMBER', { firstName: 'Ivan', lastName: 'Inviter', chapterId });
  // In 2026-Q4: two registered by Ivan (one attended and applied), one walk-up attended; one from Q3.
  await visitor('ann@example.org', 'applied', '2026-10-15', ivan.userId, 'Plumbing');
  await visitor('bea@example.org', 'registered', '2026-11-02', ivan.userId, 'banking');
  await visitor('cal@example.org', 'attended', '2026-12-01', null);
  await visitor('old@example.org', 'member', '2026-09-30', ivan.userId);
  await visitor('=HYPERLINK("x")@example.org', 'not_a_fit', '2026-11-20', null);
});
afterAll(() => t.close());

describe("the Visitors tab's pipeline", () => {
  it('answers each stage with its count and visitors, and whether their industry is an open seat', async () => {
    const res = await injectAs(t, leader, { method: 'GET', url: '/api/visitors/board' });
    expect(res.statusCode).toBe(200);
    const board = res.json() as {
      stage: string;
      count: number;
      visitors: { email: string; openSeat: boolean | null }[];
    }[];
    expect(board.map((s) => [s.stage, s.count])).toEqual([
      ['invited', 0],
      ['registered', 1],
      ['attended', 1],
      ['followed_up', 0],
      ['applied', 1],
      ['member', 1],
      ['not_a_fit', 1],
    ]);
    const seat = Object.fromEntries(board.flatMap((s) => s.visitors.map((v) => [v.email, v.openSeat])));
    // Plumbing has no member; banking is the leader's industry (any case); no industry given: unknown.
    expect(seat['ann@example.org']).toBe(true);
    expect(seat['bea@example.org']).toBe(false);
    expect(seat['cal@example.org']).toBeNull();
    const one = await injectAs(t, leader, { method: 'GET', url: '/api/visitors?stage=attended' });
    expect(one.json().map((v: { email: string }) => v.email)).toEqual(['cal@example.org']);
    expect((await injectAs(t, leader, { method: 'GET', url: '/api/visitors?stage=nope' })).statusCode).toBe(
      400,
    );
  });

  it("counts the quarter's funnel for the chapter and per inviting member", async () => {
    const res = await injectAs(t, leader, { method: 'GET', url: '/api/visitors/funnel?quarter=2026-Q4' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      from: '2026-10-01',
      to: '2026-12-31',
      chapter: { registered: 4, attended: 2, applied: 1, member: 0 },
    });
    expect(res.json().byInviter).toEqual([
      { memberId: ivan.userId, name: 'Ivan Inviter', registered: 2, attended: 1, applied: 1, member: 0 },
      {
        memberId: null,
        name: 'No inviter (came on their own)',
        registered: 2,
        attended: 1,
        applied: 0,
        member: 0,
      },
    ]);
    const q3 = await injectAs(t, leader, { method: 'GET', url: '/api/visitors/funnel?quarter=2026-Q3' });
    expect(q3.json().chapter).toEqual({ registered: 1, attended: 1, applied: 1, member: 1 });
    expect(
      (await injectAs(t, leader, { method: 'GET', url: '/api/visitors/funnel?quarter=2026-5' })).statusCode,
    ).toBe(400);
  });

  it('exports the visitors as CSV, formula-safe', async () => {
    const res = await injectAs(t, leader, { method: 'GET', url: '/api/visitors/export.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'First name,Last name,Email,Phone,Business,Industry,Stage,Source,Invited by,Visits,Attended,Registered on',
    );
    expect(lines).toHaveLength(6);
    expect(lines.find((l) => l.includes('HYPERLINK'))).toMatch(/^"'=HYPERLINK\(""x""\)",V,"'=HYPERLINK/);
    expect(lines.find((l) => l.startsWith('ann,'))).toContain(',Applied,public_form,Ivan Inviter,0,0,');
  });

  it("refuses below leadership; another chapter's leadership sees none of them", async () => {
    for (const url of [
      '/api/visitors/board',
      '/api/visitors/funnel?quarter=2026-Q4',
      '/api/visitors/export.csv',
    ]) {
      await expectRefusedBelow(t, 'LEADERSHIP', { method: 'GET', url }, async () => null);
    }
    const [other] = await t.db
      .insert(chapters)
      .values({ name: 'Other', slug: 'other-board' })
      .returning({ id: chapters.id });
    const outsider = await signInAs(t.db, 'LEADERSHIP', { chapterId: other!.id });
    const board = (await injectAs(t, outsider, { method: 'GET', url: '/api/visitors/board' })).json();
    expect(board.every((s: { count: number }) => s.count === 0)).toBe(true);
    const [n] = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from visitors`);
    expect(n!.n).toBe(5);
  });
});
