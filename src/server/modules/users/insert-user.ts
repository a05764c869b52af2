import { eq, like, or } from 'drizzle-orm';
import { avatarColorFor } from '../../../domain/members/avatar-colors';
import { baseSlug, uniqueSlug } from '../../../domain/members/slug';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type NewUserRow, type UserRow, users } from '../../db/schema';

/**
 * Inserts a user with the first free slug (`first-last`, then `-2`, `-3`...). Two sign-ups with the
 * same name at the same moment can pick the same slug; the unique index refuses one and it retries.
 */
export async function insertUserWithUniqueSlug(
  db: Database,
  values: Omit<NewUserRow, 'slug'>,
): Promise<UserRow> {
  const base = baseSlug(values.firstName, values.lastName);
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db
      .select({ slug: users.slug })
      .from(users)
      .where(or(eq(users.slug, base), like(users.slug, `${base}-%`)));
    const slug = uniqueSlug(base, new Set(rows.map((r) => r.slug)));
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
