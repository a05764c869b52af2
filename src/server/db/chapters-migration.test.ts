import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresReachable, withDatabaseBefore } from '../test/test-database';
import { nameUnnamedChapter } from './chapter-settings';

const hasPostgres = await postgresReachable();
/** The last migration of the single-network shape, before chapters (0025). */
const BEFORE_CHAPTERS = 25;

const OLD_SHAPE_DATA = `
  insert into users (id, email, slug, role, first_name, last_name, industry) values
    ('00000000-0000-4000-8000-000000000001', 'agency@old.test', 'ada-agency', 'AGENCY_ADMIN', 'Ada', 'Agency', null),
    ('00000000-0000-4000-8000-000000000002', 'admin@old.test', 'nia-admin', 'NETWORK_ADMIN', 'Nia', 'Admin', 'Law'),
    ('00000000-0000-4000-8000-000000000003', 'member@old.test', 'max-member', 'MEMBER', 'Max', 'Member', 'Plumbing'),
    ('00000000-0000-4000-8000-000000000004', 'guest@old.test', 'gus-guest', 'GUEST', 'Gus', 'Guest', null);
  insert into industries (name) values ('Law'), ('Plumbing');
  insert into network_settings (id, default_annual_dues) values (1, 450);
  insert into applications (user_id, first_name, last_name, email, phone, company_name, position, industry,
    business_description, motivation, experience_level)
    values ('00000000-0000-4000-8000-000000000004', 'Gus', 'Guest', 'guest@old.test', '970-555-0100', 'Gus Co',
      'Owner', 'Roofing', 'Roofs', 'Grow', '3-5');
  insert into attendance_records (member_id, meeting_date, status) values
    ('00000000-0000-4000-8000-000000000002', '2026-11-03', 'present'),
    ('00000000-0000-4000-8000-000000000003', '2026-11-03', 'absent'),
    ('00000000-0000-4000-8000-000000000003', '2026-11-10', 'excused');
  insert into notifications (user_id, kind, title, body, link)
    values ('00000000-0000-4000-8000-000000000003', 'referral.created', 'T', 'B', '/dashboard');
  insert into activity (user_id, kind, description) values ('00000000-0000-4000-8000-000000000003', 'referral', 'D');
  insert into audit_log (actor_id, action, subject) values ('00000000-0000-4000-8000-000000000002', 'role.changed', 'Max');
`;

async function rows<T>(client: pg.Client, text: string): Promise<T[]> {
  return (await client.query(text)).rows as T[];
}

describe.runIf(hasPostgres)("migration 0025: today's network becomes the first chapter", () => {
  it('stamps every chapter-owned row of the old shape with the one chapter, losing and changing nothing', async () => {
    // The database as the previous release left it: migrations up to 0024, recorded as Drizzle records them.
    await withDatabaseBefore(BEFORE_CHAPTERS, async ({ client, handle }) => {
      expect(
        (await rows(client, "select 1 from information_schema.tables where table_name = 'chapters'")).length,
      ).toBe(0);
      await client.query(OLD_SHAPE_DATA);
      const before = await rows(client, 'select count(*)::int as n from users');

      await handle.migrate();
      await nameUnnamedChapter(handle.db, 'Loveland Referral Network');

      const chapters = await rows<{ id: string; name: string; slug: string }>(
        client,
        'select id, name, slug from chapters',
      );
      expect(chapters).toEqual([
        { id: expect.any(String), name: 'Loveland Referral Network', slug: 'loveland-referral-network' },
      ]);
      const chapterId = chapters[0]!.id;
      expect(await rows(client, 'select count(*)::int as n from users')).toEqual(before);
      for (const table of [
        'users',
        'industries',
        'applications',
        'attendance_records',
        'notifications',
        'activity',
        'audit_log',
        'attendance_meeting_totals',
      ]) {
        const owners = await rows<{ chapter_id: string | null; n: number }>(
          client,
          `select chapter_id, count(*)::int as n from ${table} group by chapter_id`,
        );
        expect(
          owners.map((o) => o.chapter_id),
          table,
        ).toEqual([chapterId]);
      }
      // Figures kept beside the records stay what they were, now under the chapter.
      expect(
        await rows(
          client,
          'select meeting_date::text, present, absent, excused from attendance_meeting_totals order by meeting_date',
        ),
      ).toEqual([
        { meeting_date: '2026-11-03', present: 1, absent: 1, excused: 0 },
        { meeting_date: '2026-11-10', present: 0, absent: 0, excused: 1 },
      ]);
      expect(await rows(client, 'select default_annual_dues from network_settings')).toEqual([
        { default_annual_dues: '450.00' },
      ]);

      // Rows written after the migration find their chapter themselves: a new account joins the first chapter
      // (an agency administrator too, until moved to none), and a member's records follow the member.
      await client.query(
        `insert into users (email, slug, role) values ('new@old.test', 'new', 'GUEST'), ('boss@old.test', 'boss', 'AGENCY_ADMIN')`,
      );
      expect(
        await rows(
          client,
          "select email, chapter_id from users where email in ('new@old.test', 'boss@old.test') order by email",
        ),
      ).toEqual([
        { email: 'boss@old.test', chapter_id: chapterId },
        { email: 'new@old.test', chapter_id: chapterId },
      ]);
      await client.query(
        "insert into attendance_records (member_id, meeting_date, status) values ('00000000-0000-4000-8000-000000000003', '2026-11-17', 'present')",
      );
      expect(
        await rows(client, "select chapter_id from attendance_records where meeting_date = '2026-11-17'"),
      ).toEqual([{ chapter_id: chapterId }]);
      // Naming happens once: a chapter renamed later keeps its name across restarts.
      await client.query(`update chapters set name = 'Loveland'`);
      await nameUnnamedChapter(handle.db, 'Something Else');
      expect(await rows(client, 'select name from chapters')).toEqual([{ name: 'Loveland' }]);
    });
  }, 60_000);
});
