import { and, eq, sql } from 'drizzle-orm';
import { baseSlug, uniqueSlug } from '../../../domain/members/slug';
import { type Database, selectRows, type Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { memberSlugRedirects, users } from '../../db/schema';

/**
 * Addresses someone other than `userId` holds: their current slug, or a former one that still
 * redirects to them. A former address stays its owner's, so a newcomer with the same name gets the
 * next free one instead of taking over links people shared. One statement, so it reads one snapshot:
 * a rename committing meanwhile shows either as the old slug or as its redirect, never as neither.
 */
export async function slugsTakenByOthers(
  db: Pick<Database, 'execute'>,
  base: string,
  userId: string | null = null,
): Promise<Set<string>> {
  // Slugs are [a-z0-9-] only, so `base` holds no LIKE wildcard.
  const rows = await selectRows<{ slug: string }>(
    db,
    sql`select slug from users
          where (slug = ${base} or slug like ${`${base}-%`}) and id is distinct from ${userId}
        union all
        select old_slug from member_slug_redirects
          where (old_slug = ${base} or old_slug like ${`${base}-%`}) and user_id is distinct from ${userId}`,
  );
  return new Set(rows.map((r) => r.slug));
}

type Named = { firstName: string | null; lastName: string | null };

/**
 * Moves a member's public address when their name changes (profile, admin edit, approval): the new
 * slug is the first free one, the old one becomes a redirect to them, and an old address of their own
 * they take back is theirs again rather than a redirect. Two members renamed to the same name at once
 * both pick the same slug; the unique index refuses one, which picks again (inside a savepoint, so the
 * caller's transaction goes on).
 */
export async function moveSlugOnRename(
  tx: Transaction,
  current: Named & { id: string; slug: string },
  next: Named,
): Promise<string> {
  const base = baseSlug(next.firstName, next.lastName);
  if (base === baseSlug(current.firstName, current.lastName)) return current.slug;
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => {
        const slug = uniqueSlug(base, await slugsTakenByOthers(sp, base, current.id));
        if (slug === current.slug) return slug;
        await sp.update(users).set({ slug }).where(eq(users.id, current.id));
        await sp
          .delete(memberSlugRedirects)
          .where(and(eq(memberSlugRedirects.oldSlug, slug), eq(memberSlugRedirects.userId, current.id)));
        await sp
          .insert(memberSlugRedirects)
          .values({ oldSlug: current.slug, userId: current.id })
          .onConflictDoUpdate({ target: memberSlugRedirects.oldSlug, set: { userId: current.id } });
        return slug;
      });
    } catch (err) {
      if (attempt >= 4 || !isUniqueViolation(err, 'users_slug_key')) throw err;
    }
  }
}
