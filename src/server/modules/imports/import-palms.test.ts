import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { type Database, selectRows } from '../../db/client';
import { attendanceRecords, importedPalms } from '../../db/schema';
import { meetingOn } from '../../test/factories';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, createUser, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { memberTotalsDifferences } from '../member-totals/member-totals';

const HEADER = 'First Name,Last Name,To,P,A,L,M,S,RGI,RGO,RRI,RRO,V,1-2-1,TYFCB,CEU,T';
const FIRST_WEEK = '2025-06-03';
const MEMBERS = 25;
const WEEKS = 26;

/**
 * The fixture: 25 members over 26 weeks, each cell by a rule simple enough to count by hand. Member i
 * (1 to 25) in week k (0 to 25): absent when (i + k) is a multiple of 13 (twice in 26 weeks), else present;
 * RGI 1 every week; RGO 1 in even weeks (13); RRI 1 in odd weeks (13); RRO 0; V 1 in weeks 0 and 13; 1-2-1 2
 * every week (52); TYFCB $100.00 every week ($2,600.00); CEU 1 every fourth week from week 0 (7); T 1 in the
 * last week (1).
 */
function fixture(): string {
  const lines = [HEADER];
  for (let k = 0; k < WEEKS; k++) {
    for (let i = 1; i <= MEMBERS; i++) {
      const absent = (i + k) % 13 === 0;
      const cells = [
        `Member${String(i).padStart(2, '0')}`,
        'Palms',
        addDays(FIRST_WEEK, 7 * k),
        absent ? 0 : 1,
        absent ? 1 : 0,
        0,
        0,
        0,
        1,
        k % 2 === 0 ? 1 : 0,
        k % 2 === 1 ? 1 : 0,
        0,
        k % 13 === 0 ? 1 : 0,
        2,
        '"$100.00"',
        k % 4 === 0 ? 1 : 0,
        k === WEEKS - 1 ? 1 : 0,
      ];
      lines.push(cells.join(','));
    }
  }
  return lines.join('\n');
}

/** The 25 members' kept all-time figures, summed. */
const keptSums = (db: Database, ids: string[]) =>
  selectRows<Record<string, string>>(
    db,
    sql`select sum(present)::text as present, sum(absent)::text as absent, sum(late)::text as late,
          sum(given_count)::text as given, sum(received_count)::text as received,
          round(sum(received_amount), 2)::text as "closedBusiness", sum(one_to_ones)::text as "oneToOnes",
          sum(education_units)::text as "educationUnits", sum(testimonials)::text as testimonials,
          sum(visitors)::text as visitors
        from member_totals where ${inArray(sql`member_id`, ids)}`,
  );

