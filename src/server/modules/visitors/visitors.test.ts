import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { todayIn } from '../../../domain/dates';
import { VISITOR_MESSAGES } from '../../../domain/visitors/contracts';
import { selectRows } from '../../db/client';
import {
  auditLog,
  chapters,
  meetings,
  outboundEmails,
  users,
  visitors,
  visitorVisits,
} from '../../db/schema';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, createUser, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { issueFillToken } from './fill-token';
import { VISIT_ANSWER_MS } from './routes';

const hasPostgres = await postgresReachable();

let t: TestApp;
let chapterId: string;
let slug: string;
let leader: SignedIn;
let member: SignedIn;
let host: SignedIn;
const today = todayIn();
const ids: Record<string, string> = {};

async function meeting(name: string, date: string, state: 'scheduled' | 'open' | 'closed' | 'holiday') {
  const [row] = await t.db
    .insert(meetings)
    .values({ chapterId, meetingDate: date, startTime: '07:00', place: 'Old Town Library', state })
    .returning({ id: meetings.id });
  ids[name] = row!.id;
}

/** A form token handed out a minute ago: a person's pace. */
const token = () => issueFillToken(t.app.config.sessionSecret, slug, Date.now() - 60_000);

const form = (over: Record<string, unknown> = {}) => ({
  meetingId: ids.next,
  firstName: 'Dana',
  lastName: 'Visitor',
  email: 'dana@example.org',
  phone: '970-555-0100',
  business: 'Dana Design',
  industry: 'Graphic Design',
  note: '',
  website: '',
  formToken: token(),
  ...over,
});

const botForm = (over: Record<string, unknown>) => form(over);

const register = (payload: object, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: `/api/visit/${slug}`, payload, remoteAddress });

/** Everything a registration writes, counted: a refusal leaves all of it as it was. */
const written = async () => {
  const [row] = await selectRows<Record<string, number>>(
    t.db,
    sql`select (select count(*)::int from visitors) as visitors, (select count(*)::int from visitor_visits) as visits,
          (select count(*)::int from outbound_emails) as emails,
          (select count(*)::int from notifications where kind = 'visitor_registered') as notifications`,
  );
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  const [chapter] = await t.db
    .update(chapters)
    .set({ name: 'Fort Collins Connectors', slug: 'fort-collins' })
    .returning();
  chapterId = chapter!.id;
  slug = chapter!.slug!;
  leader = await signInAs(t.db, 'LEADERSHIP', { firstName: 'Lee', lastName: 'Leader', chapterId });
  member = await signInAs(t.db, 'MEMBER', { firstName: 'Ann', lastName: 'Able', chapterId });
  host = await signInAs(t.db, 'MEMBER', { firstName: 'Hal', lastName: 'Host', chapterId, visitorHost: true });
  await createUser(t.db, 'GUEST', { firstName: 'Gus', lastName: 'Guest', chapterId });
  await meeting('past', addDays(today, -7), 'scheduled');
  await meeting('closed', addDays(today, -1), 'closed');
  await meeting('next', addDays(today, 6), 'scheduled');
  await meeting('holiday', addDays(today, 13), 'holiday');
  await meeting('second', addDays(today, 20), 'scheduled');
  await meeting('third', addDays(today, 27), 'scheduled');
  await meeting('fourth', addDays(today, 34), 'scheduled');
  await meeting('fifth', addDays(today, 41), 'scheduled');
});
afterAll(() => t.close());

