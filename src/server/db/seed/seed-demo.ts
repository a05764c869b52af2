import { and, eq, isNull, sql } from 'drizzle-orm';
import { type ActivityKind, activityColor } from '../../../domain/activity/kinds';
import { CHAPTER_TIME_ZONE, todayIn } from '../../../domain/dates';
import { avatarColorFor } from '../../../domain/members/avatar-colors';
import { baseSlug, uniqueSlug } from '../../../domain/members/slug';
import { DEFAULT_ANNUAL_DUES } from '../../../domain/network/constants';
import { hashPassword } from '../../lib/password';
import type { Database, Transaction } from '../client';
import {
  activity,
  applicationReviewNotes,
  applications,
  attendanceRecords,
  chapters,
  industries,
  networkSettings,
  referralEvents,
  referrals,
  users,
} from '../schema';
import {
  CROSS_CHAPTER_PARTNERS,
  DEMO_APPLICANTS,
  DEMO_FIRST_CHAPTER_WEEKDAY,
  DEMO_GUEST,
  DEMO_INDUSTRIES,
  DEMO_MEMBERS,
  DEMO_PASSWORD,
  DEMO_SECOND_CHAPTER,
  DEMO_SECOND_CHAPTER_INDUSTRIES,
  DEMO_SECOND_CHAPTER_MEMBERS,
  type DemoPerson,
} from './demo-data';

const MARKER_EMAIL = 'agency@demo.test';
const DAY_MS = 24 * 60 * 60 * 1000;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number, from = new Date()) => new Date(from.getTime() - n * DAY_MS);

/** The last `count` meeting days (Thursdays unless told: 0 = Sunday) before or on `today`, oldest first. */
export function recentMeetingDates(count: number, now = new Date(), weekday = 4): string[] {
  // Counted from the chapter's date: in UTC it is already Thursday on Wednesday evening in Denver.
  const today = new Date(`${todayIn(CHAPTER_TIME_ZONE, now)}T12:00:00Z`);
  const back = (today.getUTCDay() - weekday + 7) % 7;
  const latest = daysAgo(back, today);
  return Array.from({ length: count }, (_, i) => isoDate(daysAgo((count - 1 - i) * 7, latest)));
}

