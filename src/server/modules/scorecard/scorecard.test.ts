import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../../../domain/scorecard/presets';
import type { RuleSet } from '../../../domain/scorecard/rules';
import { type MemberCounts, NO_COUNTS, scoreMember } from '../../../domain/scorecard/score';
import {
  auditLog,
  educationUnits,
  importedPalms,
  meetings,
  oneToOnes,
  scoreRuleSets,
  scoreSnapshots,
  testimonials,
  users,
} from '../../db/schema';
import { makeReferral } from '../../test/factories';
import { expectFixedQueryCount } from '../../test/query-count';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { type SignedIn, signInAs } from '../../test/test-app';
import { attendanceTestKit } from '../meetings/attendance-test-kit';
import { memberCountsOver } from './member-counts';
import { scoreChapters } from './score-chapters';
import { takeScoreSnapshots } from './snapshots';

const kit = attendanceTestKit();
const joined = { createdAt: new Date('2026-01-05T12:00:00Z') };
const WINDOW = { from: '2026-01-01', to: '2026-06-01' };
let jake: SignedIn;
let emily: SignedIn;
let raj: SignedIn;
let chapterId: string;

const at = (c: Partial<MemberCounts>): MemberCounts => ({ ...NO_COUNTS, ...c });

beforeAll(async () => {
  jake = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Jake', lastName: 'Morales', ...joined });
  emily = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Emily', lastName: 'Tran', ...joined });
  raj = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Raj', lastName: 'Patel', ...joined });
  const [leader] = await kit.t.db
    .select({ chapterId: users.chapterId })
    .from(users)
    .where(eq(users.id, kit.leader.userId));
  chapterId = leader!.chapterId!;
  // Two closed weeks and one still open (not counted), in the window.
  const week = (status: Record<string, string>) =>
    Object.entries(status).map(([memberId, s]) => ({ memberId, status: s }));
  await kit.log(
    kit.leader,
    '2026-02-03',
    week({ [jake.userId]: 'PRESENT', [emily.userId]: 'LATE', [raj.userId]: 'ABSENT' }),
  );
  await kit.close('2026-02-03');
  await kit.log(
    kit.leader,
    '2026-03-10',
    week({ [jake.userId]: 'PRESENT', [emily.userId]: 'EXCUSED', [raj.userId]: 'PRESENT' }),
  );
  await kit.close('2026-03-10');
  await kit.log(
    kit.leader,
    '2026-05-05',
    week({ [jake.userId]: 'ABSENT', [emily.userId]: 'ABSENT', [raj.userId]: 'ABSENT' }),
  );
  // A holiday week.
  await kit.t.db
    .insert(meetings)
    .values({ chapterId, meetingDate: '2026-04-07', startTime: '07:00', state: 'holiday' });
  // Referrals: approved ones count in the month of their date, a pending one and one after the window do not.
  await makeReferral(
    kit.t.db,
    { referrerId: jake.userId, recipientId: emily.userId },
    { status: 'approved', amount: '1500.00', saleDate: '2026-03-12' },
  );
  await makeReferral(
    kit.t.db,
    { referrerId: jake.userId, recipientId: emily.userId },
    { status: 'approved', amount: '0', saleDate: '2026-06-30' },
  );
  await makeReferral(
    kit.t.db,
    { referrerId: jake.userId, recipientId: raj.userId },
    { status: 'pending', amount: '900.00', saleDate: '2026-04-01' },
  );
  await makeReferral(
    kit.t.db,
    { referrerId: raj.userId, recipientId: jake.userId },
    { status: 'approved', amount: '300.00', saleDate: '2026-07-01' },
  );
  // One-to-ones: a held one counts for both, a disputed one for neither.
  // A pair is stored in id order.
  const pair = (x: SignedIn, y: SignedIn) => {
    const [a, b] = [x.userId, y.userId].sort();
    return { memberAId: a!, memberBId: b! };
  };
  await kit.t.db.insert(oneToOnes).values([
    { ...pair(jake, emily), metOn: '2026-02-10', mode: 'online', minutes: 30 },
    { ...pair(jake, raj), metOn: '2026-02-11', mode: 'online', minutes: 30, status: 'disputed' },
  ]);
  await kit.t.db.insert(educationUnits).values([
    {
      memberId: raj.userId,
      earnedOn: '2026-01-20',
      kind: 'podcast',
      title: 'Givers Gain, episode 1',
      minutes: 30,
    },
    {
      memberId: raj.userId,
      earnedOn: '2025-12-31',
      kind: 'podcast',
      title: 'Before the window',
      minutes: 30,
    },
  ]);
  await kit.t.db.insert(testimonials).values({
    writerId: emily.userId,
    recipientId: jake.userId,
    body: 'Jake was great',
    givenIn: 'written',
    givenOn: '2026-05-20',
  });
  // Raj's imported PALMS summary for the first quarter joins March.
  await kit.t.db.insert(importedPalms).values({
    chapterId,
    memberId: raj.userId,
    periodStart: '2026-01-01',
    periodEnd: '2026-03-31',
    present: 10,
    absent: 2,
    givenInside: 3,
    visitors: 2,
    closedBusiness: '250.00',
  });
});

