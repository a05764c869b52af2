import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, industries, users } from '../../db/schema';
import { makeMember } from '../../test/factories';
import { expectRefusedBelow, injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

const HEADER = 'Email,First Name,Last Name,Business,Industry,Phone,Website,Role,Member Since,Dues';

describe('importing members from a spreadsheet', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.db, 'NETWORK_ADMIN', { email: 'importer@example.com' });
  });
  afterAll(() => t.close());

  const send = (who: Who, path: string, body: string | Buffer, query: Record<string, string> = {}) =>
    injectAs(t, who, {
      method: 'POST',
      url: `/api/imports/members${path}`,
      query,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.isBuffer(body) ? body : Buffer.from(body),
    });
  const preview = (csv: string | Buffer, who: Who = admin) => send(who, '/preview', csv);
  const commit = (csv: string | Buffer, who: Who = admin) => send(who, '', csv, { filename: 'roster.csv' });
  const snapshot = async () => ({
    users: (await t.db.select({ n: count() }).from(users))[0]?.n,
    industries: (await t.db.select({ n: count() }).from(industries))[0]?.n,
    audit: (await t.db.select({ n: count() }).from(auditLog))[0]?.n,
  });

  it('guesses the mapping from the headers and previews each row without writing', async () => {
    const before = await snapshot();
    const res = await preview(
      `${HEADER}\nann@pv.com,Ann,Lee,Lee Law,Estate Law,970-555-0101,leelaw.com,Member,3/14/2021,"$1,200.00"\n`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mapping).toEqual({
      email: 0,
      firstName: 1,
      lastName: 2,
      businessName: 3,
      industry: 4,
      phone: 5,
      website: 6,
      role: 7,
      memberSince: 8,
      duesOverride: 9,
    });
    expect(body.missing).toEqual([]);
    expect(body.rows).toEqual([
      {
        line: 2,
        values: {
          email: 'ann@pv.com',
          firstName: 'Ann',
          lastName: 'Lee',
          businessName: 'Lee Law',
          industry: 'Estate Law',
          phone: '970-555-0101',
          website: 'leelaw.com',
          role: 'Member',
          memberSince: '3/14/2021',
          duesOverride: '$1,200.00',
        },
        errors: [],
        action: 'create',
      },
    ]);
    expect(body.counts).toEqual({ rows: 1, errors: 0, create: 1, update: 0, unchanged: 0 });
    expect(body.newIndustries).toEqual(['Estate Law']);
    expect(await snapshot()).toEqual(before);
  });

  it('names what is missing when no column holds a required field', async () => {
    const res = await preview('Mail,Name\nann@x.com,Ann\n');
    expect(res.json()).toMatchObject({ missing: ['Email', 'First Name', 'Last Name'], rows: [] });
    const refused = await commit('Mail,Name\nann@x.com,Ann\n');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose the column that holds Email.');
  });

  it('shows every row error before anything is written, and a file with errors writes nothing', async () => {
    await makeMember(t.db, {
      email: 'seat@err.com',
      industry: 'Plumbing',
      role: 'MEMBER',
      firstName: 'Sam',
      lastName: 'Seat',
    });
    const csv = [
      'Email,First Name,Last Name,Industry,Role',
      'good@err.com,Good,Row,,Member',
      'not-an-email,Bad,Email,,',
      'role@err.com,Bad,Role,,Chairman',
      'good@err.com,Twice,Listed,,',
      'plumb@err.com,Second,Plumber,plumbing,Member',
      'high@err.com,Too,High,,Agency Administrator',
      `long@err.com,${'x'.repeat(101)},Name,,`,
      'ctl@err.com,Bad\u0007,Char,,',
      'fx@err.com,=HYPERLINK("http://x"),Formula,,',
      'sam@err.com,Seat,Taker,Roofing,',
      'sue@err.com,Seat,Second,roofing,',
    ].join('\n');
    const before = await snapshot();
    const body = (await preview(csv)).json();
    const errors = Object.fromEntries(
      body.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors]),
    );
    expect(errors).toEqual({
      2: [],
      3: ['Email: Invalid email'],
      4: [
        'Role: Unknown role "Chairman": use Guest, Member, Leadership, Network Administrator or Agency Administrator',
      ],
      5: ['Email good@err.com is also on row 2'],
      6: ['Sam Seat already holds the Plumbing seat'],
      7: ['You cannot assign the Agency Administrator role.'],
      8: ['First Name: Keep this to 100 characters or fewer'],
      9: ['First Name: Remove control or text-direction characters from this field'],
      10: ['First Name is a formula: type the value instead'],
      11: [],
      12: ['The Roofing seat is taken by row 11'],
    });
    expect(body.counts).toEqual({ rows: 11, errors: 9, create: 2, update: 0, unchanged: 0 });
    const refused = await commit(csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      '9 rows have errors. Fix them in the file and upload it again; nothing was imported.',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('commits in one step, creates industries, updates by email and changes nothing the second time', async () => {
    const csv = `${HEADER}\nbo@ok.com,Bo,Diaz,Diaz Dental,Dentistry,,diaz.com,,2020-01-15,\ncy@ok.com,Cy,Ng,,,,,Leadership,,450\n`;
    const res = await commit(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      counts: { rows: 2, errors: 0, create: 2, update: 0, unchanged: 0 },
      newIndustries: ['Dentistry'],
      refusedCsv: null,
    });
    const [bo] = await t.db.select().from(users).where(eq(users.email, 'bo@ok.com'));
    expect(bo).toMatchObject({
      firstName: 'Bo',
      lastName: 'Diaz',
      slug: 'bo-diaz',
      role: 'MEMBER',
      businessName: 'Diaz Dental',
      industry: 'Dentistry',
      website: 'https://diaz.com',
      passwordHash: null,
      annualDuesOverride: null,
    });
    expect(bo?.createdAt.toISOString()).toBe('2020-01-15T12:00:00.000Z');
    const [cy] = await t.db.select().from(users).where(eq(users.email, 'cy@ok.com'));
    expect(cy).toMatchObject({ role: 'LEADERSHIP', annualDuesOverride: '450.00', industry: null });
    expect(
      await t.db.select({ name: industries.name }).from(industries).where(eq(industries.name, 'Dentistry')),
    ).toHaveLength(1);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'import.members'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.userId,
      subject: 'roster.csv',
      after: { rows: 2, errors: 0, create: 2, update: 0, unchanged: 0, newIndustries: 1 },
    });

    const before = await snapshot();
    const again = await commit(csv);
    expect(again.json().counts).toEqual({ rows: 2, errors: 0, create: 0, update: 0, unchanged: 2 });
    expect({ ...(await snapshot()), audit: before.audit }).toEqual(before);

    const changed = await commit(
      'Email,First Name,Last Name,Business\nBO@ok.com,Bo,Diaz,Diaz Family Dental\n',
    );
    expect(changed.json().counts).toEqual({ rows: 1, errors: 0, create: 0, update: 1, unchanged: 0 });
    const [after] = await t.db.select().from(users).where(eq(users.email, 'bo@ok.com'));
    // The empty cells a file leaves out keep what is stored.
    expect(after).toMatchObject({
      businessName: 'Diaz Family Dental',
      website: 'https://diaz.com',
      industry: 'Dentistry',
    });
  });

  it('refuses changes to accounts the importer may not manage, but lets them bring their own row', async () => {
    await makeMember(t.db, {
      email: 'boss@rank.com',
      role: 'AGENCY_ADMIN',
      firstName: 'Big',
      lastName: 'Boss',
    });
    const csv = [
      'Email,First Name,Last Name,Business,Role',
      'boss@rank.com,Big,Boss,,',
      'boss@rank.com,Big,Boss,New Biz,',
      `importer@example.com,Imp,Orter,My Biz,`,
      `importer@example.com,Imp,Orter,,Member`,
    ];
    const rows = async (lines: string[]) => (await preview(lines.join('\n'))).json().rows;
    expect((await rows([csv[0]!, csv[1]!]))[0]).toMatchObject({ errors: [], action: 'unchanged' });
    expect((await rows([csv[0]!, csv[2]!]))[0].errors).toEqual([
      'You can only manage members whose role is below yours.',
    ]);
    expect((await rows([csv[0]!, csv[3]!]))[0]).toMatchObject({ errors: [], action: 'update' });
    expect((await rows([csv[0]!, csv[4]!]))[0].errors).toEqual([
      'You cannot change your own role or delete yourself here; edit your details on the Public Profile tab.',
    ]);
  });

  it('refuses strangers and every role below NETWORK_ADMIN, writing nothing', async () => {
    const csv = 'Email,First Name,Last Name\nrefused@x.com,Re,Fused\n';
    for (const path of ['/preview', ''])
      await expectRefusedBelow(
        t,
        'NETWORK_ADMIN',
        {
          method: 'POST',
          url: `/api/imports/members${path}`,
          headers: { 'content-type': 'application/octet-stream' },
          payload: Buffer.from(csv),
        },
        async () => (await t.db.select().from(users).where(eq(users.email, 'refused@x.com'))).length,
      );
  });

  it('refuses a file over 10 MB with its own message, and what is not a table', async () => {
    const before = await snapshot();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    for (const res of [await preview(big), await commit(big)]) {
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(
        'The file is larger than 10 MB. Split it into smaller files and import each.',
      );
    }
    const png = await commit(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('This file is not a CSV or Excel (.xlsx) file.');
    const json = await injectAs(t, admin, { method: 'POST', url: '/api/imports/members', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it('a cell of nearly 10 MB is one row error, shown shortened', async () => {
    const huge = 'y'.repeat(9 * 1024 * 1024);
    const res = await preview(`Email,First Name,Last Name\nhuge@x.com,${huge},Cell\n`);
    expect(res.statusCode).toBe(200);
    const [row] = res.json().rows;
    expect(row.errors).toEqual(['First Name: Keep this to 100 characters or fewer']);
    expect(row.values.firstName).toBe(`${'y'.repeat(120)}…`);
  });

  it('two administrators importing the same roster at once create each member once', async () => {
    const other = await signInAs(t.db, 'AGENCY_ADMIN');
    const csv = `Email,First Name,Last Name\n${Array.from({ length: 40 }, (_, i) => `race${i}@x.com,Race,Member${i}`).join('\n')}\n`;
    const [a, b] = await Promise.all([commit(csv), commit(csv, other)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().counts.create, b.json().counts.create].sort()).toEqual([0, 40]);
    const [n] = await t.db.select({ n: count() }).from(users).where(sql`${users.email} like 'race%@x.com'`);
    expect(n?.n).toBe(40);
  });
});