describe('the public visit page', () => {
  it("offers the next four meetings that take visitors, the chapter's members (no guests), and a form token", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/visit/${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(page.meetings.map((m: { id: string }) => m.id)).toEqual([
      ids.next,
      ids.second,
      ids.third,
      ids.fourth,
    ]);
    expect(page.meetings[0]).toMatchObject({
      meetingDate: addDays(today, 6),
      startTime: '07:00',
      place: 'Old Town Library',
    });
    const names = page.members.map((m: { name: string }) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Ann Able', 'Hal Host', 'Lee Leader']));
    expect(names).not.toContain('Gus Guest');
    expect(page.formToken).toMatch(/^\d+\./);
    expect((await t.app.inject({ method: 'GET', url: '/api/visit/nowhere' })).statusCode).toBe(404);
  });
});

describe('registering for a visit', () => {
  it('refuses a closed, a holiday and a past meeting with a field message, and writes nothing', async () => {
    const before = await written();
    for (const [name, message] of [
      ['closed', VISITOR_MESSAGES.meetingPast],
      ['holiday', VISITOR_MESSAGES.meetingHoliday],
      ['past', VISITOR_MESSAGES.meetingPast],
    ] as const) {
      const res = await register(form({ meetingId: ids[name], email: `refused-${name}@example.org` }));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fieldErrors.meetingId, name).toEqual([message]);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses a closed meeting of today as closed', async () => {
    const [row] = await t.db
      .insert(meetings)
      .values({ chapterId, meetingDate: today, startTime: '07:00', state: 'closed' })
      .returning({ id: meetings.id });
    const res = await register(form({ meetingId: row!.id, email: 'early@example.org' }));
    expect(res.json().fieldErrors.meetingId).toEqual([VISITOR_MESSAGES.meetingClosed]);
    await t.db.delete(meetings).where(eq(meetings.id, row!.id));
  });

  it('refuses bad fields, an unknown meeting and an inviter from outside the chapter, writing nothing', async () => {
    const before = await written();
    const blank = await register(form({ firstName: ' ', email: 'not-an-email' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toMatchObject({
      firstName: [VISITOR_MESSAGES.firstNameRequired],
      email: [VISITOR_MESSAGES.invalidEmail],
    });
    const unknown = await register(
      form({ meetingId: '00000000-0000-4000-8000-000000000000', email: 'unknown@example.org' }),
    );
    expect(unknown.json().fieldErrors.meetingId).toEqual([VISITOR_MESSAGES.meetingRequired]);
    const guest = await createUser(t.db, 'GUEST', { chapterId });
    const inviter = await register(form({ invitedById: guest.id, email: 'inviter@example.org' }));
    expect(inviter.statusCode).toBe(400);
    expect(inviter.json().fieldErrors.invitedById).toEqual([VISITOR_MESSAGES.inviterNotMember]);
    expect(await written()).toEqual(before);
  });

  it('drops a bot quietly: the hidden field filled, or the form sent back within seconds', async () => {
    const before = await written();
    const form = (over: Record<string, unknown>) => botForm({ email: 'bot@example.org', ...over });
    const honeypot = await register(form({ website: 'https://spam.example' }));
    const fast = await register(
      form({ formToken: issueFillToken(t.app.config.sessionSecret, slug, Date.now()) }),
    );
    for (const res of [honeypot, fast]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: VISITOR_MESSAGES.registered });
    }
    expect(await written()).toEqual(before);
    const forged = await register(form({ formToken: `${Date.now() - 60_000}.forged` }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(VISITOR_MESSAGES.formExpired);
    const stale = await register(
      form({ formToken: issueFillToken(t.app.config.sessionSecret, slug, Date.now() - 25 * 3_600_000) }),
    );
    expect(stale.json().message).toBe(VISITOR_MESSAGES.formExpired);
    expect(await written()).toEqual(before);
  });

  it('registers: the visitor, the seat, the confirmation with its invitation, and the bell of leadership and hosts only', async () => {
    const res = await register(form({ invitedById: member.userId }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: VISITOR_MESSAGES.registered });
    const [visitor] = await t.db.select().from(visitors).where(eq(visitors.email, 'dana@example.org'));
    expect(visitor).toMatchObject({
      stage: 'registered',
      source: 'public_form',
      invitedById: member.userId,
      business: 'Dana Design',
    });
    const [visit] = await t.db.select().from(visitorVisits).where(eq(visitorVisits.visitorId, visitor!.id));
    expect(visit).toMatchObject({ meetingId: ids.next, sequence: 0 });
    const emails = await t.db.select().from(outboundEmails).where(eq(outboundEmails.visitId, visit!.id));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: 'dana@example.org', calendarMethod: 'REQUEST', status: 'pending' });
    expect(emails[0]!.subject).toMatch(/^You are registered: /);
    expect(emails[0]!.calendar).toContain(`\r\nUID:visit-${visit!.id}@localhost\r\n`);
    expect(emails[0]!.calendar).toContain('\r\nDTSTART;TZID=America/Denver:');
    expect(emails[0]!.calendar).toContain('ATTENDEE;CN="Dana Visitor"');
    expect(emails[0]!.text).toContain('Add to Google Calendar: https://calendar.google.com/calendar/render?');
    expect(emails[0]!.text).toContain('Add to Outlook: https://outlook.live.com/calendar/');
    const told = await selectRows<{ user_id: string; title: string }>(
      t.db,
      sql`select user_id, title from notifications where kind = 'visitor_registered'`,
    );
    expect(told.map((n) => n.user_id).sort()).toEqual([leader.userId, host.userId].sort());
    expect(told[0]!.title).toBe('Visitor: Dana Visitor');
  });

  it('answers a second registration of the same person for the same meeting exactly as the first, writing nothing', async () => {
    const before = await written();
    const started = performance.now();
    const again = await register(form({ email: 'DANA@example.org', firstName: 'Someone' }));
    // No sooner than a new registration is answered: the timing does not tell the two apart.
    expect(performance.now() - started).toBeGreaterThanOrEqual(VISIT_ANSWER_MS);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: VISITOR_MESSAGES.registered });
    expect(await written()).toEqual(before);
  });

  it('refuses a third visit to the chapter, inviting to apply; a seat already taken is no new visit; a chapter allowing three takes it', async () => {
    const lim = (meetingId: string | undefined) => form({ meetingId, email: 'lim@example.org' });
    expect((await register(lim(ids.next))).statusCode).toBe(200);
    expect((await register(lim(ids.second))).statusCode).toBe(200);
    const before = await written();
    const third = await register(lim(ids.third));
    expect(third.statusCode).toBe(400);
    expect(third.json().fieldErrors.email).toEqual([
      'You have already visited 2 times. To keep coming, please apply for membership.',
    ]);
    const again = await register(lim(ids.second));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: VISITOR_MESSAGES.registered });
    expect(await written()).toEqual(before);
    // The agency administrator sets the chapter's own limit, among its settings.
    const agency = await signInAs(t.db, 'AGENCY_ADMIN');
    const setLimit = (visitLimit: unknown) =>
      injectAs(t, agency, { method: 'PATCH', url: `/api/chapters/${chapterId}`, payload: { visitLimit } });
    const bad = await setLimit(0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.visitLimit).toEqual([
      'Enter how many times a visitor may come, from 1 to 10, or leave it empty',
    ]);
    const saved = await setLimit(3);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().chapters.find((c: { id: string }) => c.id === chapterId).visitLimit).toBe(3);
    expect((await register(lim(ids.third))).statusCode).toBe(200);
    await t.db.update(chapters).set({ visitLimit: null }).where(eq(chapters.id, chapterId));
  });

  it('limits registrations per email address: the sixth in an hour is refused with nothing written', async () => {
    const payload = form({ email: 'flood@example.org' });
    for (let i = 0; i < 5; i++)
      expect((await register({ ...payload }, `198.51.100.${i}`)).statusCode).toBe(200);
    const before = await written();
    const sixth = await register({ ...payload }, '198.51.100.99');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    expect(await written()).toEqual(before);
  });
});