// Each member's counts over January to June, worked out by hand from the records above.
const expected: Record<string, () => MemberCounts> = {
  jake: () => at({ present: 2, referralsGiven: 2, oneToOnes: 1 }),
  emily: () => at({ late: 1, medical: 1, holidays: 1, oneToOnes: 1, testimonials: 1, closedBusiness: 1500 }),
  raj: () =>
    at({ present: 11, absent: 3, referralsGiven: 3, visitors: 2, educationUnits: 1, closedBusiness: 250 }),
};

describe('the chapter computation', () => {
  it('counts closed weeks, approved referrals, held one-to-ones, CEUs, testimonials and imported PALMS', async () => {
    const rows = await memberCountsOver(kit.t.db, [chapterId], WINDOW, new Date('2026-07-01T00:00:00Z'));
    const byId = new Map(rows.map((r) => [r.memberId, r.counts]));
    expect(byId.get(jake.userId)).toEqual({ ...expected.jake!(), holidays: 1 });
    expect(byId.get(emily.userId)).toEqual(expected.emily!());
    expect(byId.get(raj.userId)).toEqual({ ...expected.raj!(), holidays: 1 });
    // The leader, Ann and Bo joined today: not members by the end of June.
    expect(rows).toHaveLength(3);
  });

  it.each(['us-power-of-one', 'classic-traffic-lights', 'taiwan-2026'] as const)(
    'equals the per-member function on the same data (%s)',
    async (preset) => {
      const rules = PRESETS[preset].rules;
      await kit.t.db.insert(scoreRuleSets).values({ chapterId, version: 100, rules, reason: 'test' });
      try {
        const scored = await scoreChapters(kit.t.db, [chapterId], WINDOW, {
          joinedBefore: new Date('2026-07-01'),
        });
        const byId = new Map(scored.map((s) => [s.memberId, s]));
        for (const [who, member] of [
          ['jake', jake],
          ['emily', emily],
          ['raj', raj],
        ] as const) {
          const counts = { ...expected[who]!(), holidays: 1 };
          expect(byId.get(member.userId)?.score, who).toEqual(scoreMember(counts, rules));
          expect(byId.get(member.userId)?.ruleVersion).toBe(100);
        }
      } finally {
        await kit.t.db.delete(scoreRuleSets).where(eq(scoreRuleSets.version, 100));
      }
    },
  );

  it('Raj by the classic table, worked by hand: 14 weeks, 3 absences, 3 referrals', async () => {
    const rules = PRESETS['classic-traffic-lights'].rules;
    // 3 absences: 0; 3/14 = 0.21 referrals a week: 0; 2/14 = 0.14 visitors a week: 5; 1 CEU: 5; no testimonial: 0;
    // 250 of closed business: 0; no late: 5. Total 15: grey.
    const score = scoreMember(at({ ...expected.raj!() }), rules);
    expect(score.components.map((c) => c.points)).toEqual([0, 0, 5, 5, 0, 0, 5]);
    expect(score).toMatchObject({ total: 15, colour: 'grey', weeks: 14 });
  });

  it('is a fixed number of queries however many members', async () => {
    await expectFixedQueryCount(
      kit.recorder,
      () => scoreChapters(kit.t.db, [chapterId], WINDOW, {}),
      async () => {
        for (let i = 0; i < 5; i++) {
          const m = await signInAs(kit.t.db, 'MEMBER', { firstName: `Extra${i}`, ...joined });
          await kit.t.db.insert(educationUnits).values({
            memberId: m.userId,
            earnedOn: '2026-02-02',
            kind: 'podcast',
            title: `E${i}`,
            minutes: 30,
          });
        }
      },
    );
  });
});

