import { and, eq, like, ne, or } from 'drizzle-orm';
import { baseSlug, uniqueSlug } from '../../../domain/members/slug';
import { MESSAGES } from '../../../domain/messages';
import {
  canEditOwnIndustry,
  hasMemberOnlyFields,
  type MyProfile,
  namesRequired,
  PROFILE_MESSAGES,
  type ProfileUpdate,
} from '../../../domain/profile/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { memberSlugRedirects, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { findMyProfile } from './profile-queries';

const refuse = (field: string, message: string, code: 'VALIDATION' | 'FORBIDDEN' = 'VALIDATION') =>
  new HttpError(code, message, { [field]: [message] });

/**
 * Saves the Public Profile form. The row is locked, the role's rules are checked against what is
 * stored (industry for admins only; the two application fields for members only), and a name change
 * moves the public address, leaving a redirect from the old one. The directory's version trigger on
 * `users` makes every cached public answer fresh at once.
 */
export async function updateProfile(db: Database, actor: Actor, input: ProfileUpdate): Promise<MyProfile> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, actor.id)).for('update');
    if (!current) throw new HttpError('UNAUTHENTICATED', MESSAGES.forbidden);
    if (namesRequired(current.role)) {
      if (!input.firstName) throw refuse('firstName', PROFILE_MESSAGES.firstNameRequired);
      if (!input.lastName) throw refuse('lastName', PROFILE_MESSAGES.lastNameRequired);
    }
    if (!canEditOwnIndustry(current.role) && (input.industry ?? null) !== (current.industry ?? null))
      throw refuse('industry', PROFILE_MESSAGES.industryLocked, 'FORBIDDEN');
    const memberOnlyChanged =
      input.referralSource !== current.referralSource || input.motivation !== current.motivation;
    if (!hasMemberOnlyFields(current.role) && memberOnlyChanged)
      throw refuse('motivation', PROFILE_MESSAGES.memberOnly, 'FORBIDDEN');

    let slug = current.slug;
    const base = baseSlug(input.firstName, input.lastName);
    if (base !== baseSlug(current.firstName, current.lastName)) {
      const taken = await tx
        .select({ slug: users.slug })
        .from(users)
        .where(and(ne(users.id, actor.id), or(eq(users.slug, base), like(users.slug, `${base}-%`))));
      slug = uniqueSlug(base, new Set(taken.map((r) => r.slug)));
    }
    await tx
      .update(users)
      .set({ ...input, experienceLevel: input.experienceLevel ?? null, slug })
      .where(eq(users.id, actor.id));
    if (slug !== current.slug) {
      // The old address keeps working; an address this member takes back is theirs again, not a redirect.
      await tx.delete(memberSlugRedirects).where(eq(memberSlugRedirects.oldSlug, slug));
      await tx
        .insert(memberSlugRedirects)
        .values({ oldSlug: current.slug, userId: actor.id })
        .onConflictDoUpdate({ target: memberSlugRedirects.oldSlug, set: { userId: actor.id } });
    }
  });
  return (await findMyProfile(db, actor.id))!;
}
