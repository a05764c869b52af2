import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOOR_VISITOR_MESSAGES as D } from '../../../domain/visitors/door';
import { selectRows } from '../../db/client';
import { chapters, meetings, users, visitors, visitorVisits } from '../../db/schema';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { registerVisit } from '../visitors/register-visit';
import { visitEmailContext } from '../visitors/visit-emails';
import { visitTicket } from '../visitors/visit-ticket';

const hasPostgres = await postgresReachable();

// Tuesday 24 November 2026; two business days later is Thursday 26 November.
const DAY = '2026-11-24';
const DUE = '2026-11-26';

let t: TestApp;
let chapterId: string;
let leader: SignedIn;
let inviter: SignedIn;
let meetingId: string;
let nextWeekId: string;
let otherChapterMeetingId: string;
let otherChapterId: string;

const taps = (list: object[], who: SignedIn = leader, id = meetingId) =>
  injectAs(t, who, { method: 'POST', url: `/api/meetings/${id}/taps`, payload: { taps: list } });
const at = (time = '14:02:00') => `${DAY}T${time}Z`;
const ticketTap = (ticket: string) => ({ id: randomUUID(), ticket, tappedAt: at() });
const visitorTap = (visitId: string, action = 'check-in') => ({
  id: randomUUID(),
  visitId,
  action,
  tappedAt: at(),
});
const secret = () => t.app.config.sessionSecret;

/** A visitor with a seat at `meeting`, invited by `invitedById` (or no one). */
async function seat(
  email: string,
  meeting = meetingId,
  invitedById: string | null = inviter.userId,
  chapter = chapterId,
) {
  const [v] = await selectRows<{ id: string }>(
    t.db,
    sql`insert into visitors (chapter_id, first_name, last_name, email, source, invited_by_id)
        values (${chapter}, 'Vic', ${email.split('@')[0]!}, ${email}, 'public_form', ${invitedById})
        on conflict (chapter_id, lower(email)) do update set updated_at = now() returning id`,
  );
  const [visit] = await t.db
    .insert(visitorVisits)
    .values({ chapterId: chapter, visitorId: v!.id, meetingId: meeting })
    .returning({ id: visitorVisits.id });
  return { visitorId: v!.id, visitId: visit!.id };
}

/** Everything a check-in writes, counted. */
const written = async () =>
  (
    await selectRows<Record<string, number>>(
      t.db,
      sql`select (select count(*)::int from visitor_visits where checked_in_at is not null) as checked_in,
            (select count(*)::int from visitor_stage_events) as moves,
            (select count(*)::int from visitor_follow_ups) as follow_ups,
            (select count(*)::int from visitors) as visitors,
            (select count(*)::int from visitor_visits where credited_member_id is not null) as credits`,
    )
  )[0];

const visitRow = async (visitId: string) =>
  (await t.db.select().from(visitorVisits).where(eq(visitorVisits.id, visitId)))[0]!;
const stageOf = async (visitorId: string) =>
  (await t.db.select({ stage: visitors.stage }).from(visitors).where(eq(visitors.id, visitorId)))[0]!.stage;

beforeAll(async () => {
  t = await createTestApp();
  leader = await signInAs(t.db, 'LEADERSHIP', { firstName: 'Lee', lastName: 'Leader' });
  chapterId = (await t.db.select({ c: users.chapterId }).from(users).where(eq(users.id, leader.userId)))[0]!
    .c!;
  inviter = await signInAs(t.db, 'MEMBER', { firstName: 'Ivan', lastName: 'Inviter', chapterId });
  await signInAs(t.db, 'MEMBER', { firstName: 'Hana', lastName: 'Host', chapterId, visitorHost: true });
  const made = await t.db
    .insert(meetings)
    .values([
      { chapterId, meetingDate: DAY, startTime: '07:00', state: 'open' },
      { chapterId, meetingDate: '2026-12-01', startTime: '07:00', state: 'scheduled' },
    ])
    .returning({ id: meetings.id });
  meetingId = made[0]!.id;
  nextWeekId = made[1]!.id;
  const [other] = await t.db
    .insert(chapters)
    .values({ name: 'Other', slug: 'other' })
    .returning({ id: chapters.id });
  otherChapterId = other!.id;
  const [m] = await t.db
    .insert(meetings)
    .values({ chapterId: other!.id, meetingDate: DAY, startTime: '07:00', state: 'open' })
    .returning({ id: meetings.id });
  otherChapterMeetingId = m!.id;
});
afterAll(() => t.close());

