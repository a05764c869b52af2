import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, auditLog, users } from '../../db/schema';
import { makeMember } from '../../test/factories';
import { expectRefusedBelow, injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

const BOM = '\ufeff';

describe('importing the good rows and leaving out the ones with errors', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.db, 'NETWORK_ADMIN', { email: 'leaver@example.com' });
    // A seat holder whose name a spreadsheet would run as a formula: the reasons quote it.
    await makeMember(t.db, {
      email: 'holder@lo.com',
      industry: 'Plumbing',
      role: 'MEMBER',
      firstName: '=cmd',
      lastName: 'Holder',
    });
  });
  afterAll(() => t.close());

  const send = (kind: string, path: string, csv: string, query: Record<string, string>, who: Who = admin) =>
    injectAs(t, who, {
      method: 'POST',
      url: `/api/imports/${kind}${path}`,
      query,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(csv),
    });
  const commit = (csv: string, query: Record<string, string> = {}, kind = 'members') =>
    send(kind, '', csv, { filename: 'roster.csv', ...query });
  const emails = async (list: string[]) =>
    (await t.db.select({ email: users.email }).from(users).where(inArray(users.email, list)))
      .map((u) => u.email)
      .sort();
  const audits = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n;

  const MIXED = [
    'Email,First Name,Last Name,Phone,Industry,Notes',
    'ann@lo.com,Ann,Lee,+1 970-555-0101,,first',
    'not-an-email,Bo,Xu,,,second',
    'cy@lo.com,Cy,Ng,,plumbing,third',
    'ann@lo.com,Ann,Again,,,fourth',
    'di@lo.com,Di,Oh,-,,fifth',
  ].join('\n');
  const MIXED_EMAILS = ['ann@lo.com', 'cy@lo.com', 'di@lo.com'];

  it('writes the good rows and answers the others as a CSV: their own cells and their reasons', async () => {
    const before = await audits();
    const res = await commit(MIXED, { leaveOut: '3' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ rows: 5, errors: 3, create: 2, update: 0, unchanged: 0 });
    expect(await emails(MIXED_EMAILS)).toEqual(['ann@lo.com', 'di@lo.com']);
    // The file's cells come back exactly (a phone starting with +, a lone -); a reason that starts with
    // what a spreadsheet would run is made text.
    expect(body.refusedCsv).toBe(
      `${BOM}Email,First Name,Last Name,Phone,Industry,Notes,Reasons\n` +
        'not-an-email,Bo,Xu,,,second,Email: Invalid email\n' +
        "cy@lo.com,Cy,Ng,,plumbing,third,'=cmd Holder already holds the Plumbing seat\n" +
        'ann@lo.com,Ann,Again,,,fourth,Email ann@lo.com is also on row 2\n',
    );
    expect(await audits()).toBe((before ?? 0) + 1);
  });

  it('a refused file uploaded again keeps its Reasons column in place', async () => {
    const again = [
      'Email,First Name,Last Name,Reasons',
      'eve@lo.com,Eve,Fix,Email: Invalid email',
      'nope,Still,Wrong,Email: Invalid email',
    ].join('\n');
    const res = await commit(again, { leaveOut: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().refusedCsv).toBe(
      `${BOM}Email,First Name,Last Name,Reasons\nnope,Still,Wrong,Email: Invalid email\n`,
    );
    expect(await emails(['eve@lo.com'])).toEqual(['eve@lo.com']);
  });

  it('writes nothing when the file has another number of rows with errors than the preview showed', async () => {
    const csv = 'Email,First Name,Last Name\nfay@lo.com,Fay,Ho\nbad,Gus,Ip\nbad2,Hal,Jo\n';
    const before = await audits();
    for (const leaveOut of ['1', '3']) {
      const res = await commit(csv, { leaveOut });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `2 rows have errors now, not ${leaveOut} as the preview showed. Preview the file again; nothing was imported.`,
      );
    }
    // Without leaving them out, the whole file is refused as before.
    expect((await commit(csv)).statusCode).toBe(400);
    expect(await emails(['fay@lo.com'])).toEqual([]);
    expect(await audits()).toBe(before);
  });

  it('refuses a count that is not a whole number of at least 1, and the preview does not take one', async () => {
    const csv = 'Email,First Name,Last Name\ngil@lo.com,Gil,Ko\n';
    for (const leaveOut of ['0', 'two', '1.5', '10001']) {
      const res = await commit(csv, { leaveOut });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(
        'Say how many rows with errors the preview showed (a whole number of at least 1).',
      );
    }
    const preview = await send('members', '/preview', csv, { leaveOut: '1' });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().message).toBe('Unknown query parameter "leaveOut"');
    expect(await emails(['gil@lo.com'])).toEqual([]);
  });

  it('a history file leaves out its refused rows too', async () => {
    const member = await makeMember(t.db, { email: 'hist@lo.com', firstName: 'Hi', lastName: 'St' });
    const csv = [
      'Member Email,Meeting Date,Status',
      'hist@lo.com,2024-03-05,Present',
      'ghost@lo.com,2024-03-05,Present',
      'hist@lo.com,March 12 2024,Absent',
    ].join('\n');
    const res = await commit(csv, { leaveOut: '1' }, 'attendance');
    expect(res.statusCode).toBe(200);
    expect(res.json().refusedCsv).toBe(
      `${BOM}Member Email,Meeting Date,Status,Reasons\nghost@lo.com,2024-03-05,Present,No member has the email ghost@lo.com: import members first\n`,
    );
    const stored = await t.db
      .select({ date: attendanceRecords.meetingDate, status: attendanceRecords.status })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.memberId, member.id));
    expect(stored.sort((a, b) => a.date.localeCompare(b.date))).toEqual([
      { date: '2024-03-05', status: 'present' },
      { date: '2024-03-12', status: 'absent' },
    ]);
  });

  it('refuses strangers and every role below NETWORK_ADMIN, writing nothing', async () => {
    await expectRefusedBelow(
      t,
      'NETWORK_ADMIN',
      {
        method: 'POST',
        url: '/api/imports/members?leaveOut=1',
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from('Email,First Name,Last Name\nrefused@lo.com,Re,Fused\nbad,X,Y\n'),
      },
      async () => emails(['refused@lo.com']),
    );
  });
});