describe('the rules', () => {
  const classic = PRESETS['classic-traffic-lights'].rules;
  const put = (who: Parameters<typeof injectAs>[1], payload: object) =>
    injectAs(kit.t, who, { method: 'PUT', url: '/api/scorecard/rules', payload });
  const versions = async () => (await kit.t.db.select({ n: count() }).from(scoreRuleSets))[0]!.n;

  it('a chapter without its own scores by US Power of One, version 0; every member may read them', async () => {
    const res = await injectAs(kit.t, jake, { method: 'GET', url: '/api/scorecard/rules' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: 0,
      preset: 'us-power-of-one',
      rules: { name: 'US Power of One' },
    });
    const presets = await injectAs(kit.t, jake, { method: 'GET', url: '/api/scorecard/presets' });
    expect(presets.json().map((p: { key: string }) => p.key)).toEqual([
      'us-power-of-one',
      'classic-traffic-lights',
      'taiwan-2026',
    ]);
  });

  it('refuses below network administrator, and bad rules with the field and message, changing nothing', async () => {
    await expectRefusedBelow(
      kit.t,
      'NETWORK_ADMIN',
      {
        method: 'PUT',
        url: '/api/scorecard/rules',
        payload: { rules: classic, reason: 'Ours' },
      },
      versions,
    );
    const bad = await put('NETWORK_ADMIN', {
      rules: { ...classic, colours: { green: 40, yellow: 50, red: 30 } },
      reason: 'Ours',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Green needs more points than yellow, and yellow more than red');
    const noReason = await put('NETWORK_ADMIN', { rules: classic, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Say why the rules change');
    expect(await versions()).toBe(0);
  });

  it('an administrator copies a preset and edits it: each save a new version, audited with its reason', async () => {
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN', { firstName: 'Ada', lastName: 'Admin' });
    const first = await put(admin, { rules: classic, reason: 'We follow the UK table' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      version: 1,
      changedBy: 'Ada Admin',
      reason: 'We follow the UK table',
    });
    const edited: RuleSet = { ...classic, name: 'Ours', colours: { green: 75, yellow: 50, red: 30 } };
    const second = await put(admin, { rules: edited, reason: 'Green is harder' });
    expect(second.json()).toMatchObject({ version: 2, rules: { name: 'Ours', colours: { green: 75 } } });
    const read = await injectAs(kit.t, jake, { method: 'GET', url: '/api/scorecard/rules' });
    expect(read.json()).toMatchObject({ version: 2, preset: null, reason: 'Green is harder' });
    const audits = await kit.t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'chapter.score_rules_changed'));
    expect(audits.map((a) => a.after)).toEqual(
      expect.arrayContaining([
        { version: 1, name: 'Classic traffic lights', reason: 'We follow the UK table' },
        { version: 2, name: 'Ours', reason: 'Green is harder' },
      ]),
    );
    // Two saves at once: two versions, 3 and 4.
    const both = await Promise.all([
      put(admin, { rules: edited, reason: 'A' }),
      put(admin, { rules: edited, reason: 'B' }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().version).sort()).toEqual([3, 4]);
    await kit.t.db.delete(scoreRuleSets);
  });
});

describe('monthly snapshots', () => {
  const snapshots = () =>
    kit.t.db
      .select({
        memberId: scoreSnapshots.memberId,
        month: scoreSnapshots.month,
        total: scoreSnapshots.total,
        colour: scoreSnapshots.colour,
        ruleVersion: scoreSnapshots.ruleVersion,
        components: scoreSnapshots.components,
      })
      .from(scoreSnapshots)
      .orderBy(scoreSnapshots.month, scoreSnapshots.memberId);

  it('keeps each month once, by the rules in force when it ended, catches up, and never changes a month taken', async () => {
    // 2 July (Denver): June is scored over January to June by the default rules, for the eight who had joined
    // (Jake, Emily, Raj and the five extras; everyone else joined today).
    expect(await takeScoreSnapshots(kit.t.db, new Date('2026-07-02T15:00:00Z'))).toBe(8);
    expect(await takeScoreSnapshots(kit.t.db, new Date('2026-07-02T16:00:00Z'))).toBe(0);
    const june = await snapshots();
    expect(june.map((s) => [s.month, s.ruleVersion])).toEqual(Array(8).fill(['2026-06-01', 0]));
    // Jake by Power of One: 2 of 2 weeks attended (20); 2 referrals a week (20); 1 one-to-one = 0.5 a week (10).
    const jakes = june.find((s) => s.memberId === jake.userId)!;
    expect(jakes).toMatchObject({ total: 50, colour: 'yellow' });
    expect(jakes.components.map((c) => c.points)).toEqual([20, 20, 10, 0, 0]);

    // The rules change on 15 July; the clock was down until 3 October: July, August and September are taken,
    // by the new rules, and June stays as it was.
    await kit.t.db.insert(scoreRuleSets).values({
      chapterId,
      version: 1,
      rules: { ...PRESETS['classic-traffic-lights'].rules },
      reason: 'UK table',
      createdAt: new Date('2026-07-15T12:00:00Z'),
    });
    // Two instances at once write each member's month once.
    const [a, b] = await Promise.all([
      takeScoreSnapshots(kit.t.db, new Date('2026-10-03T15:00:00Z')),
      takeScoreSnapshots(kit.t.db, new Date('2026-10-03T15:00:00Z')),
    ]);
    const later = await snapshots();
    expect(a + b).toBe(3 * 8);
    expect(later).toHaveLength(4 * 8);
    expect(new Set(later.map((s) => s.month))).toEqual(
      new Set(['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01']),
    );
    expect(later.filter((s) => s.month > '2026-06-01').every((s) => s.ruleVersion === 1)).toBe(true);
    expect(later.filter((s) => s.month === '2026-06-01')).toEqual(june);
  });
});

describe('the live score and its records', () => {
  it('a member reads their own and follows a component to its records; another member is refused', async () => {
    // Back to the default rules (the snapshots' test set the classic ones).
    await kit.t.db.delete(scoreRuleSets);
    const own = await injectAs(kit.t, raj, { method: 'GET', url: `/api/scorecard/members/${raj.userId}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ memberId: raj.userId, ruleVersion: 0, rulesName: 'US Power of One' });
    // Beside it, the latest kept month (September, by the classic rules of version 1).
    expect(own.json().official).toMatchObject({ month: '2026-09-01', ruleVersion: 1 });
    expect(own.json().official.components.map((c: { key: string }) => c.key)).toContain('on-time');
    // Ann joined today: no month kept for her yet.
    const ann = await injectAs(kit.t, kit.ann, {
      method: 'GET',
      url: `/api/scorecard/members/${kit.ann.userId}`,
    });
    expect(ann.json().official).toBeNull();
    const refused = await injectAs(kit.t, jake, {
      method: 'GET',
      url: `/api/scorecard/members/${raj.userId}`,
    });
    expect(refused.statusCode).toBe(403);
    const leader = await injectAs(kit.t, kit.leader, {
      method: 'GET',
      url: `/api/scorecard/members/${raj.userId}`,
    });
    expect(leader.statusCode).toBe(200);
    const unknown = await injectAs(kit.t, raj, {
      method: 'GET',
      url: `/api/scorecard/members/${raj.userId}/components/nothing`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The scorecard has no such component');
  });

  it('the records behind a component are the ones it counts', async () => {
    // The live window is the current month and the five before it: a week in it, closed, and one still open.
    await kit.log(kit.leader, '2026-11-03', [
      { memberId: raj.userId, status: 'PRESENT' },
      { memberId: jake.userId, status: 'ABSENT' },
    ]);
    await kit.close('2026-11-03');
    await kit.log(kit.leader, '2026-11-10', [{ memberId: raj.userId, status: 'PRESENT' }]);
    const records = (who: SignedIn, key: string) =>
      injectAs(kit.t, who, { method: 'GET', url: `/api/scorecard/members/${who.userId}/components/${key}` });
    const res = await records(raj, 'attendance');
    expect(res.statusCode).toBe(200);
    expect(res.json().component).toMatchObject({ key: 'attendance', count: 1, value: 1, points: 20 });
    expect(res.json().records).toEqual([
      {
        kind: 'meeting',
        id: expect.any(String),
        date: '2026-11-03',
        description: 'Present at the meeting',
        counts: 1,
        amount: null,
      },
    ]);
    expect(res.json().truncated).toBe(false);
    // Jake's absence is no attendance record behind his attendance points.
    expect((await records(jake, 'attendance')).json()).toMatchObject({
      component: { count: 0 },
      records: [],
    });
  });

  it('a leader of another chapter does not find the member', async () => {
    const { chapters } = await import('../../db/schema');
    const [away] = await kit.t.db.insert(chapters).values({ name: 'Away', slug: 'away-score' }).returning();
    const otherLeader = await signInAs(kit.t.db, 'LEADERSHIP', { chapterId: away!.id });
    const res = await injectAs(kit.t, otherLeader, {
      method: 'GET',
      url: `/api/scorecard/members/${raj.userId}`,
    });
    expect(res.statusCode).toBe(404);
  });
});