describe.skipIf(!hasPostgres)('visitors at the door', () => {
  it("lists the meeting's visitors under the members, A to Z, with who invited them", async () => {
    await seat('zed@example.org');
    await seat('amy@example.org', meetingId, null);
    const res = await injectAs(t, leader, { method: 'GET', url: `/api/meetings/${meetingId}/door` });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .visitors.map((v: { name: string; invitedByName: string | null }) => [v.name, v.invitedByName]),
    ).toEqual([
      ['Vic amy', null],
      ['Vic zed', 'Ivan Inviter'],
    ]);
  });

  it('a tap checks a visitor in: attended, the inviter credited for a first visit, a call due two business days on', async () => {
    const { visitId, visitorId } = await seat('tap@example.org');
    const res = await taps([visitorTap(visitId)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().visitors.find((v: { visitId: string }) => v.visitId === visitId).checkedInAt).toBe(
      '2026-11-24T14:02:00.000Z',
    );
    expect(await visitRow(visitId)).toMatchObject({
      checkedInById: leader.userId,
      creditedMemberId: inviter.userId,
    });
    expect(await stageOf(visitorId)).toBe('attended');
    const [call] = await selectRows<{ due_on: string; host: string }>(
      t.db,
      sql`select f.due_on::text as due_on, u.first_name as host from visitor_follow_ups f join users u on u.id = f.host_id
          where f.visit_id = ${visitId}`,
    );
    expect(call).toEqual({ due_on: DUE, host: 'Hana' });
  });

  it('credits only a first visit: a visitor who attended before brings no credit the second time', async () => {
    const first = await seat('twice@example.org', nextWeekId);
    await t.db
      .update(visitorVisits)
      .set({ checkedInAt: new Date('2026-11-17T14:00:00Z') })
      .where(eq(visitorVisits.id, first.visitId));
    const second = await seat('twice@example.org');
    await taps([visitorTap(second.visitId)]);
    expect((await visitRow(second.visitId)).checkedInAt).not.toBeNull();
    expect((await visitRow(second.visitId)).creditedMemberId).toBeNull();
  });

  it('a ticket scanned twice at once checks in once: one "checked in", one "already checked in"', async () => {
    const { visitId, visitorId } = await seat('ticket@example.org');
    const ticket = visitTicket(secret(), { id: visitId, chapterId });
    const before = await written();
    const answers = await Promise.all([taps([ticketTap(ticket)]), taps([ticketTap(ticket)])]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const outcomes = answers.map((a) => a.json().tickets[0].outcome).sort();
    expect(outcomes).toEqual(['already', 'checked_in']);
    expect(answers.map((a) => a.json().tickets[0].message).sort()).toEqual([
      'Vic ticket is already checked in.',
      'Vic ticket is checked in. Welcome!',
    ]);
    expect(await written()).toEqual({
      ...before,
      checked_in: before!.checked_in! + 1,
      moves: before!.moves! + 1,
      follow_ups: before!.follow_ups! + 1,
      credits: before!.credits! + 1,
    });
    expect(await stageOf(visitorId)).toBe('attended');
  });

  it("refuses a tampered ticket, another meeting's and another chapter's, and writes nothing", async () => {
    const later = await seat('later@example.org', nextWeekId);
    const elsewhere = await seat('away@example.org', otherChapterMeetingId, null, otherChapterId);
    const mine = await seat('mine@example.org');
    const good = visitTicket(secret(), { id: mine.visitId, chapterId });
    const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    const forgedVisit = good.replace(mine.visitId, later.visitId);
    const before = await written();
    const res = await taps([
      ticketTap(tampered),
      ticketTap(forgedVisit),
      ticketTap('not a ticket'),
      ticketTap(visitTicket(secret(), { id: later.visitId, chapterId })),
      ticketTap(visitTicket(secret(), { id: elsewhere.visitId, chapterId: otherChapterId })),
    ]);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().tickets.map((r: { outcome: string; message: string }) => [r.outcome, r.message]),
    ).toEqual([
      ['refused', D.ticketInvalid],
      ['refused', D.ticketInvalid],
      ['refused', D.ticketInvalid],
      ['refused', 'This ticket is for the meeting of Tuesday, December 1, 2026, not this one.'],
      ['refused', D.ticketOtherChapter],
    ]);
    expect(await written()).toEqual(before);
  });

  it('adds a walk-in at the door: registered and attended, kept as a walk-in; a bad walk-in writes nothing', async () => {
    const before = await written();
    const bad = await taps([
      {
        id: randomUUID(),
        walkIn: {
          firstName: 'Wal',
          lastName: 'Kin',
          email: 'nope',
          business: '',
          phone: null,
          industry: null,
        },
        tappedAt: at(),
      },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(await written()).toEqual(before);
    const walkIn = {
      firstName: 'Wal',
      lastName: 'Kin',
      email: 'wal@example.org',
      business: 'Kin Plumbing',
      phone: null,
      industry: null,
    };
    const res = await taps([{ id: randomUUID(), walkIn, tappedAt: at('14:10:00') }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().visitors.find((v: { name: string }) => v.name === 'Wal Kin')).toMatchObject({
      walkIn: true,
      business: 'Kin Plumbing',
      checkedInAt: '2026-11-24T14:10:00.000Z',
    });
    const [row] = await t.db.select().from(visitors).where(eq(visitors.email, 'wal@example.org'));
    expect(row).toMatchObject({ source: 'walk_in', stage: 'attended' });
    const moves = await selectRows<{ from_stage: string | null; to_stage: string; cause: string }>(
      t.db,
      sql`select from_stage, to_stage, cause from visitor_stage_events where visitor_id = ${row!.id} order by created_at, id`,
    );
    expect(moves).toEqual([
      { from_stage: null, to_stage: 'registered', cause: 'walk_in' },
      { from_stage: 'registered', to_stage: 'attended', cause: 'check_in' },
    ]);
    // Sent again (the answer was lost): the same person, checked in once.
    await taps([{ id: randomUUID(), walkIn, tappedAt: at('14:10:00') }]);
    expect((await t.db.select().from(visitors).where(eq(visitors.email, 'wal@example.org'))).length).toBe(1);
  });

  it('takes a check-in back: stamp, credit and the call not yet made go; the stage set back by the leader', async () => {
    const { visitId, visitorId } = await seat('oops@example.org');
    await taps([visitorTap(visitId)]);
    await taps([visitorTap(visitId, 'undo')]);
    expect(await visitRow(visitId)).toMatchObject({ checkedInAt: null, creditedMemberId: null });
    expect(await stageOf(visitorId)).toBe('registered');
    const [left] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from visitor_follow_ups where visit_id = ${visitId}`,
    );
    expect(left!.n).toBe(0);
  });

  it("refuses below leadership, another chapter's leadership and a visit of another meeting; nothing changes", async () => {
    const { visitId } = await seat('refuse@example.org');
    const request = {
      method: 'POST' as const,
      url: `/api/meetings/${meetingId}/taps`,
      payload: { taps: [visitorTap(visitId)] },
    };
    await expectRefusedBelow(t, 'LEADERSHIP', request, written);
    const otherLeader = await signInAs(t.db, 'LEADERSHIP', { chapterId: otherChapterId });
    const later = await seat('notthis@example.org', nextWeekId);
    const before = await written();
    expect((await taps([visitorTap(visitId)], otherLeader)).statusCode).toBe(404);
    const wrong = await taps([visitorTap(later.visitId)]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(D.notThisMeeting);
    expect(await written()).toEqual(before);
  });

  it('sends the ticket in the confirmation: its QR code drawn for a signed ticket only', async () => {
    const [future] = await t.db
      .insert(meetings)
      .values({ chapterId, meetingDate: '2027-03-02', startTime: '07:00', state: 'scheduled' })
      .returning({ id: meetings.id });
    const details = {
      firstName: 'Tia',
      lastName: 'Ticket',
      email: 'tia@example.org',
      phone: null,
      business: null,
      industry: null,
      note: null,
    };
    const { visitId } = await registerVisit(
      t.db,
      { chapterId, meetingId: future!.id, details, source: 'public_form', invitedById: null },
      visitEmailContext(t.app.config),
    );
    const ticket = visitTicket(secret(), { id: visitId, chapterId });
    const [email] = await selectRows<{ text: string; html: string }>(
      t.db,
      sql`select text, html from outbound_emails where visit_id = ${visitId}`,
    );
    const image = `/api/visit-tickets/${ticket}/qr.png`;
    expect(email!.text).toContain(`this code: ${ticket}`);
    expect(email!.html).toContain(`${image}" width="200"`);
    const png = await t.app.inject({ method: 'GET', url: image });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const forged = await t.app.inject({ method: 'GET', url: image.replace(ticket.slice(-4), 'AAAA') });
    expect(forged.statusCode).toBe(404);
  });
});
