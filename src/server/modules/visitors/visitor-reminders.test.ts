import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import {
  chapters,
  mailboxMessages,
  meetings,
  outboundEmails,
  visitors,
  visitorVisits,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { mailboxTransport } from '../notifications/email/mail-transport';
import { runOutboundBatch } from '../notifications/email/outbound-worker';
import { visitEmailContext } from './visit-emails';
import { remindVisitors } from './visitor-reminders';

const hasPostgres = await postgresReachable();

let t: TestApp;
let chapterId: string;
const context = () => visitEmailContext(t.app.config);

/** A visitor with a seat at a meeting on `date`, registered at `registeredAt`. */
async function visitOn(
  email: string,
  date: string,
  registeredAt: string,
  state: 'scheduled' | 'holiday' = 'scheduled',
) {
  const [meeting] = await t.db
    .insert(meetings)
    .values({ chapterId, meetingDate: date, startTime: '07:00', place: 'Old Town Library', state })
    .onConflictDoUpdate({ target: [meetings.chapterId, meetings.meetingDate], set: { state } })
    .returning({ id: meetings.id });
  const [visitor] = await t.db
    .insert(visitors)
    .values({ chapterId, firstName: 'Vi', lastName: email, email, source: 'public_form' })
    .returning({ id: visitors.id });
  await t.db
    .insert(visitorVisits)
    .values({ chapterId, visitorId: visitor!.id, meetingId: meeting!.id, createdAt: new Date(registeredAt) });
}

const reminders = () =>
  selectRows<{ to: string; subject: string; calendar: string | null }>(
    t.db,
    sql`select "to", subject, calendar from outbound_emails where subject like 'Reminder:%' order by "to"`,
  );

beforeAll(async () => {
  t = await createTestApp();
  const [chapter] = await t.db.update(chapters).set({ name: 'Loveland Leads', slug: 'loveland' }).returning();
  chapterId = chapter!.id;
  // Monday 11 January 2027: two business days before is Thursday the 7th (the weekend does not count).
  await visitOn('monday@example.org', '2027-01-11', '2027-01-01T17:00:00Z');
  // Registered on the reminder day itself: the confirmation is fresh, no reminder.
  await visitOn('late@example.org', '2027-01-11', '2027-01-07T16:00:00Z');
  // A week called off: nobody is reminded of it.
  await visitOn('holiday@example.org', '2027-01-12', '2027-01-01T17:00:00Z', 'holiday');
});
afterAll(() => t.close());

describe('reminding visitors two business days ahead', () => {
  it('does nothing on the Wednesday before a Monday meeting', async () => {
    expect(await remindVisitors(t.db, context(), new Date('2027-01-06T18:00:00Z'))).toBe(0);
    expect(await reminders()).toEqual([]);
  });

  it('reminds once on the Thursday, even with two instances at once, and never again', async () => {
    const thursday = new Date('2027-01-07T18:00:00Z');
    const counts = await Promise.all([
      remindVisitors(t.db, context(), thursday),
      remindVisitors(t.db, context(), thursday),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    const sent = await reminders();
    expect(sent.map((r) => r.to)).toEqual(['monday@example.org']);
    expect(sent[0]!.subject).toBe('Reminder: Loveland Leads meets Monday, January 11, 2027 at 7:00 AM');
    expect(sent[0]!.calendar).toBeNull();
    expect(await remindVisitors(t.db, context(), new Date('2027-01-08T18:00:00Z'))).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });
});

describe.skipIf(!hasPostgres)('the visitor email worker', () => {
  it('hands each email over once, the invitation with it, whichever of two workers takes it', async () => {
    const [chapter] = await t.db.select().from(chapters).where(eq(chapters.id, chapterId));
    await t.db.insert(outboundEmails).values({
      chapterId: chapter!.id,
      to: 'ics@example.org',
      subject: 'You are registered',
      text: 'Hi',
      html: '<p>Hi</p>',
      calendarMethod: 'REQUEST',
      calendar: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n',
    });
    const transport = mailboxTransport(() => t.db);
    const origin = 'http://localhost:3999';
    const [a, b] = await Promise.all([
      runOutboundBatch({ db: t.db, transport, workerId: 'a', origin }),
      runOutboundBatch({ db: t.db, transport, workerId: 'b', origin }),
    ]);
    const pending = await t.db.select().from(outboundEmails);
    expect(a.sent + b.sent).toBe(pending.length);
    expect(pending.every((e) => e.status === 'sent')).toBe(true);
    const kept = await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, 'ics@example.org'));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.calendar).toContain('METHOD:REQUEST');
    const again = await runOutboundBatch({ db: t.db, transport, workerId: 'a', origin });
    expect(again.sent).toBe(0);

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain(`/dev/mailbox/${kept[0]!.notificationId}/invite.ics`);
    const ics = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${kept[0]!.notificationId}/invite.ics`,
    });
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.body).toBe('BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n');
  });
});
