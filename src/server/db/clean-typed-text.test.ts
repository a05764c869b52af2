import { readFileSync } from 'node:fs';
import { eq, ilike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApplication, makeMember, makeReferral } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { applications, industries, referrals, users } from './schema';

/**
 * Migration 0014 holds text written before the one text rule to it. The rows here are written straight
 * to the tables, as older versions of the app could, and the migration is run over them again (it is
 * idempotent, so running it on a migrated database is what a deploy does to old rows).
 */
const MIGRATION = readFileSync(
  new URL('../../../drizzle/0014_clean_typed_text.sql', import.meta.url),
  'utf8',
);

async function runMigration(t: TestApp) {
  for (const statement of MIGRATION.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the stored-text clean-up', () => {
  it('takes controls and direction overrides out of what the directory and profile pages show', async () => {
    const member = await makeMember(t.db, {
      firstName: ' Ada\u0007 ',
      lastName: 'Becker\u202Egnp.exe',
      businessName: 'Becker\u2066  &  Sons',
      position: 'Owner\nand\tfounder',
      personalBio: 'Line one\n\tline two\u202E',
      industry: 'Race  Industry',
    });
    const clean = await makeMember(t.db, {
      firstName: 'Clean',
      lastName: 'Row',
      businessName: 'Suite  4 Co',
    });
    await runMigration(t);

    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({
      firstName: 'Ada',
      lastName: 'Beckergnp.exe',
      businessName: 'Becker & Sons',
      position: 'Owner and founder',
      personalBio: 'Line one\n\tline two',
      industry: 'Race Industry',
    });
    // A name's inner spaces collapse; a row that was already clean is left as it was.
    const [untouched] = await t.db.select().from(users).where(eq(users.id, clean.id));
    expect(untouched?.businessName).toBe('Suite 4 Co');

    const res = await t.app.inject({ method: 'GET', url: '/api/members' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/\\u202e|\u202E|\\u2066|\u2066|\\u0007/i);
  });

  it('cleans applications, referral customers and notes', async () => {
    const applicant = await makeMember(t.db, { role: 'GUEST' });
    const application = await makeApplication(t.db, applicant.id, {
      companyName: 'Acme\u202E  Ltd',
      businessDescription: 'We build\n\tthings\u0001',
    });
    const giver = await makeMember(t.db);
    const referral = await makeReferral(
      t.db,
      { referrerId: giver.id, recipientId: applicant.id },
      { customerName: '  Jo\u2067   Smith ', notes: 'Paid\r\nin full\u202A' },
    );
    await runMigration(t);

    const [app] = await t.db.select().from(applications).where(eq(applications.id, application.id));
    expect(app).toMatchObject({ companyName: 'Acme Ltd', businessDescription: 'We build\n\tthings' });
    const [ref] = await t.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(ref).toMatchObject({ customerName: 'Jo Smith', notes: 'Paid\r\nin full' });
  });

  it('makes industries that read the same one, keeping the oldest', async () => {
    await t.db.insert(industries).values([
      { name: 'Race  Industry', createdAt: new Date('2026-01-01T00:00:00Z') },
      { name: 'race industry', createdAt: new Date('2026-02-01T00:00:00Z') },
      { name: ' Race Industry\u202E', createdAt: new Date('2026-03-01T00:00:00Z') },
      { name: 'Race Industries', createdAt: new Date('2026-04-01T00:00:00Z') },
    ]);
    await runMigration(t);
    await runMigration(t);

    const names = await t.db
      .select({ name: industries.name })
      .from(industries)
      .where(ilike(industries.name, '%race%'))
      .orderBy(industries.createdAt);
    expect(names.map((r) => r.name)).toEqual(['Race Industry', 'Race Industries']);
  });
});
