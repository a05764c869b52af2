import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, selectRows } from '../../db/client';
import {
  auditLog,
  chapters,
  educationUnits,
  memberTotals,
  notifications,
  oneToOnes,
  referrals,
  slipBatches,
  testimonials,
  visitorVisits,
} from '../../db/schema';
import { expectRefusedBelow, injectAs, type Who } from '../../test/requests';
import { type SignedIn, signInAs } from '../../test/test-app';
import { attendanceTestKit } from '../meetings/attendance-test-kit';

const kit = attendanceTestKit();
const joined = { createdAt: new Date('2026-01-05T12:00:00Z') };
let jake: SignedIn;
let emily: SignedIn;
let raj: SignedIn;

const save = (who: Who, meetingId: string, rows: object[], batchKey: string = randomUUID()) =>
  injectAs(kit.t, who, {
    method: 'POST',
    url: `/api/meetings/${meetingId}/slips`,
    payload: { batchKey, rows },
  });

/** Opens the meeting of `date` with the three slip members present, and answers its id. */
async function openMeeting(date: string) {
  await kit.log(
    kit.leader,
    date,
    [jake, emily, raj].map((m) => ({ memberId: m.userId, status: 'PRESENT' })),
  );
  return (await kit.meetingId(date))!;
}

/** A visitor checked in at the meeting, named Vera Visitor. */
async function checkedInVisitor(db: Database, meetingId: string, email: string) {
  const [chapter] = await db.select({ id: chapters.id }).from(chapters).limit(1);
  const [v] = await selectRows<{ id: string }>(
    db,
    sql`insert into visitors (chapter_id, first_name, last_name, email, source)
        values (${chapter!.id}, 'Vera', 'Visitor', ${email}, 'public_form') returning id`,
  );
  await db
    .insert(visitorVisits)
    .values({ chapterId: chapter!.id, visitorId: v!.id, meetingId, checkedInAt: new Date() });
}

/** Everything a batch could write, counted. */
const written = async () => {
  const n = async (
    table: typeof referrals | typeof oneToOnes | typeof educationUnits | typeof testimonials,
  ) => (await kit.t.db.select({ n: count() }).from(table))[0]!.n;
  const [credited] = await selectRows<{ n: number }>(
    kit.t.db,
    sql`select count(*)::int as n from visitor_visits where credited_member_id is not null`,
  );
  return {
    referrals: await n(referrals),
    oneToOnes: await n(oneToOnes),
    units: await n(educationUnits),
    testimonials: await n(testimonials),
    credited: credited!.n,
    batches: (await kit.t.db.select({ n: count() }).from(slipBatches))[0]!.n,
    notifications: (await kit.t.db.select({ n: count() }).from(notifications))[0]!.n,
  };
};

beforeAll(async () => {
  jake = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Jake', lastName: 'Morales', ...joined });
  emily = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Emily', lastName: 'Tran', ...joined });
  raj = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Raj', lastName: 'Patel', ...joined });
});

