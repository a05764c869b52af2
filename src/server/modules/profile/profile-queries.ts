import { eq } from 'drizzle-orm';
import type { MyProfile } from '../../../domain/profile/contracts';
import type { Database } from '../../db/client';
import { memberSlugRedirects, users } from '../../db/schema';

export const myProfileColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  slug: users.slug,
  profileImageUrl: users.profileImageUrl,
  avatarColor: users.avatarColor,
  firstName: users.firstName,
  lastName: users.lastName,
  position: users.position,
  personalEmail: users.personalEmail,
  personalPhone: users.personalPhone,
  personalBio: users.personalBio,
  businessName: users.businessName,
  businessEmail: users.businessEmail,
  businessPhone: users.businessPhone,
  website: users.website,
  description: users.description,
  idealReferral: users.idealReferral,
  industry: users.industry,
  experienceLevel: users.experienceLevel,
  referralSource: users.referralSource,
  motivation: users.motivation,
  linkedin: users.linkedin,
  facebook: users.facebook,
  instagram: users.instagram,
  twitter: users.twitter,
  personalEmailVisible: users.personalEmailVisible,
  personalPhoneVisible: users.personalPhoneVisible,
  personalBioVisible: users.personalBioVisible,
  businessEmailVisible: users.businessEmailVisible,
  businessPhoneVisible: users.businessPhoneVisible,
};

export async function findMyProfile(
  db: Pick<Database, 'select'>,
  userId: string,
): Promise<MyProfile | undefined> {
  const [row] = await db.select(myProfileColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The current address of a member who used to be at `/member/<oldSlug>`, if any. */
export async function redirectedSlug(db: Database, oldSlug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: users.slug })
    .from(memberSlugRedirects)
    .innerJoin(users, eq(users.id, memberSlugRedirects.userId))
    .where(eq(memberSlugRedirects.oldSlug, oldSlug.toLowerCase()));
  return row?.slug;
}
