import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { todayIn } from '../../../domain/dates';
import { chapters, meetings, notifications } from '../../db/schema';
import { injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { remindNotRecordedMeetings } from './not-recorded-reminders';

let t: TestApp;
let leader: SignedIn;
let member: SignedIn;
let otherLeader: SignedIn;
let chapterId: string;
let otherChapterId: string;

beforeAll(async () => {
  t = await createTestApp();
  [{ id: chapterId }] = (await t.db.select({ id: chapters.id }).from(chapters)) as [{ id: string }];
  await t.db.update(chapters).set({ name: 'Fort Collins Connectors' }).where(eq(chapters.id, chapterId));
  const [other] = await t.db.insert(chapters).values({ name: 'Berthoud', slug: 'berthoud' }).returning();
  otherChapterId = other!.id;
  leader = await signInAs(t.db, 'LEADERSHIP', { chapterId });
  member = await signInAs(t.db, 'MEMBER', { chapterId });
  otherLeader = await signInAs(t.db, 'LEADERSHIP', { chapterId: otherChapterId });
});
afterAll(() => t.close());

const meeting = (date: string, state: 'scheduled' | 'open' | 'closed' | 'holiday', chapter = chapterId) =>
  t.db
    .insert(meetings)
    .values({ chapterId: chapter, meetingDate: date, startTime: '07:00', state })
    .returning();

const bell = (userId: string) =>
  t.db
    .select({ kind: notifications.kind, title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId));

describe('a meeting whose day passed without it being opened', () => {
  it("reminds the chapter's leadership once, the day after, and nobody of a holiday, an open or a closed week", async () => {
    // 18:00 UTC on Friday, November 20, 2026 is 11:00 that Friday in Denver.
    const now = new Date('2026-11-20T18:00:00Z');
    const [missed] = await meeting('2026-11-19', 'scheduled');
    await meeting('2026-11-18', 'holiday');
    await meeting('2026-11-17', 'open');
    await meeting('2026-11-16', 'closed');
    await meeting('2026-11-20', 'scheduled'); // today: not yet missed
    await meeting('2026-11-01', 'scheduled'); // outside the week's window
    await meeting('2026-11-19', 'scheduled', otherChapterId);

    expect(await remindNotRecordedMeetings(t.db, now)).toBe(2);
    expect(await bell(leader.userId)).toEqual([
      {
        kind: 'meeting_not_recorded',
        title: 'Not recorded: Fort Collins Connectors, Thursday, November 19, 2026',
        link: `/dashboard?tab=attendance&meeting=${missed!.id}`,
      },
    ]);
    expect(await bell(member.userId)).toEqual([]);
    expect((await bell(otherLeader.userId)).map((n) => n.title)).toEqual([
      'Not recorded: Berthoud, Thursday, November 19, 2026',
    ]);
    // Once: the next pass, and an instance running it at the same time, remind of nothing more.
    const again = await Promise.all([
      remindNotRecordedMeetings(t.db, now),
      remindNotRecordedMeetings(t.db, now),
    ]);
    expect(again).toEqual([0, 0]);
    expect(await bell(leader.userId)).toHaveLength(1);
  });

  it("waits for the end of the day in the chapter's zone", async () => {
    // 05:00 UTC on November 25 is still November 24 (22:00) in Denver: the 24th has not passed there.
    await meeting('2026-11-24', 'scheduled');
    const titles = async () =>
      (await bell(leader.userId)).map((n) => n.title.replace('Not recorded: Fort Collins Connectors, ', ''));
    // The 20th (today in the test above) has passed by now; the 24th not yet.
    expect(await remindNotRecordedMeetings(t.db, new Date('2026-11-25T05:00:00Z'))).toBe(1);
    expect((await titles()).sort()).toEqual(['Friday, November 20, 2026', 'Thursday, November 19, 2026']);
    expect(await remindNotRecordedMeetings(t.db, new Date('2026-11-25T07:30:00Z'))).toBe(1);
    expect(await titles()).toContain('Tuesday, November 24, 2026');
  });

  it('lists it first among the weeks to do, marked not recorded, with the members the door expects', async () => {
    const today = todayIn();
    const [late] = await meeting(addDays(today, -400), 'scheduled');
    const [soon] = await meeting(addDays(today, 400), 'scheduled');
    const res = await injectAs(t, leader, { method: 'GET', url: '/api/meetings?view=upcoming&limit=50' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; notRecorded: boolean; expected: number }[];
    expect(items[0]).toMatchObject({ id: late!.id, notRecorded: true });
    const ahead = items.find((m) => m.id === soon!.id);
    // The leader and the member of this chapter; the other chapter's leader is not expected here.
    expect(ahead).toMatchObject({ notRecorded: false, expected: 2 });
    // Nobody had joined 400 days ago.
    expect(items[0]?.expected).toBe(0);
    // An open week of the past comes after every missed one, though its date is earlier.
    const [openBefore] = await meeting(addDays(today, -500), 'open');
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await injectAs(t, leader, {
        method: 'GET',
        url: `/api/meetings?view=upcoming&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      });
      const body = page.json() as {
        items: { id: string; notRecorded: boolean }[];
        nextCursor: string | null;
      };
      paged.push(...body.items.map((m) => `${m.notRecorded ? 'missed' : 'to do'} ${m.id}`));
      cursor = body.nextCursor;
    } while (cursor);
    const lastMissed = paged.findLastIndex((line) => line.startsWith('missed'));
    expect(paged.indexOf(`to do ${openBefore!.id}`)).toBeGreaterThan(lastMissed);
    expect(paged.at(-1)).toBe(`to do ${soon!.id}`);
    expect(new Set(paged).size).toBe(paged.length);
  });
});
