import { and, asc, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { todayIn } from '../../../domain/dates';
import { chapters, oneToOneBookings, outboundEmails } from '../../db/schema';
import { expectRefusedBelow, injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
const tomorrow = addDays(todayIn(), 1);
beforeAll(async () => {
  t = await createTestApp({ buildOptions: { rateLimits: false } });
});
afterAll(() => t.close());

let n = 0;
const member = async (firstName: string, extra: object = {}) => {
  n += 1;
  return signInAs(t.db, 'MEMBER', {
    firstName,
    lastName: 'Booker',
    email: `${firstName.toLowerCase()}${n}@booking.test`,
    createdAt: new Date('2020-01-01T12:00:00Z'),
    ...extra,
  });
};
const emailOf = (who: SignedIn & { user: { email: string } }) => who.user.email;
const book = (who: Who, payload: object) =>
  injectAs(t, who, { method: 'POST', url: '/api/one-to-ones/bookings', payload });
const slot = (withMemberId: string, over: object = {}) => ({
  withMemberId,
  date: tomorrow,
  startTime: '07:30',
  minutes: 45,
  mode: 'in_person',
  place: 'Harmony Cafe',
  ...over,
});
const mailTo = (email: string) =>
  t.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.to, email))
    .orderBy(asc(outboundEmails.createdAt));
const invitation = (calendar: string | null) => {
  const vcalendar = new ICAL.Component(ICAL.parse(calendar!));
  const event = vcalendar.getFirstSubcomponent('vevent')!;
  return {
    method: vcalendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    attendees: event.getAllProperties('attendee').map((a) => a.getFirstValue()),
    start: String(event.getFirstPropertyValue('dtstart')),
    tzid: event.getFirstProperty('dtstart')!.getParameter('tzid'),
  };
};
const bookingRow = async (id: string) =>
  (await t.db.select().from(oneToOneBookings).where(eq(oneToOneBookings.id, id)))[0]!;
const summary = async (who: SignedIn) =>
  (await injectAs(t, who, { method: 'GET', url: '/api/one-to-ones/summary' })).json();

