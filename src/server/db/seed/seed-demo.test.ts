import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { type Database, selectRows } from '../client';
import {
  activity,
  applications,
  attendanceRecords,
  chapters,
  industries,
  networkSettings,
  referrals,
  users,
} from '../schema';
import { DEMO_PASSWORD } from './demo-data';
import { recentMeetingDates, seedDemoNetwork } from './seed-demo';

async function snapshot(db: Database) {
  const tables = {
    users,
    industries,
    applications,
    referrals,
    attendanceRecords,
    activity,
    networkSettings,
    chapters,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  const ids = await selectRows<{ ids: string }>(
    db,
    sql`select string_agg(id::text, ',' order by id) as ids from users`,
  );
  return { counts, userIds: ids[0]?.ids };
}

describe('demo seed', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('seeds the demo network the README and docs/features.md list', async () => {
    const db = t.handle.db;
    expect((await seedDemoNetwork(db)).seeded).toBe(true);

    const roles = await db.select({ email: users.email, role: users.role }).from(users);
    const roleOf = new Map(roles.map((r) => [r.email, r.role]));
    expect(roleOf.get('agency@demo.test')).toBe('AGENCY_ADMIN');
    expect(roleOf.get('admin@demo.test')).toBe('NETWORK_ADMIN');
    expect(roleOf.get('leader@demo.test')).toBe('LEADERSHIP');
    expect(roleOf.get('member@demo.test')).toBe('MEMBER');
    expect(roleOf.get('member2@demo.test')).toBe('MEMBER');
    expect(roleOf.get('guest@demo.test')).toBe('GUEST');

    const chapterList = await db.select().from(chapters).orderBy(chapters.createdAt);
    expect(chapterList.map((c) => c.slug)).toEqual([null, 'loveland']);
    // Each meets on its own day, as its history does: Thursdays (4) and Tuesdays (2).
    expect(chapterList.map((c) => c.meetingWeekday)).toEqual([4, 2]);
    const [first, second] = chapterList.map((c) => c.id);
    const membersOf = (chapterId: string) =>
      db
        .select({ industry: users.industry, email: users.email, role: users.role })
        .from(users)
        .where(sql`${users.role} <> 'GUEST' and ${users.chapterId} = ${chapterId}`);
    // Each chapter's members hold distinct industries (a seat each); the same industry may be in both.
    const members = await membersOf(first!);
    expect(members.length).toBeGreaterThanOrEqual(15);
    expect(new Set(members.map((m) => m.industry)).size).toBe(members.length);
    const seconds = await membersOf(second!);
    expect(seconds.length).toBeGreaterThanOrEqual(8);
    expect(new Set(seconds.map((m) => m.industry)).size).toBe(seconds.length);
    expect(seconds.filter((m) => m.email === 'admin2@demo.test').map((m) => m.role)).toEqual([
      'NETWORK_ADMIN',
    ]);
    expect(seconds.filter((m) => m.role === 'LEADERSHIP')).toHaveLength(1);
    // Some referrals cross the chapters.
    const [crossing] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from referrals r join users a on a.id = r.referrer_id
            join users b on b.id = r.reporter_id where a.chapter_id <> b.chapter_id`,
    );
    expect(crossing!.n).toBeGreaterThan(0);

    const [member] = await db.select().from(users).where(eq(users.email, 'member@demo.test'));
    expect(await verifyPassword(DEMO_PASSWORD, member!.passwordHash!)).toBe(true);

    const guestApps = await db
      .select({ n: count() })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(eq(users.email, 'guest@demo.test'));
    expect(guestApps[0]?.n).toBe(0);

    const statuses = await db.selectDistinct({ status: referrals.status }).from(referrals);
    expect(statuses.map((s) => s.status).sort()).toEqual(['approved', 'declined', 'pending']);
    const pendingApps = await db
      .select({ n: count() })
      .from(applications)
      .where(eq(applications.status, 'pending'));
    expect(pendingApps[0]?.n).toBeGreaterThan(0);
    const dates = await db
      .selectDistinct({ d: attendanceRecords.meetingDate })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.chapterId, first!));
    expect(dates).toHaveLength(8);
    const secondDates = await db
      .selectDistinct({ d: attendanceRecords.meetingDate })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.chapterId, second!));
    // Tuesdays, the second chapter's meeting day.
    expect(secondDates.map((d) => new Date(`${d.d}T12:00:00Z`).getUTCDay())).toEqual(Array(8).fill(2));
  });

  it('is idempotent: running it again changes nothing', async () => {
    const db = t.handle.db;
    // Seeded here too (a no-op after the test above), so this test runs alone as well.
    await seedDemoNetwork(db);
    const before = await snapshot(db);
    expect((await seedDemoNetwork(db)).seeded).toBe(false);
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('recentMeetingDates', () => {
  it('returns consecutive Thursdays ending on or before today', () => {
    const dates = recentMeetingDates(3, new Date('2026-11-21T12:00:00Z')); // a Saturday
    expect(dates).toEqual(['2026-11-05', '2026-11-12', '2026-11-19']);
    expect(recentMeetingDates(1, new Date('2026-11-19T08:00:00Z'))).toEqual(['2026-11-19']);
  });

  it('counts from the chapter’s date in Denver, not from UTC', () => {
    // 03:00 UTC Thursday is 20:00 Wednesday in Denver: the latest meeting is the Thursday before.
    expect(recentMeetingDates(1, new Date('2026-11-19T03:00:00Z'))).toEqual(['2026-11-12']);
    // 03:00 UTC Friday is 20:00 Thursday in Denver: tonight's meeting counts.
    expect(recentMeetingDates(1, new Date('2026-11-20T03:00:00Z'))).toEqual(['2026-11-19']);
  });
});