describe('the slips desk', () => {
  it('writes a batch of every kind on the members behalf, says who entered each, and the report counts them', async () => {
    const id = await openMeeting('2026-09-01');
    await checkedInVisitor(kit.t.db, id, 'vera@example.org');
    const desk = (await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${id}/slips` })).json();
    expect(desk.members.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['Jake Morales', 'Emily Tran', 'Raj Patel']),
    );
    expect(desk).toMatchObject({
      visitors: [{ name: 'Vera Visitor', creditedTo: null }],
      entryStands: false,
      canChangeSetting: false,
    });
    const res = await save(kit.leader, id, [
      { kind: 'referral', fromMemberId: jake.userId, toMemberId: emily.userId, customer: 'Anderson' },
      { kind: 'closed_business', fromMemberId: emily.userId, toMemberId: raj.userId, amount: '1250.50' },
      { kind: 'one_to_one', fromMemberId: jake.userId, toMemberId: raj.userId },
      { kind: 'ceu', fromMemberId: raj.userId, note: 'Givers Gain, chapter 4' },
      { kind: 'visitor', fromMemberId: jake.userId, customer: '  vera   VISITOR ' },
      {
        kind: 'testimonial',
        fromMemberId: emily.userId,
        toMemberId: jake.userId,
        note: 'Jake fixed our roof.',
      },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      created: true,
      counts: { referral: 1, closed_business: 1, one_to_one: 1, ceu: 1, visitor: 1, testimonial: 1 },
      alreadyThere: 0,
    });
    const [given] = await kit.t.db.select().from(referrals).where(eq(referrals.referrerId, jake.userId));
    expect(given).toMatchObject({
      reporterId: emily.userId,
      createdById: jake.userId,
      enteredById: kit.leader.userId,
      status: 'pending',
      saleDate: '2026-09-01',
      customerName: 'Anderson',
    });
    const [thanked] = await kit.t.db
      .select()
      .from(referrals)
      .where(and(eq(referrals.reporterId, emily.userId), eq(referrals.referrerId, raj.userId)));
    // Emily thanks Raj: Raj referred the business, Emily received it; Raj answers.
    expect(thanked).toMatchObject({ referrerId: raj.userId, amount: '1250.50', status: 'pending' });
    const [unit] = await kit.t.db
      .select()
      .from(educationUnits)
      .where(eq(educationUnits.memberId, raj.userId));
    expect(unit).toMatchObject({ recordedById: kit.leader.userId, earnedOn: '2026-09-01' });
    const [oneToOne] = await kit.t.db.select().from(oneToOnes);
    expect(oneToOne).toMatchObject({
      loggedById: jake.userId,
      enteredById: kit.leader.userId,
      status: 'held',
    });
    const [testimonial] = await kit.t.db.select().from(testimonials);
    expect(testimonial).toMatchObject({ writerId: emily.userId, enteredById: kit.leader.userId });
    const told = await kit.t.db
      .select({ kind: notifications.kind, title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, jake.userId));
    expect(told).toEqual(
      expect.arrayContaining([
        {
          kind: 'slips_entered',
          title: 'Entered by Lee Leader, Leadership: 3 slips of yours',
          body: 'From the paper slips of the meeting on Tuesday, September 1, 2026: your referral (Anderson) to Emily Tran (waits for their answer); your one-to-one with Raj Patel; your visitor Vera Visitor.',
        },
        expect.objectContaining({ kind: 'testimonial', title: 'Emily Tran wrote you a testimonial' }),
      ]),
    );
    const emilyTold = await kit.t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, emily.userId));
    expect(emilyTold.find((n) => n.kind === 'referral_awaiting')?.body).toBe(
      "Jake Morales's referral (Anderson) to you. Entered by Lee Leader, Leadership, from the paper slip. Approve or decline it on your dashboard.",
    );

    // Every record says who keyed it in, in the lists its members read.
    const entered = { name: 'Lee Leader', role: 'Leadership' };
    const list = async (who: SignedIn, url: string) =>
      (await kit.as(who, { method: 'GET', url })).json().items;
    expect((await list(emily, '/api/referrals')).map((r: { enteredBy: unknown }) => r.enteredBy)).toEqual([
      entered,
      entered,
    ]);
    expect((await list(raj, '/api/one-to-ones'))[0].enteredBy).toEqual(entered);
    expect((await list(raj, '/api/education-units'))[0].enteredBy).toEqual(entered);
    expect((await list(jake, '/api/testimonials?side=received'))[0].enteredBy).toEqual(entered);
    // What a member enters themselves says nothing of the kind.
    const own = await kit.as(raj, {
      method: 'POST',
      url: '/api/education-units',
      payload: { earnedOn: '2026-09-01', kind: 'podcast', title: 'My own', minutes: 20 },
    });
    expect(own.json().enteredBy).toBeNull();
    expect(
      (await list(raj, '/api/education-units')).map((u: { title: string; enteredBy: unknown }) => [
        u.title,
        u.enteredBy,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['My own', null],
        ['Givers Gain, chapter 4', entered],
      ]),
    );
    await kit.as(raj, { method: 'DELETE', url: `/api/education-units/${own.json().id}` });

    expect((await kit.close('2026-09-01')).statusCode).toBe(200);
    const report = (await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${id}/report` })).json();
    const row = (name: string) => report.rows.find((r: { memberName: string }) => r.memberName === name);
    expect(row('Jake Morales')).toMatchObject({
      givenInside: 1,
      oneToOnes: 1,
      visitors: 1,
      receivedInside: 0,
    });
    expect(row('Emily Tran')).toMatchObject({ receivedInside: 2, testimonials: 1, closedBusiness: '0.00' });
    expect(row('Raj Patel')).toMatchObject({ givenInside: 1, oneToOnes: 1, educationUnits: 1 });
  });

  it('counts a batch saved twice once, also when both saves arrive at the same moment', async () => {
    const id = await openMeeting('2026-09-08');
    const rows = [{ kind: 'referral', fromMemberId: raj.userId, toMemberId: jake.userId }];
    const key = randomUUID();
    const before = await written();
    const [a, b] = await Promise.all([save(kit.leader, id, rows, key), save(kit.leader, id, rows, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().counts).toEqual(b.json().counts);
    const again = await save(kit.leader, id, rows, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, counts: { referral: 1 } });
    expect((await written()).referrals).toBe(before.referrals + 1);
    expect((await written()).batches).toBe(before.batches + 1);
  });

  it('counts a one-to-one two leaders key in at the same moment once', async () => {
    const id = await openMeeting('2026-09-09');
    const rows = (from: SignedIn, to: SignedIn) => [
      { kind: 'one_to_one', fromMemberId: from.userId, toMemberId: to.userId, note: 'Coffee' },
    ];
    const other = await signInAs(kit.t.db, 'LEADERSHIP', { firstName: 'Val', lastName: 'Vice' });
    const before = (await written()).oneToOnes;
    const answers = await Promise.all([
      save(kit.leader, id, rows(jake, emily)),
      save(other, id, rows(emily, jake)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers.map((a) => a.json().counts.one_to_one).sort()).toEqual([0, 1]);
    expect(answers.map((a) => a.json().alreadyThere).sort()).toEqual([0, 1]);
    expect((await written()).oneToOnes).toBe(before + 1);
  });

  it('writes nothing of a batch with a refused row, and names the row and the field', async () => {
    const id = await openMeeting('2026-09-15');
    const good = { kind: 'referral', fromMemberId: jake.userId, toMemberId: emily.userId };
    const before = await written();
    const shape = await save(kit.leader, id, [
      good,
      { kind: 'testimonial', fromMemberId: emily.userId, toMemberId: jake.userId },
    ]);
    expect(shape.statusCode).toBe(400);
    expect(shape.json().fieldErrors).toEqual({ 'rows.1.note': ['Write the testimonial in the note'] });
    const key = randomUUID();
    const late = await save(
      kit.leader,
      id,
      [good, good, { kind: 'visitor', fromMemberId: jake.userId, customer: 'Nobody Here' }],
      key,
    );
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      message: 'Row 3: No visitor of this name was checked in at this meeting',
      fieldErrors: { 'rows.2.customer': ['No visitor of this name was checked in at this meeting'] },
    });
    expect(await written()).toEqual(before);
    // The key was not spent: the corrected batch saves under it.
    const fixed = await save(kit.leader, id, [good], key);
    expect(fixed.json()).toMatchObject({ created: true, counts: { referral: 1 } });
  });

  it('is refused to members, and a slip of another chapter is refused', async () => {
    const id = await openMeeting('2026-09-22');
    const rows = [{ kind: 'ceu', fromMemberId: jake.userId, note: 'A podcast' }];
    const url = `/api/meetings/${id}/slips`;
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'POST', url, payload: { batchKey: randomUUID(), rows } },
      written,
    );
    await expectRefusedBelow(kit.t, 'LEADERSHIP', { method: 'GET', url }, written);
    const [other] = await kit.t.db
      .insert(chapters)
      .values({ name: 'Loveland', slug: 'loveland-desk' })
      .returning();
    const outsider = await signInAs(kit.t.db, 'MEMBER', { chapterId: other!.id, ...joined });
    const before = await written();
    const theirs = await save(kit.leader, id, [
      { kind: 'one_to_one', fromMemberId: jake.userId, toMemberId: outsider.userId },
    ]);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().fieldErrors).toEqual({
      'rows.0.toMemberId': ['Choose a current member of this chapter'],
    });
    const theirLeader = await signInAs(kit.t.db, 'LEADERSHIP', { chapterId: other!.id });
    expect((await save(theirLeader, id, rows)).statusCode).toBe(404);
    expect(await written()).toEqual(before);
  });

  it("lets an administrator make the desk's entry stand for both: audited, and a referral approved at once", async () => {
    const id = await openMeeting('2026-09-29');
    const put = (who: Who, entryStands: boolean) =>
      injectAs(kit.t, who, { method: 'PUT', url: '/api/slips-desk/setting', payload: { entryStands } });
    const stands = async () =>
      (await kit.t.db.select({ s: chapters.deskEntryStands }).from(chapters).limit(1))[0]!.s;
    await expectRefusedBelow(
      kit.t,
      'NETWORK_ADMIN',
      { method: 'PUT', url: '/api/slips-desk/setting', payload: { entryStands: true } },
      stands,
    );
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    expect((await put(admin, true)).json()).toEqual({ entryStands: true });
    const [entry] = await kit.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'chapter.desk_entry_changed'));
    expect(entry).toMatchObject({ before: { deskEntryStands: false }, after: { deskEntryStands: true } });
    const totalOf = async (memberId: string) =>
      (await kit.t.db.select().from(memberTotals).where(eq(memberTotals.memberId, memberId)))[0]
        ?.givenCount ?? 0;
    const rajGiven = await totalOf(raj.userId);
    await save(kit.leader, id, [
      { kind: 'referral', fromMemberId: raj.userId, toMemberId: emily.userId, customer: 'Stands' },
    ]);
    const [row] = await kit.t.db.select().from(referrals).where(eq(referrals.customerName, 'Stands'));
    expect(row!.status).toBe('approved');
    expect(await totalOf(raj.userId)).toBe(rajGiven + 1);
    await put(admin, false);
    await save(kit.leader, id, [
      { kind: 'referral', fromMemberId: raj.userId, toMemberId: emily.userId, customer: 'Waits' },
    ]);
    expect(
      (await kit.t.db.select().from(referrals).where(eq(referrals.customerName, 'Waits')))[0]!.status,
    ).toBe('pending');
    expect(
      (
        await kit.t.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'chapter.desk_entry_changed')))
      )[0]!.n,
    ).toBe(2);
  });

  it('takes the week just closed, but not a week a later meeting followed', async () => {
    const older = (await kit.meetingId('2026-09-22'))!;
    await kit.close('2026-09-22');
    const res = await save(kit.leader, older, [{ kind: 'ceu', fromMemberId: jake.userId, note: 'Late' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The desk takes the slips of the open week, or of the week just closed');
    const latest = (await kit.meetingId('2026-09-29'))!;
    await kit.close('2026-09-29');
    expect(
      (await save(kit.leader, latest, [{ kind: 'ceu', fromMemberId: jake.userId, note: 'After the close' }]))
        .statusCode,
    ).toBe(201);
  });
});
