import { sql } from 'drizzle-orm';
import type { PublicMember } from '../../../domain/members/contracts';
import { safeHttpUrl, safeImageUrl } from '../../../domain/members/safe-url';
import { chapters, users } from '../../db/schema';

/** Exactly the columns a public answer may draw on; nothing else is ever selected for the public. */
export const publicMemberColumns = {
  id: users.id,
  slug: users.slug,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
  position: users.position,
  industry: users.industry,
  description: users.description,
  idealReferral: users.idealReferral,
  experienceLevel: users.experienceLevel,
  profileImageUrl: users.profileImageUrl,
  avatarColor: users.avatarColor,
  createdAt: users.createdAt,
  personalBio: users.personalBio,
  personalBioVisible: users.personalBioVisible,
  personalEmail: users.personalEmail,
  personalEmailVisible: users.personalEmailVisible,
  personalPhone: users.personalPhone,
  personalPhoneVisible: users.personalPhoneVisible,
  businessEmail: users.businessEmail,
  businessEmailVisible: users.businessEmailVisible,
  businessPhone: users.businessPhone,
  businessPhoneVisible: users.businessPhoneVisible,
  website: users.website,
  linkedin: users.linkedin,
  facebook: users.facebook,
  instagram: users.instagram,
  twitter: users.twitter,
};

/** The member's chapter, by its primary key: what a public card shows of it. */
const memberChapter = {
  chapterName: sql<
    string | null
  >`(select ${chapters.name} from ${chapters} where ${chapters.id} = ${users.chapterId})`,
  chapterSlug: sql<
    string | null
  >`(select ${chapters.slug} from ${chapters} where ${chapters.id} = ${users.chapterId})`,
};

/** What every public member query selects: the public columns and the member's chapter. */
export const publicMemberSelection = { ...publicMemberColumns, ...memberChapter };

type PublicMemberRow = {
  [K in keyof typeof publicMemberColumns]: (typeof publicMemberColumns)[K]['_']['data'] | null;
} & { chapterName: string | null; chapterSlug: string | null };

/** Adds `key` only when its flag is exactly true and there is something to show. */
function visible(flag: boolean | null, value: string | null): string | undefined {
  return flag === true && value?.trim() ? value : undefined;
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function toPublicMember(row: PublicMemberRow): PublicMember {
  return withoutUndefined({
    id: row.id!,
    slug: row.slug!,
    firstName: row.firstName,
    lastName: row.lastName,
    businessName: row.businessName,
    position: row.position,
    industry: row.industry,
    description: row.description,
    idealReferral: row.idealReferral?.trim() ? row.idealReferral : undefined,
    experienceLevel: row.experienceLevel,
    profileImageUrl: safeImageUrl(row.profileImageUrl),
    avatarColor: row.avatarColor,
    memberSince: (row.createdAt ?? new Date()).toISOString(),
    chapter: row.chapterSlug
      ? { name: row.chapterName ?? row.chapterSlug, slug: row.chapterSlug }
      : undefined,
    personalBio: visible(row.personalBioVisible, row.personalBio),
    personalEmail: visible(row.personalEmailVisible, row.personalEmail),
    personalPhone: visible(row.personalPhoneVisible, row.personalPhone),
    businessEmail: visible(row.businessEmailVisible, row.businessEmail),
    businessPhone: visible(row.businessPhoneVisible, row.businessPhone),
    contactInfo: withoutUndefined({
      website: safeHttpUrl(row.website),
      linkedin: safeHttpUrl(row.linkedin),
      facebook: safeHttpUrl(row.facebook),
      instagram: safeHttpUrl(row.instagram),
      twitter: safeHttpUrl(row.twitter),
    }),
  });
}