describe('importing a PALMS summary', () => {
  let t: TestApp;
  let admin: SignedIn;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.db, 'NETWORK_ADMIN');
    for (let i = 1; i <= MEMBERS; i++)
      ids.push(
        (
          await createUser(t.db, 'MEMBER', {
            firstName: `Member${String(i).padStart(2, '0')}`,
            lastName: 'Palms',
          })
        ).id,
      );
  });
  afterAll(() => t.close());

  const send = (csv: string, commit = false, who: SignedIn = admin) =>
    injectAs(t, who, {
      method: 'POST',
      url: `/api/imports/palms${commit ? '' : '/preview'}`,
      query: commit ? { filename: 'palms.csv' } : {},
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(csv),
    });

  it('takes 26 weeks for 25 members once: every total as counted by hand, the same after a second import', async () => {
    const csv = fixture();
    const preview = (await send(csv)).json();
    expect(preview.counts).toEqual({ rows: 650, errors: 0, create: 650, update: 0, unchanged: 0 });
    expect((await send(csv, true)).statusCode).toBe(200);

    const byHand = {
      present: '600',
      absent: '50',
      late: '0',
      given: '975',
      received: '325',
      closedBusiness: '65000.00',
      oneToOnes: '1300',
      educationUnits: '175',
      testimonials: '25',
      visitors: '50',
    };
    expect(await keptSums(t.db, ids)).toEqual([byHand]);
    // A week's letter is its meeting's record (650), the meeting made closed; the rest are imported counts.
    expect((await t.db.select({ n: count() }).from(attendanceRecords))[0]!.n).toBe(650);
    expect((await t.db.select({ n: count() }).from(importedPalms))[0]!.n).toBe(650);
    expect((await meetingOn(t.db, FIRST_WEEK))?.state).toBe('closed');
    expect(await memberTotalsDifferences(t.db)).toEqual([]);

    // Imported again: nothing changes, nothing counts twice.
    const again = (await send(csv)).json();
    expect(again.counts).toEqual({ rows: 650, errors: 0, create: 0, update: 0, unchanged: 650 });
    expect((await send(csv, true)).statusCode).toBe(200);
    expect(await keptSums(t.db, ids)).toEqual([byHand]);
    expect((await t.db.select({ n: count() }).from(importedPalms))[0]!.n).toBe(650);

    // The first week's PALMS report reads the same figures: 24 present, Member13 absent; 25 RGI and RGO, 25 V,
    // 50 one-to-ones, $2,500.00, 25 CEU, no T.
    const meeting = (await meetingOn(t.db, FIRST_WEEK))!;
    const report = await injectAs(t, admin, { method: 'GET', url: `/api/meetings/${meeting.id}/report` });
    expect(report.statusCode).toBe(200);
    expect(report.json().totals).toMatchObject({
      P: 24,
      A: 1,
      givenInside: 25,
      givenOutside: 25,
      receivedInside: 0,
      receivedOutside: 0,
      visitors: 25,
      oneToOnes: 50,
      closedBusiness: '2500.00',
      educationUnits: 25,
      testimonials: 0,
    });
  });

  it('updates a changed week in place, and keeps a longer period as counts in the month it ends', async () => {
    const row = (to: string, p: number, a: number, from = '') =>
      [`Member01`, 'Palms', to, from, p, a, 0, 0, 0, 2, 0, 0, 0, 0, 0, '', 0, 0].join(',');
    const header = 'First Name,Last Name,To,From,P,A,L,M,S,RGI,RGO,RRI,RRO,V,1-2-1,TYFCB,CEU,T';
    const before = (await keptSums(t.db, [ids[0]!]))[0]!;
    // The first week again, now absent and with one more referral given inside: one row updated.
    const week = [header, row(FIRST_WEEK, 0, 1)].join('\n');
    expect((await send(week)).json().counts).toMatchObject({ update: 1, errors: 0 });
    expect((await send(week, true)).statusCode).toBe(200);
    const [record] = await t.db
      .select({ status: attendanceRecords.status })
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.meetingDate, FIRST_WEEK), eq(attendanceRecords.memberId, ids[0]!)));
    expect(record?.status).toBe('absent');
    // A quarter before the weeks: its P and A are counts, not records.
    const quarter = [header, row('2025-03-31', 10, 2, '2025-01-01')].join('\n');
    expect((await send(quarter, true)).statusCode).toBe(200);
    const after = (await keptSums(t.db, [ids[0]!]))[0]!;
    // Member01 was present in week 0 (1 + 0 is no multiple of 13): now absent; week 0 had RGI 1 and RGO 1, now
    // RGI 2 and RGO 0 (the same two given); the quarter adds 10 present, 2 absent and 2 given.
    expect(Number(after.present)).toBe(Number(before.present) - 1 + 10);
    expect(Number(after.absent)).toBe(Number(before.absent) + 1 + 2);
    expect(Number(after.given)).toBe(Number(before.given) + 2);
    const [kept] = await selectRows<{ present: number }>(
      t.db,
      sql`select present from member_month_totals where member_id = ${ids[0]!} and month = '2025-03-01'`,
    );
    expect(kept?.present).toBe(10);
    expect(await memberTotalsDifferences(t.db)).toEqual([]);
  });

  it('refuses rows with their reasons, writes nothing, and is refused below network administrators', async () => {
    await createUser(t.db, 'MEMBER', { firstName: 'Dup', lastName: 'Twin' });
    await createUser(t.db, 'MEMBER', { firstName: 'Dup', lastName: 'Twin' });
    const csv = [
      HEADER,
      'Member02,Palms,2025-12-02,1,0,0,0,0,0,0,0,0,0,0,,0,0',
      'Nobody,Here,2025-12-02,1,0,0,0,0,0,0,0,0,0,0,,0,0',
      'Dup,Twin,2025-12-02,1,0,0,0,0,0,0,0,0,0,0,,0,0',
      'Member03,Palms,2025-12-02,1,1,0,0,0,0,0,0,0,0,0,,0,0',
      'Member04,Palms,2025-12-02,1,0,0,0,0,x,0,0,0,0,0,,0,0',
      'Member05,Palms,2999-12-02,1,0,0,0,0,0,0,0,0,0,0,,0,0',
      'Member02,Palms,2025-12-02,0,1,0,0,0,0,0,0,0,0,0,,0,0',
    ].join('\n');
    const rowsBefore = (await t.db.select({ n: count() }).from(importedPalms))[0]!.n;
    const body = (await send(csv)).json();
    expect(
      Object.fromEntries(body.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors])),
    ).toEqual({
      2: [],
      3: ['No member of the chapter is named Nobody Here: import members first, or add an Email column'],
      4: ['More than one member is named Dup Twin: add an Email column'],
      5: ['P: A week has one meeting: P, A, L, M and S add up to 1 at most'],
      6: ['RGI: Enter a whole number of 0 or more'],
      7: ['To: The date cannot be in the future'],
      8: ['Member02 Palms for the week to 2025-12-02 is also on row 2'],
    });
    const refused = await send(csv, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      '6 rows have errors. Fix them in the file and upload it again; nothing was imported.',
    );
    expect((await t.db.select({ n: count() }).from(importedPalms))[0]!.n).toBe(rowsBefore);
    await expectRefusedBelow(
      t,
      'NETWORK_ADMIN',
      {
        method: 'POST',
        url: '/api/imports/palms',
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from(fixture()),
      },
      async () => (await t.db.select({ n: count() }).from(importedPalms))[0]!.n,
    );
  });
});