describe.skipIf(!hasPostgres)('twenty registrations of one person at once', () => {
  let racing: TestApp;
  beforeAll(async () => {
    racing = await createTestApp({ buildOptions: { rateLimits: false } });
  });
  afterAll(() => racing.close());

  it('make one visitor, one seat and one confirmation', async () => {
    const [chapter] = await racing.db.update(chapters).set({ name: 'Racing', slug: 'racing' }).returning();
    const [row] = await racing.db
      .insert(meetings)
      .values({
        chapterId: chapter!.id,
        meetingDate: addDays(today, 6),
        startTime: '07:00',
        state: 'scheduled',
      })
      .returning({ id: meetings.id });
    const payload = {
      meetingId: row!.id,
      firstName: 'Rae',
      lastName: 'Racer',
      email: 'rae@example.org',
      formToken: issueFillToken(racing.app.config.sessionSecret, chapter!.slug!, Date.now() - 60_000),
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        racing.app.inject({ method: 'POST', url: `/api/visit/${chapter!.slug}`, payload }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const [counts] = await selectRows<Record<string, number>>(
      racing.db,
      sql`select (select count(*)::int from visitors) as visitors, (select count(*)::int from visitor_visits) as visits,
            (select count(*)::int from outbound_emails) as emails`,
    );
    expect(counts).toEqual({ visitors: 1, visits: 1, emails: 1 });
  });
});

describe('a member invites a visitor', () => {
  it('without a meeting: an invited visitor, theirs to see; with one: a registration with its confirmation', async () => {
    const res = await injectAs(t, member, {
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'Ivy', lastName: 'Invitee', email: 'ivy@example.org', business: 'Ivy Plants' },
    });
    expect(res.statusCode).toBe(201);
    const [ivy] = await t.db.select().from(visitors).where(eq(visitors.email, 'ivy@example.org'));
    expect(ivy).toMatchObject({ stage: 'invited', source: 'member', invitedById: member.userId });

    const emailsBefore = (await written())!.emails!;
    const booked = await injectAs(t, member, {
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'Ivy', lastName: 'Invitee', email: 'ivy@example.org', meetingId: ids.next },
    });
    expect(booked.statusCode).toBe(201);
    const [registered] = await t.db.select().from(visitors).where(eq(visitors.email, 'ivy@example.org'));
    expect(registered!.stage).toBe('registered');
    expect((await written())!.emails).toBe(emailsBefore + 1);

    const mine = await injectAs(t, member, { method: 'GET', url: '/api/visitors/mine' });
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as { email: string; meetings: string[]; invitedByName: string }[];
    expect(list.map((v) => v.email).sort()).toEqual(['dana@example.org', 'ivy@example.org']);
    expect(list.find((v) => v.email === 'ivy@example.org')).toMatchObject({
      meetings: [addDays(today, 6)],
      invitedByName: 'Ann Able',
    });
    const others = await injectAs(t, host, { method: 'GET', url: '/api/visitors/mine' });
    expect(others.json()).toEqual([]);
  });

  it('is for members: a stranger and a guest are refused and nothing is written', async () => {
    await expectRefusedBelow(
      t,
      'MEMBER',
      {
        method: 'POST',
        url: '/api/visitors',
        payload: { firstName: 'No', lastName: 'One', email: 'no@example.org' },
      },
      written,
    );
    const bad = await injectAs(t, member, {
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'No' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.lastName).toEqual([VISITOR_MESSAGES.lastNameRequired]);
  });
});

describe("leadership and the chapter's visitors", () => {
  it('lists them for leadership only', async () => {
    const res = await injectAs(t, leader, { method: 'GET', url: '/api/visitors' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((v: { email: string }) => v.email)).toContain('dana@example.org');
    expect((await injectAs(t, member, { method: 'GET', url: '/api/visitors' })).statusCode).toBe(403);
  });

  it('makes a member a visitor host, audited; a member may not', async () => {
    const url = `/api/visitors/hosts/${member.userId}`;
    const flag = async () =>
      (await t.db.select({ host: users.visitorHost }).from(users).where(eq(users.id, member.userId)))[0]!
        .host;
    await expectRefusedBelow(t, 'LEADERSHIP', { method: 'PUT', url, payload: { host: true } }, flag);
    const res = await injectAs(t, leader, { method: 'PUT', url, payload: { host: true } });
    expect(res.statusCode).toBe(204);
    expect(await flag()).toBe(true);
    const choices = await injectAs(t, leader, { method: 'GET', url: '/api/visitors/hosts' });
    const hosts = (choices.json() as { name: string; visitorHost: boolean }[]).filter((c) => c.visitorHost);
    expect(hosts.map((c) => c.name).sort()).toEqual(['Ann Able', 'Hal Host']);
    expect(choices.json().map((c: { name: string }) => c.name)).not.toContain('Gus Guest');
    expect((await injectAs(t, member, { method: 'GET', url: '/api/visitors/hosts' })).statusCode).toBe(403);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.visitor_host_changed'));
    expect(entry).toMatchObject({
      subject: 'Ann Able',
      before: { visitorHost: false },
      after: { visitorHost: true },
    });
    await injectAs(t, leader, { method: 'PUT', url, payload: { host: false } });
    expect(await flag()).toBe(false);
  });

  it("deletes a visitor on request with their visits, audited; another chapter's visitor is not found", async () => {
    const [ivy] = await t.db.select().from(visitors).where(eq(visitors.email, 'ivy@example.org'));
    const url = `/api/visitors/${ivy!.id}`;
    await expectRefusedBelow(t, 'LEADERSHIP', { method: 'DELETE', url }, written);
    const [other] = await t.db.insert(chapters).values({ name: 'Elsewhere', slug: 'elsewhere' }).returning();
    const elsewhereLeader = await signInAs(t.db, 'LEADERSHIP', { chapterId: other!.id });
    expect((await injectAs(t, elsewhereLeader, { method: 'DELETE', url })).statusCode).toBe(404);
    const res = await injectAs(t, leader, { method: 'DELETE', url });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(visitors).where(eq(visitors.id, ivy!.id))).toEqual([]);
    expect(await t.db.select().from(visitorVisits).where(eq(visitorVisits.visitorId, ivy!.id))).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'visitor.deleted'));
    expect(entry).toMatchObject({ subject: 'Ivy Invitee', actorId: leader.userId, chapterId });
  });
});