describe('booking a one-to-one', () => {
  it('sends both members the invitation: REQUEST, both as attendees, a stable UID, links to add it', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const res = await book(ann, slot(bo.userId));
    expect(res.statusCode).toBe(201);
    const booking = res.json();
    expect(booking).toMatchObject({
      date: tomorrow,
      startTime: '07:30',
      minutes: 45,
      status: 'booked',
      bookedByMe: true,
      due: false,
      timeZone: 'America/Denver',
      other: { id: bo.userId, name: 'Bo Booker' },
    });
    expect(booking.googleUrl).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
    expect(booking.outlookUrl).toMatch(/^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/);
    for (const [who, subject] of [
      [ann, `One-to-one with Bo Booker:`],
      [bo, `One-to-one with Ann Booker:`],
    ] as const) {
      const [mail, ...more] = await mailTo(emailOf(who));
      expect(more).toEqual([]);
      expect(mail!.subject.startsWith(subject)).toBe(true);
      expect(mail!.calendarMethod).toBe('REQUEST');
      expect(mail!.text).toContain('Add to Google Calendar: https://calendar.google.com/');
      expect(mail!.text).toContain('Add to Outlook: https://outlook.live.com/');
      expect(invitation(mail!.calendar)).toEqual({
        method: 'REQUEST',
        uid: `one-to-one-${booking.id}@localhost`,
        sequence: 0,
        attendees: [`mailto:${emailOf(ann)}`, `mailto:${emailOf(bo)}`],
        start: `${tomorrow}T07:30:00`,
        tzid: 'America/Denver',
      });
    }
    expect(await mailTo(emailOf(bo))).toHaveLength(1);
    // Both see it on their list; only the booker will be asked whether it happened.
    const bos = (await injectAs(t, bo, { method: 'GET', url: '/api/one-to-ones/bookings' })).json();
    expect(bos.items).toEqual([expect.objectContaining({ id: booking.id, bookedByMe: false, due: false })]);
  });

  it('refuses a time already past, a guest, oneself and a bad time, writing nothing', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const guest = await signInAs(t.db, 'GUEST');
    const refused = async (payload: object, field: string, message: string) => {
      const res = await book(ann, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([message]);
    };
    await refused(
      slot(bo.userId, { date: addDays(todayIn(), -1) }),
      'date',
      'Pick a date and time from now on',
    );
    await refused(
      slot(bo.userId, { startTime: '7h30' }),
      'startTime',
      'Enter the time as HH:MM, for example 07:30',
    );
    await refused(slot(ann.userId), 'withMemberId', 'You cannot log a one-to-one with yourself');
    await refused(slot(guest.userId), 'withMemberId', 'Choose a current member');
    const rows = async () =>
      t.db.select().from(oneToOneBookings).where(eq(oneToOneBookings.bookedById, ann.userId));
    expect(await rows()).toEqual([]);
    expect(await mailTo(emailOf(bo))).toEqual([]);
    await expectRefusedBelow(
      t,
      'MEMBER',
      { method: 'POST', url: '/api/one-to-ones/bookings', payload: slot(bo.userId) },
      async () =>
        (await t.db.select().from(oneToOneBookings).where(eq(oneToOneBookings.withMemberId, bo.userId)))
          .length,
    );
  });

  it('moves with SEQUENCE one higher and the same UID, and is called off with a CANCEL', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const [windsor] = await t.db
      .insert(chapters)
      .values({ name: 'Windsor', slug: `windsor-b${Date.now()}` })
      .returning();
    const outsider = await member('Oz', { chapterId: windsor!.id });
    const id = (await book(ann, slot(bo.userId))).json().id as string;
    const move = (who: Who) =>
      injectAs(t, who, {
        method: 'PATCH',
        url: `/api/one-to-ones/bookings/${id}`,
        payload: { startTime: '12:00' },
      });
    const before = await bookingRow(id);
    expect((await move(bo)).statusCode).toBe(403);
    expect((await move(outsider)).statusCode).toBe(404);
    expect(await bookingRow(id)).toEqual(before);

    const moved = await move(ann);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ startTime: '12:00', status: 'booked' });
    const latest = async (who: SignedIn & { user: { email: string } }) =>
      (await mailTo(emailOf(who))).at(-1)!;
    expect((await latest(bo)).subject).toMatch(/^Moved: your one-to-one with Ann Booker is now/);
    expect(invitation((await latest(bo)).calendar)).toMatchObject({
      method: 'REQUEST',
      uid: `one-to-one-${id}@localhost`,
      sequence: 1,
      start: `${tomorrow}T12:00:00`,
    });

    // Either member may call it off; both are sent the cancellation.
    const cancel = (who: Who) =>
      injectAs(t, who, { method: 'DELETE', url: `/api/one-to-ones/bookings/${id}` });
    expect((await cancel(outsider)).statusCode).toBe(404);
    const called = await cancel(bo);
    expect(called.statusCode).toBe(200);
    expect(called.json()).toMatchObject({ status: 'cancelled' });
    for (const who of [ann, bo]) {
      const mail = await latest(who);
      expect(mail.calendarMethod).toBe('CANCEL');
      expect(invitation(mail.calendar)).toMatchObject({
        method: 'CANCEL',
        uid: `one-to-one-${id}@localhost`,
        sequence: 2,
      });
    }
    expect((await cancel(ann)).statusCode).toBe(409);
    expect((await move(ann)).statusCode).toBe(409);
  });

  it('asks the booker "Did it happen?" once its time has passed: yes logs it for both, no counts nothing', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const yes = (await book(ann, slot(bo.userId))).json().id as string;
    const no = (await book(ann, slot(bo.userId, { startTime: '09:00' }))).json().id as string;
    const answer = (who: Who, id: string, happened: boolean) =>
      injectAs(t, who, {
        method: 'POST',
        url: `/api/one-to-ones/bookings/${id}/outcome`,
        payload: { happened },
      });
    const early = await answer(ann, yes, true);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('You can say whether it happened once its time has passed');

    // Their time comes: both were yesterday.
    const yesterday = addDays(todayIn(), -1);
    await t.db
      .update(oneToOneBookings)
      .set({ date: yesterday })
      .where(inArray(oneToOneBookings.id, [yes, no]));
    const list = (await injectAs(t, ann, { method: 'GET', url: '/api/one-to-ones/bookings' })).json();
    expect(list.items.map((b: { id: string; due: boolean }) => [b.id, b.due])).toEqual([
      [yes, true],
      [no, true],
    ]);
    // Bo did not book them: they leave his list, and he may not answer.
    expect((await injectAs(t, bo, { method: 'GET', url: '/api/one-to-ones/bookings' })).json().items).toEqual(
      [],
    );
    expect((await answer(bo, yes, true)).statusCode).toBe(403);

    const held = await answer(ann, yes, true);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ status: 'held', oneToOneId: expect.any(String) });
    expect((await answer(ann, no, false)).json()).toMatchObject({ status: 'missed', oneToOneId: null });
    expect(await summary(ann)).toMatchObject({ total: 1 });
    expect(await summary(bo)).toMatchObject({ total: 1 });
    const logged = (
      await injectAs(t, bo, { method: 'GET', url: `/api/one-to-ones/${held.json().oneToOneId}` })
    ).json();
    expect(logged).toMatchObject({ metOn: yesterday, minutes: 45, place: 'Harmony Cafe', loggedByMe: false });
    expect((await answer(ann, yes, true)).statusCode).toBe(409);
    expect(
      await t.db
        .select()
        .from(oneToOneBookings)
        .where(and(eq(oneToOneBookings.bookedById, ann.userId), eq(oneToOneBookings.status, 'booked'))),
    ).toEqual([]);
  });
});