function userValues(p: DemoPerson, slug: string, passwordHash: string | null, joinedAt: Date) {
  const personal = `${p.firstName}.${p.lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  return {
    createdAt: joinedAt,
    updatedAt: joinedAt,
    email: p.email,
    slug,
    role: p.role,
    firstName: p.firstName,
    lastName: p.lastName,
    businessName: p.businessName,
    position: p.position,
    industry: p.role === 'GUEST' ? null : p.industry,
    businessPhone: p.businessPhone,
    businessEmail: p.email,
    personalEmail: `${personal}@mail.example`,
    personalPhone: p.businessPhone.replace('555-01', '555-02'),
    // A few members keep personal details private, so the directory shows the visibility rules at work.
    personalPhoneVisible: false,
    personalEmailVisible: p.email.length % 2 === 0,
    businessEmailVisible: !p.email.startsWith('owen'),
    personalBio: p.personalBio || null,
    description: p.description,
    idealReferral: p.idealReferral ?? null,
    website: p.website ?? null,
    linkedin: p.linkedin ?? null,
    experienceLevel: p.experienceLevel,
    avatarColor: avatarColorFor(p.email),
    commissionPercent:
      p.industry === 'Residential Real Estate' || p.industry === 'Mortgage Lending' ? '10' : '0',
    passwordHash,
  };
}

export interface SeedResult {
  seeded: boolean;
}

/**
 * Seeds the demo network in one transaction. Idempotent: when the demo agency account exists the
 * database is left exactly as it is.
 */
export async function seedDemoNetwork(db: Database, now = new Date()): Promise<SeedResult> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, MARKER_EMAIL))
    .limit(1);
  if (existing.length > 0) return { seeded: false };

  const people = [...DEMO_MEMBERS, DEMO_GUEST, ...DEMO_APPLICANTS];
  // Every demo account shares the published demo password, so one hash serves them all (each scrypt
  // hash is ~50 ms of a first start).
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const hashes = new Map(people.filter((x) => x.signIn).map((p) => [p.email, demoHash]));

  await db.transaction(async (tx) => {
    // Re-check inside the transaction: two processes starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7041)`);
    const again = await tx.select({ id: users.id }).from(users).where(eq(users.email, MARKER_EMAIL)).limit(1);
    if (again.length > 0) return;

    const takenSlugs = new Set((await tx.select({ slug: users.slug }).from(users)).map((r) => r.slug));
    const rows = people.map((p, i) => {
      const slug = uniqueSlug(baseSlug(p.firstName, p.lastName), takenSlugs);
      takenSlugs.add(slug);
      const joinedAt = p.role === 'GUEST' ? daysAgo(3 + i, now) : daysAgo(900 - i * 40, now);
      return userValues(p, slug, hashes.get(p.email) ?? null, joinedAt);
    });
    const inserted = await tx.insert(users).values(rows).returning({ id: users.id, email: users.email });
    const idOf = new Map(inserted.map((r) => [r.email, r.id]));
    const id = (email: string) => idOf.get(email)!;

    await tx
      .insert(industries)
      .values([...DEMO_INDUSTRIES])
      .onConflictDoNothing();
    await tx
      .insert(networkSettings)
      .values({ id: 1, defaultAnnualDues: String(DEFAULT_ANNUAL_DUES) })
      .onConflictDoNothing();

    // The first chapter's own meeting day, which the weekly meetings follow (none is ever invented).
    await tx
      .update(chapters)
      .set({ meetingWeekday: DEMO_FIRST_CHAPTER_WEEKDAY })
      .where(
        and(
          isNull(chapters.meetingWeekday),
          sql`${chapters.id} = (select c.id from ${chapters} c order by c.created_at, c.id limit 1)`,
        ),
      );

    const members = DEMO_MEMBERS;
    const admin = id('admin@demo.test');

    // Approved applications for regular members, open ones for applicants.
    const regular = members.filter((m) => m.role === 'MEMBER');
    const approvalNote = [{ audience: 'applicant', note: 'Application approved for membership' }] as const;
    const seededApplications = [
      ...regular.map((m, i) => ({
        values: applicationValues(m, id(m.email), 'approved', daysAgo(120 + i * 9, now), admin),
        notes: approvalNote,
      })),
      ...DEMO_APPLICANTS.map((a) => ({
        values: applicationValues(a, id(a.email), a.status, daysAgo(a.daysAgo, now), admin, a.motivation),
        notes: a.notes ?? [],
      })),
    ];
    const insertedApplications = await tx
      .insert(applications)
      .values(seededApplications.map((a) => a.values))
      .returning({ id: applications.id, userId: applications.userId });
    const applicationIdOf = new Map(insertedApplications.map((r) => [r.userId, r.id]));
    const notes = seededApplications.flatMap(({ values, notes }) =>
      notes.map((n) => ({
        applicationId: applicationIdOf.get(values.userId)!,
        authorId: admin,
        status: values.status,
        audience: n.audience,
        note: n.note,
        createdAt: values.reviewedAt ?? values.submittedAt,
      })),
    );
    if (notes.length > 0) await tx.insert(applicationReviewNotes).values(notes);

    const seededReferrals = await tx
      .insert(referrals)
      .values(
        demoReferrals(
          members.map((m) => id(m.email)),
          now,
        ),
      )
      .returning();
    await tx.insert(referralEvents).values(historyOf(seededReferrals));
    await tx.insert(attendanceRecords).values(
      demoAttendance(
        members.map((m) => id(m.email)),
        now,
        admin,
      ),
    );
    await tx.insert(activity).values(demoActivity(id, now));
    await seedSecondChapter(tx, { now, takenSlugs, passwordHash: demoHash, firstChapterId: id });
  });
  return { seeded: true };
}

/** Referrals' history, as if made through the app: created by the creator, decided by the other party. */
function historyOf(seeded: (typeof referrals.$inferSelect)[]) {
  return seeded.flatMap((r) => [
    { referralId: r.id, actorId: r.createdById, kind: 'created' as const, createdAt: r.createdAt },
    ...(r.status === 'pending'
      ? []
      : [
          {
            referralId: r.id,
            actorId: r.createdById === r.referrerId ? r.reporterId : r.referrerId,
            kind: r.status,
            createdAt: new Date(r.createdAt.getTime() + 60 * 60 * 1000),
          },
        ]),
  ]);
}

