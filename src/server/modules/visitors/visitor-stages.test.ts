import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { todayIn } from '../../../domain/dates';
import { VISITOR_MESSAGES } from '../../../domain/visitors/contracts';
import { selectRows } from '../../db/client';
import { chapters, meetings, visitorStageEvents, visitors } from '../../db/schema';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { issueFillToken } from './fill-token';
import { advanceVisitor } from './visitor-stages';

let t: TestApp;
let chapterId: string;
let slug: string;
let leader: SignedIn;
let member: SignedIn;
let meetingId: string;
let otherLeader: SignedIn;

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/visit/${slug}`,
    payload: {
      meetingId,
      firstName: 'Sam',
      lastName: 'Stage',
      email,
      phone: null,
      business: 'Stage Co',
      industry: null,
      note: null,
      website: '',
      formToken: issueFillToken(t.app.config.sessionSecret, slug, Date.now() - 60_000),
    },
  });

const visitorIdOf = async (email: string) =>
  (await t.db.select({ id: visitors.id }).from(visitors).where(eq(visitors.email, email)))[0]!.id;

const moves = (visitorId: string) =>
  t.db
    .select({
      from: visitorStageEvents.fromStage,
      to: visitorStageEvents.toStage,
      cause: visitorStageEvents.cause,
      byId: visitorStageEvents.byId,
      reason: visitorStageEvents.reason,
    })
    .from(visitorStageEvents)
    .where(eq(visitorStageEvents.visitorId, visitorId))
    .orderBy(asc(visitorStageEvents.createdAt), asc(visitorStageEvents.id));

const stageOf = async (visitorId: string) =>
  (await t.db.select({ stage: visitors.stage }).from(visitors).where(eq(visitors.id, visitorId)))[0]!.stage;

beforeAll(async () => {
  t = await createTestApp();
  const [chapter] = await t.db.update(chapters).set({ name: 'Stage Chapter', slug: 'stage' }).returning();
  chapterId = chapter!.id;
  slug = chapter!.slug!;
  leader = await signInAs(t.db, 'LEADERSHIP', { firstName: 'Lee', lastName: 'Leader', chapterId });
  member = await signInAs(t.db, 'MEMBER', { firstName: 'Ann', lastName: 'Able', chapterId });
  const [other] = await t.db
    .insert(chapters)
    .values({ name: 'Elsewhere', slug: 'elsewhere' })
    .returning({ id: chapters.id });
  otherLeader = await signInAs(t.db, 'LEADERSHIP', { chapterId: other!.id });
  const [m] = await t.db
    .insert(meetings)
    .values({ chapterId, meetingDate: addDays(todayIn(), 6), startTime: '07:00', state: 'scheduled' })
    .returning({ id: meetings.id });
  meetingId = m!.id;
});
afterAll(() => t.close());

describe("a visitor's stages", () => {
  it('an invitation, then a registration: each move kept with its cause and who made it', async () => {
    const invited = await injectAs(t, member, {
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'Ivy', lastName: 'Invited', email: 'ivy@example.org' },
    });
    expect(invited.statusCode).toBe(201);
    const id = invited.json().id;
    expect(await register('IVY@example.org')).toMatchObject({ statusCode: 200 });
    expect(await stageOf(id)).toBe('registered');
    expect(await moves(id)).toEqual([
      { from: null, to: 'invited', cause: 'invitation', byId: member.userId, reason: null },
      { from: 'invited', to: 'registered', cause: 'registration', byId: null, reason: null },
    ]);
  });

  it('never moves back by itself: a later registration or invitation of an attended visitor changes nothing', async () => {
    await register('ada@example.org');
    const id = await visitorIdOf('ada@example.org');
    await t.db.transaction((tx) => advanceVisitor(tx, id, 'attended', 'check_in', leader.userId));
    await t.db.transaction((tx) => advanceVisitor(tx, id, 'registered', 'registration', null));
    await injectAs(t, member, {
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'Ada', lastName: 'Again', email: 'ada@example.org' },
    });
    expect(await stageOf(id)).toBe('attended');
    expect((await moves(id)).map((m) => m.to)).toEqual(['registered', 'attended']);
  });

  it('leadership marks a visitor not a fit with a reason, kept in the history; no automatic move leaves it', async () => {
    await register('nof@example.org');
    const id = await visitorIdOf('nof@example.org');
    const url = `/api/visitors/${id}/not-a-fit`;
    const blank = await injectAs(t, leader, { method: 'POST', url, payload: { reason: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.reason).toEqual([VISITOR_MESSAGES.reasonRequired]);
    await expectRefusedBelow(t, 'LEADERSHIP', { method: 'POST', url, payload: { reason: 'No' } }, () =>
      moves(id),
    );
    const elsewhere = await injectAs(t, otherLeader, { method: 'POST', url, payload: { reason: 'No' } });
    expect(elsewhere.statusCode).toBe(404);
    expect(await stageOf(id)).toBe('registered');

    const done = await injectAs(t, leader, {
      method: 'POST',
      url,
      payload: { reason: 'Their seat is taken' },
    });
    expect(done.statusCode).toBe(204);
    const again = await injectAs(t, leader, { method: 'POST', url, payload: { reason: 'Twice' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VISITOR_MESSAGES.alreadyNotAFit);
    await t.db.transaction((tx) => advanceVisitor(tx, id, 'attended', 'check_in', null));
    expect(await stageOf(id)).toBe('not_a_fit');
    expect((await moves(id)).at(-1)).toEqual({
      from: 'registered',
      to: 'not_a_fit',
      cause: 'leadership',
      byId: leader.userId,
      reason: 'Their seat is taken',
    });
  });

  it("shows leadership a visitor's history; another chapter's leadership and members get nothing", async () => {
    const id = await visitorIdOf('ivy@example.org');
    const res = await injectAs(t, leader, { method: 'GET', url: `/api/visitors/${id}` });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.visitor).toMatchObject({ firstName: 'Ivy', stage: 'registered' });
    expect(detail.history.map((h: { cause: string; byName: string | null }) => [h.cause, h.byName])).toEqual([
      ['invitation', 'Ann Able'],
      ['registration', null],
    ]);
    expect(detail.visits).toHaveLength(1);
    expect((await injectAs(t, otherLeader, { method: 'GET', url: `/api/visitors/${id}` })).statusCode).toBe(
      404,
    );
    expect((await injectAs(t, member, { method: 'GET', url: `/api/visitors/${id}` })).statusCode).toBe(403);
    expect((await injectAs(t, leader, { method: 'GET', url: '/api/visitors/nope' })).statusCode).toBe(404);
  });

  it('two automatic moves at once keep one history line each stage', async () => {
    await register('race@example.org');
    const id = await visitorIdOf('race@example.org');
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.transaction((tx) => advanceVisitor(tx, id, 'attended', 'check_in', null)),
      ),
    );
    const [row] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from visitor_stage_events where visitor_id = ${id} and to_stage = 'attended'`,
    );
    expect(row!.n).toBe(1);
  });
});
