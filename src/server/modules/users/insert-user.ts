import { avatarColorFor } from '../../../domain/members/avatar-colors';
import { baseSlug, uniqueSlug } from '../../../domain/members/slug';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type NewUserRow, type UserRow, users } from '../../db/schema';
import { slugsTakenByOthers } from './member-slug';

/**
 * Inserts a user with the first free slug (`first-last`, then `-2`, `-3`...), skipping other members'
 * current and former addresses. Two sign-ups with the same name at the same moment can pick the same
 * slug; the unique index refuses one and it retries.
 */
export async function insertUserWithUniqueSlug(
  db: Database,
  values: Omit<NewUserRow, 'slug'>,
): Promise<UserRow> {
  const base = baseSlug(values.firstName, values.lastName);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = uniqueSlug(base, await slugsTakenByOthers(db, base));
    try {
      const [row] = await db
        .insert(users)
        .values({ avatarColor: avatarColorFor(values.email), ...values, slug })
        .returning();
      return row!;
    } catch (err) {
      if (!isUniqueViolation(err, 'users_slug_key')) throw err;
    }
  }
  throw new Error(`could not find a free slug for ${base}`);
}