/**
 * The agency's second chapter: ten members in their own industries (two share a name with the
 * first chapter's, each holding its own seat), its own leader and administrator, eight Tuesday meetings,
 * referrals among its members and some crossing to the first chapter.
 */
async function seedSecondChapter(
  tx: Transaction,
  seed: {
    now: Date;
    takenSlugs: Set<string>;
    passwordHash: string;
    firstChapterId: (email: string) => string;
  },
) {
  const { now } = seed;
  const [chapter] = await tx.insert(chapters).values(DEMO_SECOND_CHAPTER).returning({ id: chapters.id });
  const chapterId = chapter!.id;
  const rows = DEMO_SECOND_CHAPTER_MEMBERS.map((p, i) => {
    const slug = uniqueSlug(baseSlug(p.firstName, p.lastName), seed.takenSlugs);
    seed.takenSlugs.add(slug);
    return {
      ...userValues(p, slug, p.signIn ? seed.passwordHash : null, daysAgo(700 - i * 45, now)),
      chapterId,
    };
  });
  const inserted = await tx.insert(users).values(rows).returning({ id: users.id, email: users.email });
  const ids = inserted.map((r) => r.id);
  const idOf = new Map(inserted.map((r) => [r.email, r.id]));
  const admin = idOf.get('admin2@demo.test')!;
  await tx.insert(industries).values(DEMO_SECOND_CHAPTER_INDUSTRIES.map((i) => ({ ...i, chapterId })));
  await tx
    .insert(applications)
    .values(
      DEMO_SECOND_CHAPTER_MEMBERS.filter((m) => m.role === 'MEMBER').map((m, i) =>
        applicationValues(m, idOf.get(m.email)!, 'approved', daysAgo(150 + i * 11, now), admin),
      ),
    );
  const crossing = CROSS_CHAPTER_PARTNERS.flatMap((email, i) => {
    const partner = seed.firstChapterId(email);
    const local = ids[(i * 3 + 2) % ids.length]!;
    const created = daysAgo(5 + i * 6, now);
    const referral = (
      referrerId: string,
      reporterId: string,
      amount: string,
      status: 'approved' | 'pending',
    ) => ({
      status,
      referralType: 'gratitude' as const,
      amount,
      customerName: CUSTOMERS[(i * 3) % CUSTOMERS.length]!,
      saleDate: isoDate(created),
      notes: 'Introduced across chapters at the agency mixer.',
      referrerId,
      reporterId,
      createdById: referrerId,
      createdAt: created,
      updatedAt: created,
    });
    return [
      referral(partner, local, (900 + i * 275).toFixed(2), 'approved'),
      referral(local, partner, (450 + i * 130).toFixed(2), i === 3 ? 'pending' : 'approved'),
    ];
  });
  const seeded = await tx
    .insert(referrals)
    .values([...demoReferrals(ids, now).slice(0, 20), ...crossing])
    .returning();
  await tx.insert(referralEvents).values(historyOf(seeded));
  await tx
    .insert(attendanceRecords)
    .values(demoAttendance(ids, now, admin, DEMO_SECOND_CHAPTER.meetingWeekday));
}

function applicationValues(
  p: DemoPerson,
  userId: string,
  status: 'pending' | 'under_review' | 'approved' | 'rejected',
  submittedAt: Date,
  reviewerId: string,
  motivation = 'Grow my business through trusted local referrals.',
) {
  const reviewed = status === 'approved' || status === 'rejected' || status === 'under_review';
  return {
    userId,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    businessEmail: p.email,
    phone: p.businessPhone,
    companyName: p.businessName,
    position: p.position,
    industry: p.industry,
    businessDescription: p.description,
    motivation,
    referralSource: status === 'approved' ? 'Priya Raman; Marcus Bell' : null,
    experienceLevel: p.experienceLevel,
    status,
    submittedAt,
    reviewedAt: reviewed ? new Date(submittedAt.getTime() + 2 * DAY_MS) : null,
    reviewedById: reviewed ? reviewerId : null,
  };
}

