import { eq } from 'drizzle-orm';
import type { ApplicationPayload } from '../../domain/applications/contracts';
import type { Database } from '../db/client';
import { applications, attendanceRecords, meetings, referrals, type users } from '../db/schema';
import { createUser } from './test-app';

/** Test data with sensible defaults; each factory takes the fields a test cares about as overrides. */

export const makeMember = (db: Database, overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUser(db, overrides.role ?? 'MEMBER', overrides);

/** The application payload (docs/product.md, "Applications"), as the apply form sends it. */
export const applicationPayload = (over: Partial<ApplicationPayload> = {}): ApplicationPayload => ({
  firstName: 'Avery',
  lastName: 'Applicant',
  email: 'avery@example.com',
  businessEmail: 'hello@avery.example',
  phone: '(970) 555-0199',
  companyName: 'Avery Accounting',
  position: 'Owner',
  industry: 'Bookkeeping',
  businessDescription: 'Bookkeeping for small firms',
  motivation: 'Meet other owners',
  experienceLevel: '3-5',
  referralSource: 'Jake Morales; Emily Tran',
  ...over,
});

/** An application row written directly (no route, no activity), for tests about reading it. */
export async function makeApplication(
  db: Database,
  userId: string,
  overrides: Partial<typeof applications.$inferInsert> = {},
) {
  const [row] = await db
    .insert(applications)
    .values({ ...applicationPayload(), status: 'pending', ...overrides, userId })
    .returning();
  return row!;
}

/** A referral from `referrerId` to `recipientId` (stored as reporter_id), created by the referrer. */
export async function makeReferral(
  db: Database,
  parties: { referrerId: string; recipientId: string },
  overrides: Partial<typeof referrals.$inferInsert> = {},
) {
  const [row] = await db
    .insert(referrals)
    .values({
      referrerId: parties.referrerId,
      reporterId: parties.recipientId,
      createdById: parties.referrerId,
      amount: '100.00',
      saleDate: '2026-11-01',
      ...overrides,
    })
    .returning();
  return row!;
}

/** One member's attendance at one meeting. */
export async function makeAttendance(
  db: Database,
  memberId: string,
  overrides: Partial<typeof attendanceRecords.$inferInsert> = {},
) {
  const [row] = await db
    .insert(attendanceRecords)
    .values({ memberId, meetingDate: '2026-11-05', status: 'present', ...overrides })
    .returning();
  return row!;
}

/** The meeting on `date` (a test's database has one chapter, unless the test adds another). */
export async function meetingOn(db: Database, date: string) {
  const [row] = await db.select().from(meetings).where(eq(meetings.meetingDate, date));
  return row;
}