describe('the meeting changes after visitors registered', () => {
  const danaEmails = async () =>
    t.db
      .select({
        subject: outboundEmails.subject,
        method: outboundEmails.calendarMethod,
        calendar: outboundEmails.calendar,
      })
      .from(outboundEmails)
      .innerJoin(visitorVisits, eq(visitorVisits.id, outboundEmails.visitId))
      .where(and(eq(visitorVisits.meetingId, ids.next!), eq(outboundEmails.to, 'dana@example.org')))
      .orderBy(outboundEmails.createdAt);

  it('moved: the invitation again, same UID, SEQUENCE 1; called off: a CANCEL with SEQUENCE 2', async () => {
    const url = `/api/meetings/${ids.next}`;
    const first = (await danaEmails())[0]!;
    const uid = /\r\nUID:([^\r]+)\r\n/.exec(first.calendar!)![1];
    const moved = await injectAs(t, leader, { method: 'PATCH', url, payload: { startTime: '07:30' } });
    expect(moved.statusCode).toBe(200);
    const updates = (await danaEmails()).filter((e) => e.subject.startsWith('Changed:'));
    expect(updates).toHaveLength(1);
    expect(updates[0]!.method).toBe('REQUEST');
    expect(updates[0]!.calendar).toContain(`\r\nUID:${uid}\r\n`);
    expect(updates[0]!.calendar).toContain('\r\nSEQUENCE:1\r\n');
    expect(updates[0]!.calendar).toMatch(/DTSTART;TZID=America\/Denver:\d{8}T073000/);

    const off = await injectAs(t, leader, { method: 'PATCH', url, payload: { holiday: true } });
    expect(off.statusCode).toBe(200);
    const cancels = (await danaEmails()).filter((e) => e.method === 'CANCEL');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.calendar).toContain(`\r\nUID:${uid}\r\n`);
    expect(cancels[0]!.calendar).toContain('\r\nSEQUENCE:2\r\n');
    expect(cancels[0]!.calendar).toContain('\r\nMETHOD:CANCEL\r\n');
    // Back to a meeting: the visitors were told it was off; nobody is written to again.
    await injectAs(t, leader, { method: 'PATCH', url, payload: { holiday: false } });
    expect((await danaEmails()).length).toBe(3);
    // Until Dana registers again: the same invitation, confirmed anew with the next SEQUENCE.
    expect((await register(form({ email: 'dana@example.org' }))).statusCode).toBe(200);
    const again = (await danaEmails()).at(-1)!;
    expect(again.subject).toMatch(/^You are registered: /);
    expect(again.calendar).toContain(`\r\nUID:${uid}\r\n`);
    expect(again.calendar).toContain('\r\nSEQUENCE:3\r\n');
  });
});