const CUSTOMERS = [
  'Hernandez family',
  'Poudre School District',
  'Lopez residence',
  'Riverside Bakery',
  'Anderson household',
  'Trailhead Brewing',
  'Kim residence',
  'Harmony Vet Clinic',
  'Walsh family',
  'Sunrise Daycare',
];

/** Referrals between members in every status, spread over the last eight weeks. */
function demoReferrals(memberIds: string[], now: Date) {
  const n = memberIds.length;
  return Array.from({ length: 36 }, (_, i) => {
    const referrer = memberIds[(i * 5 + 1) % n]!;
    let recipient = memberIds[(i * 7 + 3) % n]!;
    if (recipient === referrer) recipient = memberIds[(i * 7 + 4) % n]!;
    const status = i % 9 === 4 ? 'declined' : i % 6 === 5 ? 'pending' : 'approved';
    const created = daysAgo(2 + ((i * 3) % 54), now);
    return {
      status: status as 'approved' | 'pending' | 'declined',
      referralType: (i % 4 === 0 ? 'commission' : 'gratitude') as 'commission' | 'gratitude',
      amount: (((i * 733) % 4800) + 250 + (i % 3) * 0.5).toFixed(2),
      customerName: CUSTOMERS[i % CUSTOMERS.length]!,
      saleDate: isoDate(created),
      notes: i % 3 === 0 ? 'Met at the Thursday breakfast meeting.' : null,
      referrerId: referrer,
      reporterId: recipient,
      // Alternate who recorded it, so both "Give" and "Report Received" entries exist.
      createdById: i % 2 === 0 ? referrer : recipient,
      createdAt: created,
      updatedAt: created,
    };
  }).concat(pendingForDemoMember(memberIds, now));
}

/** Make sure member@demo.test (index 3) has referrals awaiting their approval. */
function pendingForDemoMember(memberIds: string[], now: Date) {
  const member = memberIds[3]!;
  const others = [memberIds[4]!, memberIds[7]!];
  return others.map((other, i) => ({
    status: 'pending' as const,
    referralType: 'gratitude' as const,
    amount: i === 0 ? '1850.00' : '640.00',
    customerName: i === 0 ? 'Maple Street remodel' : 'Walsh family',
    saleDate: isoDate(daysAgo(3 + i, now)),
    notes: 'Thanks for the introduction!',
    referrerId: i === 0 ? member : other,
    reporterId: i === 0 ? other : member,
    createdById: other,
    createdAt: daysAgo(3 + i, now),
    updatedAt: daysAgo(3 + i, now),
  }));
}

function demoAttendance(
  memberIds: string[],
  now: Date,
  recordedById: string,
  weekday: number = DEMO_FIRST_CHAPTER_WEEKDAY,
) {
  const dates = recentMeetingDates(8, now, weekday);
  return dates.flatMap((meetingDate, week) =>
    memberIds.map((memberId, m) => {
      const roll = (week * 7 + m * 3) % 17;
      const status = roll === 0 || roll === 9 ? 'absent' : roll === 5 ? 'excused' : 'present';
      return {
        memberId,
        meetingDate,
        status: status as 'present' | 'absent' | 'excused',
        notes: status === 'excused' ? 'Out of town for a client project' : null,
        recordedById,
      };
    }),
  );
}

function demoActivity(id: (email: string) => string, now: Date) {
  const entry = (email: string, kind: ActivityKind, description: string, hours: number) => ({
    userId: id(email),
    kind,
    description,
    color: activityColor(kind),
    createdAt: new Date(now.getTime() - hours * 60 * 60 * 1000),
  });
  return [
    entry('member@demo.test', 'referral_received', 'Emily Tran credited you with a $1,850.00 referral', 70),
    entry('member@demo.test', 'attendance', 'Marked present at the weekly meeting', 30),
    entry('member2@demo.test', 'referral_given', 'You credited Jake Morales with a referral', 72),
    entry('leader@demo.test', 'application_recommended', 'You recommended Rosa Delgado for membership', 140),
    entry('admin@demo.test', 'application_rejected', "Victor Hale's application was not approved", 900),
    entry('sam.whitaker@demo.test', 'application_submitted', 'Application submitted', 48),
    entry('rosa.delgado@demo.test', 'application_submitted', 'Application submitted', 144),
  ];
}
