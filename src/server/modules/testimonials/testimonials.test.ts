import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { todayIn } from '../../../domain/dates';
import { notifications, testimonials } from '../../db/schema';
import { expectRefusedBelow, injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
const today = todayIn();
beforeAll(async () => {
  t = await createTestApp({ buildOptions: { rateLimits: false } });
});
afterAll(() => t.close());

const member = (firstName: string, extra: object = {}) =>
  signInAs(t.db, 'MEMBER', { firstName, lastName: 'Test', businessName: `${firstName} Co`, ...extra });
const write = (who: Who, payload: object) =>
  injectAs(t, who, { method: 'POST', url: '/api/testimonials', payload });
const letter = (forMemberId: string, over: object = {}) => ({
  forMemberId,
  body: 'Bo fixed our roof in a day. <b>Recommended</b>!',
  givenIn: 'meeting',
  givenOn: today,
  ...over,
});
const show = (who: Who, id: string, shownOnProfile: boolean) =>
  injectAs(t, who, { method: 'PATCH', url: `/api/testimonials/${id}`, payload: { shownOnProfile } });
const publicOf = (memberId: string) =>
  t.app.inject({ method: 'GET', url: `/api/testimonials/public/${memberId}` });
const rows = async () => (await t.db.select({ n: count() }).from(testimonials))[0]!.n;
const shownFlags = async () =>
  t.db.select({ id: testimonials.id, shown: testimonials.shownOnProfile }).from(testimonials);

describe('writing a testimonial', () => {
  let ann: SignedIn;
  let bo: SignedIn;
  beforeAll(async () => {
    ann = await member('Ann');
    bo = await member('Bo');
  });

  it('keeps it for the recipient, hidden from the profile until they show it, and tells them', async () => {
    const res = await write(ann, letter(bo.userId));
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(res.json()).toMatchObject({
      body: 'Bo fixed our roof in a day. <b>Recommended</b>!',
      givenIn: 'meeting',
      givenOn: today,
      shownOnProfile: false,
      writtenByMe: true,
      other: { id: bo.userId, name: 'Bo Test', businessName: 'Bo Co' },
    });
    const told = await t.db
      .select({ title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, bo.userId), eq(notifications.kind, 'testimonial')));
    expect(told).toEqual([
      { title: 'Ann Test wrote you a testimonial', link: '/dashboard?tab=referrals#panel-testimonials' },
    ]);
    // Bo's received side and Ann's written side.
    const received = (
      await injectAs(t, bo, { method: 'GET', url: '/api/testimonials?side=received' })
    ).json();
    expect(received.items).toEqual([
      expect.objectContaining({
        id,
        writtenByMe: false,
        other: expect.objectContaining({ name: 'Ann Test' }),
      }),
    ]);
    const written = (await injectAs(t, ann, { method: 'GET', url: '/api/testimonials?side=written' })).json();
    expect(written.items.map((x: { id: string }) => x.id)).toEqual([id]);
    expect((await injectAs(t, ann, { method: 'GET', url: '/api/testimonials' })).json().items).toEqual([]);

    // Not public before Bo chooses.
    const hidden = await publicOf(bo.userId);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual([]);

    // Only Bo may show it: Ann (the writer) is refused, anyone else does not see it.
    const cy = await member('Cy');
    expect((await show(ann, id, true)).statusCode).toBe(403);
    expect((await show(ann, id, true)).json().message).toBe(
      'Only the member it is for can show or hide this testimonial',
    );
    expect((await show(cy, id, true)).statusCode).toBe(404);
    expect(await publicOf(bo.userId).then((r) => r.json())).toEqual([]);

    expect((await show(bo, id, true)).json()).toMatchObject({ shownOnProfile: true });
    const shown = await publicOf(bo.userId);
    expect(shown.headers['cache-control']).toBe('public, max-age=60');
    expect(shown.json()).toEqual([
      {
        id,
        body: 'Bo fixed our roof in a day. <b>Recommended</b>!',
        givenOn: today,
        writer: { name: 'Ann Test', businessName: 'Ann Co', slug: expect.any(String) },
      },
    ]);
    expect(JSON.stringify(shown.json())).not.toContain('@');

    // Hidden again.
    expect((await show(bo, id, false)).json()).toMatchObject({ shownOnProfile: false });
    expect(await publicOf(bo.userId).then((r) => r.json())).toEqual([]);
  });

  it('refuses a testimonial for oneself, a guest, a bad date or an empty text, and writes nothing', async () => {
    const guest = await signInAs(t.db, 'GUEST', { firstName: 'Gus' });
    const before = await rows();
    const self = await write(ann, letter(ann.userId));
    expect(self.statusCode).toBe(400);
    expect(self.json().fieldErrors).toEqual({ forMemberId: ['You cannot write a testimonial for yourself'] });
    expect((await write(ann, letter(guest.userId))).json().fieldErrors).toEqual({
      forMemberId: ['Choose a current member'],
    });
    const bad = await write(
      ann,
      letter(bo.userId, { body: '  ', givenIn: 'email', givenOn: addDays(today, 1) }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      body: ['Write the testimonial'],
      givenIn: ['Choose whether you gave it in the meeting or wrote it'],
      givenOn: ['The date cannot be in the future'],
    });
    expect(await rows()).toBe(before);
    // A guest's profile is not public, nor is an unknown id.
    expect((await publicOf(guest.userId)).statusCode).toBe(404);
    expect((await publicOf('not-an-id')).statusCode).toBe(404);
  });

  it('is refused to guests and strangers, and only the writer removes it', async () => {
    await expectRefusedBelow(
      t,
      'MEMBER',
      { method: 'POST', url: '/api/testimonials', payload: letter(bo.userId) },
      rows,
    );
    await expectRefusedBelow(t, 'MEMBER', { method: 'GET', url: '/api/testimonials' }, rows);
    const id = (await write(ann, letter(bo.userId, { givenIn: 'written' }))).json().id as string;
    await expectRefusedBelow(
      t,
      'MEMBER',
      { method: 'PATCH', url: `/api/testimonials/${id}`, payload: { shownOnProfile: true } },
      shownFlags,
    );
    const url = `/api/testimonials/${id}`;
    expect((await injectAs(t, bo, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await injectAs(t, bo, { method: 'DELETE', url })).json().message).toBe(
      'Only the member who wrote this testimonial can remove it',
    );
    const before = await rows();
    expect((await injectAs(t, ann, { method: 'DELETE', url })).statusCode).toBe(204);
    expect(await rows()).toBe(before - 1);
    expect((await injectAs(t, ann, { method: 'DELETE', url })).statusCode).toBe(404);
  });
});
