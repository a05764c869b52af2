import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_MESSAGES } from '../../../domain/visitors/contracts';
import { selectRows } from '../../db/client';
import { applications, chapters, meetings, users, visitors, visitorVisits } from '../../db/schema';
import { applicationPayload } from '../../test/factories';
import { injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { applyToken } from './apply-token';

let t: TestApp;
let chapterId: string;
let slug: string;
let leader: SignedIn;
let admin: SignedIn;
let visitorId: string;
let token: string;

const stageOf = async (id: string) =>
  (
    await t.db
      .select({ stage: visitors.stage, member: visitors.memberUserId })
      .from(visitors)
      .where(eq(visitors.id, id))
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  leader = await signInAs(t.db, 'LEADERSHIP', { firstName: 'Lee', lastName: 'Leader' });
  chapterId = (await t.db.select({ c: users.chapterId }).from(users).where(eq(users.id, leader.userId)))[0]!
    .c!;
  slug = (
    await t.db
      .update(chapters)
      .set({ slug: 'apply-here', name: 'Apply Here Chapter' })
      .where(eq(chapters.id, chapterId))
      .returning()
  )[0]!.slug!;
  admin = await signInAs(t.db, 'NETWORK_ADMIN', { chapterId });
  const [m] = await t.db
    .insert(meetings)
    .values({ chapterId, meetingDate: '2026-11-24', startTime: '07:00', state: 'open' })
    .returning({ id: meetings.id });
  const [v] = await t.db
    .insert(visitors)
    .values({
      chapterId,
      firstName: 'Ada',
      lastName: 'Applicant',
      email: 'ada@example.org',
      phone: '970-555-0101',
      business: 'Ada Accounting',
      industry: 'Accounting',
      source: 'public_form',
    })
    .returning({ id: visitors.id });
  visitorId = v!.id;
  const [visit] = await t.db
    .insert(visitorVisits)
    .values({ chapterId, visitorId, meetingId: m!.id })
    .returning({ id: visitorVisits.id });
  const res = await injectAs(t, leader, {
    method: 'POST',
    url: `/api/meetings/${m!.id}/taps`,
    payload: {
      taps: [{ id: randomUUID(), visitId: visit!.id, action: 'check-in', tappedAt: '2026-11-24T14:01:00Z' }],
    },
  });
  expect(res.statusCode).toBe(200);
  token = applyToken(t.app.config.sessionSecret, visitorId);
});
afterAll(() => t.close());

describe('applying from a visit', () => {
  it('the visitor is thanked after the check-in, with the link to apply', async () => {
    const [email] = await selectRows<{ subject: string; text: string; html: string }>(
      t.db,
      sql`select subject, text, html from outbound_emails where "to" = 'ada@example.org' and subject like 'Thank you%'`,
    );
    expect(email!.text).toContain(`/apply?visit=${encodeURIComponent(token)}`);
    expect(email!.html).toContain('>Apply for membership</a>');
  });

  it('fills the form with what they told us, once signed in; a forged link is refused', async () => {
    const url = `/api/visitors/apply/${token}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const guest = await signInAs(t.db, 'GUEST', { chapterId: null });
    const res = await injectAs(t, guest, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'Ada',
      lastName: 'Applicant',
      email: 'ada@example.org',
      phone: '970-555-0101',
      business: 'Ada Accounting',
      industry: 'Accounting',
      chapterSlug: slug,
      chapterName: 'Apply Here Chapter',
    });
    const forged = await injectAs(t, guest, {
      method: 'GET',
      url: `/api/visitors/apply/${visitorId}.forgedsignature`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(VISITOR_MESSAGES.applyLinkInvalid);
  });

  it('links the application to the visitor (applied), and approval makes them a member', async () => {
    const guest = await signInAs(t.db, 'GUEST', {
      chapterId,
      email: 'ada@example.org',
      firstName: null,
      lastName: null,
    });
    const sent = await injectAs(t, guest, {
      method: 'POST',
      url: '/api/applications',
      payload: applicationPayload({
        firstName: 'Ada',
        lastName: 'Applicant',
        email: 'ada@example.org',
        visitToken: token,
      }),
    });
    expect(sent.statusCode).toBe(201);
    const [app] = await t.db.select().from(applications).where(eq(applications.userId, guest.userId));
    expect(app!.visitorId).toBe(visitorId);
    expect(await stageOf(visitorId)).toEqual({ stage: 'applied', member: null });
    const approved = await injectAs(t, admin, {
      method: 'PUT',
      url: `/api/applications/${app!.id}/status`,
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    expect(await stageOf(visitorId)).toEqual({ stage: 'member', member: guest.userId });
    const moves = await selectRows<{ to_stage: string; cause: string; by_id: string | null }>(
      t.db,
      sql`select to_stage, cause, by_id from visitor_stage_events where visitor_id = ${visitorId} order by created_at, id`,
    );
    expect(moves.slice(-3)).toEqual([
      { to_stage: 'attended', cause: 'check_in', by_id: leader.userId },
      { to_stage: 'applied', cause: 'application', by_id: guest.userId },
      { to_stage: 'member', cause: 'approval', by_id: admin.userId },
    ]);
  });

  it("leaves a forged link, or another chapter's visitor, unlinked", async () => {
    const [other] = await t.db
      .insert(chapters)
      .values({ name: 'Other', slug: 'other-apply' })
      .returning({ id: chapters.id });
    const [stranger] = await t.db
      .insert(visitors)
      .values({
        chapterId: other!.id,
        firstName: 'Sy',
        lastName: 'Stranger',
        email: 'sy@example.org',
        source: 'public_form',
      })
      .returning({ id: visitors.id });
    for (const visitToken of [applyToken(t.app.config.sessionSecret, stranger!.id), `${visitorId}.forged`]) {
      const guest = await signInAs(t.db, 'GUEST', { chapterId });
      const sent = await injectAs(t, guest, {
        method: 'POST',
        url: '/api/applications',
        payload: applicationPayload({ visitToken }),
      });
      expect(sent.statusCode).toBe(201);
      const [app] = await t.db.select().from(applications).where(eq(applications.userId, guest.userId));
      expect(app!.visitorId).toBeNull();
    }
    expect((await stageOf(stranger!.id)).stage).toBe('registered');
  });
});
