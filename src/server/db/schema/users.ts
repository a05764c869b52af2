import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { chapters } from './chapters';
import { userRole } from './enums';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    slug: text('slug').notNull(),
    role: userRole('role').notNull().default('GUEST'),
    /** The member's chapter; an AGENCY_ADMIN may belong to none (docs/decisions/0032). */
    chapterId: uuid('chapter_id').references(() => chapters.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    businessName: text('business_name'),
    position: text('position'),
    industry: text('industry'),
    personalEmail: text('personal_email'),
    personalPhone: text('personal_phone'),
    businessEmail: text('business_email'),
    businessPhone: text('business_phone'),
    personalBio: text('personal_bio'),
    description: text('description'),
    /** What a good referral for this member looks like: one short paragraph, shown publicly and in the picker. */
    idealReferral: text('ideal_referral'),
    website: text('website'),
    linkedin: text('linkedin'),
    facebook: text('facebook'),
    instagram: text('instagram'),
    twitter: text('twitter'),
    personalEmailVisible: boolean('personal_email_visible').notNull().default(false),
    personalPhoneVisible: boolean('personal_phone_visible').notNull().default(false),
    personalBioVisible: boolean('personal_bio_visible').notNull().default(true),
    businessEmailVisible: boolean('business_email_visible').notNull().default(true),
    businessPhoneVisible: boolean('business_phone_visible').notNull().default(true),
    annualDuesOverride: numeric('annual_dues_override', { precision: 12, scale: 2 }),
    missedMeetingLimit: integer('missed_meeting_limit'),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    avatarColor: text('avatar_color'),
    /** A member leadership asked to welcome visitors: told of each registration like leadership. */
    visitorHost: boolean('visitor_host').notNull().default(false),
    /** The chapter's president, named by leadership: overdue visitor calls go to them. One per chapter. */
    chapterPresident: boolean('chapter_president').notNull().default(false),
    referralSource: text('referral_source'),
    motivation: text('motivation'),
    experienceLevel: text('experience_level'),
    profileImageUrl: text('profile_image_url'),
    passwordHash: text('password_hash'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set on every Drizzle update: the directory's cache key depends on it (modules/members).
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_slug_key').on(t.slug),
    index('users_chapter_idx').on(t.chapterId),
    uniqueIndex('users_chapter_president_key').on(t.chapterId).where(sql`${t.chapterPresident}`),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
    index('users_role_name_idx').on(t.role, t.firstName, t.lastName),
    index('users_industry_idx').on(t.industry),
    // Whether a picture file is still someone's, asked before the file is deleted.
    index('users_profile_image_url_idx').on(t.profileImageUrl),
    // The roster's sorts (docs/decisions/0027): each walked forwards or backwards a page at a time.
    index('users_roster_name_idx').on(
      sql`lower(coalesce(${t.firstName}, ''))`,
      sql`lower(coalesce(${t.lastName}, ''))`,
      t.id,
    ),
    index('users_roster_business_idx').on(sql`lower(coalesce(${t.businessName}, ''))`, t.id),
    index('users_roster_industry_idx').on(sql`lower(coalesce(${t.industry}, ''))`, t.id),
    index('users_roster_role_idx').on(t.role, t.id),
    index('users_roster_joined_idx').on(t.createdAt, t.id),
    // The member holding an industry's seat (first non-guest by join date), probed per application.
    index('users_industry_seat_idx')
      .on(t.chapterId, sql`lower(${t.industry})`, t.createdAt)
      .where(sql`${t.role} <> 'GUEST'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
