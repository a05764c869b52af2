import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApplicationPayload,
  DECIDED_PAGE_SIZE,
  QUICK_ACTION_NOTES,
} from '../../../domain/applications/contracts';
import { TEXT_MESSAGES } from '../../../domain/text';
import { applicationReviewNotes, applications } from '../../db/schema';
import { applicationPayload } from '../../test/factories';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

// No referral source, so a note's text (which names Emily) is the only place a name could leak from.
const payload = (over: Partial<ApplicationPayload> = {}) =>
  applicationPayload({ firstName: 'Noor', industry: 'Photography', referralSource: null, ...over });

/** Review notes are a list with two audiences, and the reviewers' list is paged. */
describe('application review notes and the reviewers list', () => {
  let t: TestApp;
  let leader: SignedIn;
  let admin: SignedIn;
  let member: SignedIn;
  const queries: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ onQuery: (q) => queries.push(q) });
    leader = await signInAs(t.db, 'LEADERSHIP', { firstName: 'Lee', lastName: 'Leader' });
    admin = await signInAs(t.db, 'NETWORK_ADMIN', { firstName: 'Ada', lastName: 'Admin' });
    member = await signInAs(t.db, 'MEMBER');
  });
  afterAll(() => t.close());

  const submit = async (s: SignedIn, over: Partial<ApplicationPayload> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/applications', payload: payload(over), headers: s.unsafe });
  const setStatus = (s: SignedIn, id: string, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/applications/${id}/status`, payload: body, headers: s.unsafe });
  const view = (s: SignedIn, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/applications/${id}`, headers: s.cookie }).then((r) => r.json());

  it('keeps every note, separates internal ones, and says who decided', async () => {
    const applicant = await signInAs(t.db, 'GUEST');
    const id = (await submit(applicant)).json().id as string;
    await setStatus(leader, id, {
      status: 'under_review',
      internalNotes: 'Asked about overlap with Emily.',
    });
    await setStatus(leader, id, { status: 'under_review', internalNotes: QUICK_ACTION_NOTES.recommend });
    // A change without notes keeps the earlier ones.
    const approved = await setStatus(admin, id, { status: 'approved' });
    expect(approved.statusCode).toBe(200);

    const forReviewer = await view(admin, id);
    expect(
      forReviewer.notes.map((n: { note: string; audience: string; authorName: string }) => [
        n.audience,
        n.note,
        n.authorName,
      ]),
    ).toEqual([
      ['internal', 'Asked about overlap with Emily.', 'Lee Leader'],
      ['internal', QUICK_ACTION_NOTES.recommend, 'Lee Leader'],
    ]);
    expect(forReviewer).toMatchObject({ status: 'approved', reviewedBy: 'Ada Admin', reviewNotes: null });

    const forApplicant = await view(applicant, id);
    expect(forApplicant.notes).toEqual([]);
    expect(JSON.stringify(forApplicant)).not.toContain('Emily');
    const forMember = await view(member, id);
    expect(forMember.view).toBe('summary');
    expect(JSON.stringify(forMember)).not.toContain('Emily');
  });

  it('shows the applicant the notes written for them, newest as reviewNotes', async () => {
    const applicant = await signInAs(t.db, 'GUEST');
    const id = (await submit(applicant)).json().id as string;
    await setStatus(admin, id, {
      status: 'rejected',
      reviewNotes: QUICK_ACTION_NOTES.reject,
      internalNotes: 'Weak references',
    });
    const mine = await view(applicant, id);
    expect(mine.reviewNotes).toBe(QUICK_ACTION_NOTES.reject);
    expect(mine.notes.map((n: { note: string }) => n.note)).toEqual([QUICK_ACTION_NOTES.reject]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/applications/my',
      headers: applicant.cookie,
    });
    expect(JSON.stringify(list.json())).not.toContain('Weak references');
  });

  it('refuses control characters in every text field with a 400, writing nothing', async () => {
    const applicant = await signInAs(t.db, 'GUEST');
    const fields = [
      'firstName',
      'lastName',
      'phone',
      'companyName',
      'position',
      'industry',
      'businessDescription',
      'motivation',
      'referralSource',
    ] as const;
    for (const field of fields) {
      const res = await submit(applicant, { [field]: 'bad\u0000value' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([TEXT_MESSAGES.unsafeCharacters]);
    }
    const bidi = await submit(applicant, { lastName: 'Evil\u202Egnp.exe' });
    expect(bidi.statusCode).toBe(400);
    const rows = await t.db
      .select({ n: count() })
      .from(applications)
      .where(eq(applications.userId, applicant.userId));
    expect(rows[0]?.n).toBe(0);

    const id = (await submit(applicant)).json().id as string;
    for (const field of ['reviewNotes', 'internalNotes']) {
      const res = await setStatus(admin, id, { status: 'under_review', [field]: 'a\u0000b' });
      expect(res.statusCode).toBe(400);
    }
    const notes = await t.db
      .select()
      .from(applicationReviewNotes)
      .where(eq(applicationReviewNotes.applicationId, id));
    expect(notes).toHaveLength(0);
    // Notes may keep line breaks.
    expect(
      (await setStatus(admin, id, { status: 'under_review', internalNotes: 'one\ntwo' })).statusCode,
    ).toBe(200);
  });

  it('lists every open application and pages the decided ones, in a fixed number of queries', async () => {
    const listQueries = async (page = 1) => {
      queries.length = 0;
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/applications?page=${page}`,
        headers: leader.cookie,
      });
      expect(res.statusCode).toBe(200);
      return {
        body: res.json(),
        queries: queries.filter((q) => !/sessions|^select "users"\."id"/.test(q)).length,
      };
    };
    // One open and one decided application first: the count is measured on lists with rows, alone or not.
    await submit(await signInAs(t.db, 'GUEST'), { industry: 'Trade open' });
    const decidedId = (await submit(await signInAs(t.db, 'GUEST'), { industry: 'Trade decided' })).json().id;
    await setStatus(admin, decidedId, { status: 'rejected' });
    const small = await listQueries();
    expect(small.body.open.length).toBeGreaterThanOrEqual(1);
    expect(small.body.decided.length).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < DECIDED_PAGE_SIZE + 5; i++) {
      const applicant = await signInAs(t.db, 'GUEST');
      const id = (await submit(applicant, { industry: `Trade ${i}` })).json().id as string;
      if (i % 5 !== 0) await setStatus(admin, id, { status: 'rejected' });
    }
    const large = await listQueries();
    expect(large.queries).toBe(small.queries);
    expect(large.body.decided).toHaveLength(DECIDED_PAGE_SIZE);
    expect(large.body.decidedTotal).toBeGreaterThan(DECIDED_PAGE_SIZE);
    expect(large.body.open.length).toBeGreaterThanOrEqual(5);
    const second = await listQueries(2);
    expect(second.body.decided.length).toBe(large.body.decidedTotal - DECIDED_PAGE_SIZE);
    expect(second.body.decided[0].id).not.toBe(large.body.decided[0].id);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/applications?page=0', headers: leader.cookie }))
        .statusCode,
    ).toBe(400);
  });
});
