import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { chapters, educationUnits } from '../../db/schema';
import { expectRefusedBelow, injectAs, type Who } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { attendanceTestKit } from '../meetings/attendance-test-kit';

const kit = attendanceTestKit();
const record = (who: Who, payload: object) =>
  injectAs(kit.t, who, { method: 'POST', url: '/api/education-units', payload });
const unit = (over: object = {}) => ({
  earnedOn: kit.today,
  kind: 'book_chapter',
  title: 'Givers Gain, chapter 3',
  minutes: 30,
  ...over,
});
const unitsOf = async (memberId: string) =>
  (
    await kit.t.db.select({ n: count() }).from(educationUnits).where(eq(educationUnits.memberId, memberId))
  )[0]!.n;
const allUnits = async () => (await kit.t.db.select({ n: count() }).from(educationUnits))[0]!.n;

describe('a member records an education unit', () => {
  it('keeps it as one unit of theirs and lists it, newest first, with the month and six-month counts', async () => {
    const cy = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Cy' });
    const res = await record(cy, unit());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      earnedOn: kit.today,
      kind: 'book_chapter',
      title: 'Givers Gain, chapter 3',
      minutes: 30,
      fromMeeting: false,
    });
    const sevenMonthsAgo = addDays(kit.today, -213);
    expect(
      (await record(cy, unit({ earnedOn: sevenMonthsAgo, kind: 'podcast', title: 'Old one' }))).statusCode,
    ).toBe(201);
    const list = (await kit.as(cy, { method: 'GET', url: '/api/education-units' })).json();
    expect(list.items.map((u: { title: string }) => u.title)).toEqual(['Givers Gain, chapter 3', 'Old one']);
    expect(list).toMatchObject({ thisMonth: 1, lastSixMonths: 1, nextCursor: null });
    // Another member's list holds none of Cy's.
    expect((await kit.as(kit.ann, { method: 'GET', url: '/api/education-units' })).json().items).toEqual([]);
  });

  it('refuses a bad slip with the field messages and writes nothing', async () => {
    const before = await allUnits();
    const res = await record(
      kit.ann,
      unit({ earnedOn: addDays(kit.today, 1), kind: 'licence', title: ' ', minutes: 0 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      earnedOn: ['The date cannot be in the future'],
      kind: ['Choose what you learned from'],
      title: ['Say what you read, watched or attended'],
      minutes: ['Enter the minutes, from 1 to 1440'],
    });
    expect(await allUnits()).toBe(before);
  });

  it('is refused to a guest and a stranger', async () => {
    await expectRefusedBelow(
      kit.t,
      'MEMBER',
      { method: 'POST', url: '/api/education-units', payload: unit() },
      allUnits,
    );
    await expectRefusedBelow(kit.t, 'MEMBER', { method: 'GET', url: '/api/education-units' }, allUnits);
  });

  it("removes only the member's own unit", async () => {
    const dee = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Dee' });
    const id = (await record(dee, unit())).json().id as string;
    const url = `/api/education-units/${id}`;
    expect((await kit.as(kit.ann, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await kit.as(kit.ann, { method: 'DELETE', url })).json().message).toBe(
      'Only the member who recorded this unit can remove it',
    );
    expect(await unitsOf(dee.userId)).toBe(1);
    expect((await kit.as(dee, { method: 'DELETE', url })).statusCode).toBe(204);
    expect(await unitsOf(dee.userId)).toBe(0);
    expect((await kit.as(dee, { method: 'DELETE', url })).statusCode).toBe(404);
    expect((await kit.as(dee, { method: 'DELETE', url: '/api/education-units/not-an-id' })).statusCode).toBe(
      404,
    );
  });
});

describe('leadership records a training for everyone present', () => {
  const training = { kind: 'training', title: 'Referral training', minutes: 10 };
  const date = '2026-10-01';
  const recordFor = (who: Who, meetingId: string, payload: object = training) =>
    injectAs(kit.t, who, { method: 'POST', url: `/api/meetings/${meetingId}/education-units`, payload });

  it('gives one unit to each member present or late, dated the meeting, and none twice', async () => {
    await kit.log(kit.leader, date, [
      { memberId: kit.ann.userId, status: 'PRESENT' },
      { memberId: kit.bo.userId, status: 'ABSENT' },
      { memberId: kit.leader.userId, status: 'LATE' },
    ]);
    const id = (await kit.meetingId(date))!;
    const annBefore = await unitsOf(kit.ann.userId);
    const res = await recordFor(kit.leader, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorded: 2, present: 2 });
    expect(await unitsOf(kit.ann.userId)).toBe(annBefore + 1);
    expect(await unitsOf(kit.bo.userId)).toBe(0);
    const [annUnit] = await kit.t.db
      .select()
      .from(educationUnits)
      .where(eq(educationUnits.meetingId, id))
      .orderBy(educationUnits.memberId)
      .limit(1);
    expect(annUnit).toMatchObject({
      earnedOn: date,
      title: 'Referral training',
      recordedById: kit.leader.userId,
    });
    // Sent again, or by two leaders at once: no second unit for the same training.
    const again = await Promise.all([recordFor(kit.leader, id), recordFor(kit.leader, id)]);
    expect(again.map((r) => r.json())).toEqual([
      { recorded: 0, present: 2 },
      { recorded: 0, present: 2 },
    ]);
    expect(await unitsOf(kit.ann.userId)).toBe(annBefore + 1);
  });

  it('is refused below leadership, to another chapter (404), and for a meeting with no one present', async () => {
    const date2 = '2026-10-08';
    await kit.log(kit.leader, date2, [{ memberId: kit.ann.userId, status: 'ABSENT' }]);
    const id = (await kit.meetingId(date2))!;
    const url = `/api/meetings/${id}/education-units`;
    await expectRefusedBelow(kit.t, 'LEADERSHIP', { method: 'POST', url, payload: training }, allUnits);
    const [other] = await kit.t.db
      .insert(chapters)
      .values({ name: 'Windsor', slug: 'windsor-ceu' })
      .returning();
    const outsider = await signInAs(kit.t.db, 'LEADERSHIP', { chapterId: other!.id });
    const before = await allUnits();
    expect((await recordFor(outsider, id)).statusCode).toBe(404);
    const none = await recordFor(kit.leader, id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No one is recorded present at this meeting yet');
    expect((await recordFor(kit.leader, id, { ...training, title: '' })).statusCode).toBe(400);
    expect(await allUnits()).toBe(before);
  });
});
