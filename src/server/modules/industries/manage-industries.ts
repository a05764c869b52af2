import { and, count, eq, ne, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, type Industry } from '../../../domain/admin/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterOnly, chapterScopeOf, inChapterScope } from '../../db/chapter-scope';
import { actingChapterId } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { industries, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { recordAudit } from '../audit/record-audit';
import { findIndustryRow, listIndustriesForAdmin } from './industry-queries';

type Input = { name: string; description: string | null };

/** A duplicate name (any case) answers 409 with the name, whether found first or raced into the index. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'industries_chapter_name_lower_key'))
      throw conflict(ADMIN_MESSAGES.industryExists(name));
    throw err;
  }
}

export async function createIndustry(db: Database, actor: Actor, input: Input): Promise<Industry> {
  const id = await uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      const current = await confirmActorRole(tx, actor, 'NETWORK_ADMIN');
      const chapterId = await actingChapterId(tx, current);
      const [row] = await tx
        .insert(industries)
        .values({ ...input, chapterId })
        .returning({ id: industries.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'industry.created',
        subject: input.name,
        chapterId,
        after: input,
      });
      return row!.id;
    }),
  );
  return (await listIndustriesForAdmin(db, chapterScopeOf(actor), id))[0]!;
}

/** Renaming moves the industry's members to the new name in the same transaction. */
export async function updateIndustry(
  db: Database,
  actor: Actor,
  input: Input & { id: string },
): Promise<Industry> {
  await uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      const by = await confirmActorRole(tx, actor, 'NETWORK_ADMIN');
      const current = await findIndustryRow(tx, input.id, chapterScopeOf(by));
      if (!current) throw notFound(ADMIN_MESSAGES.industryNotFound);
      await tx
        .update(industries)
        .set({ name: input.name, description: input.description, updatedAt: sql`now()` })
        .where(eq(industries.id, input.id));
      if (current.name !== input.name) {
        await tx
          .update(users)
          .set({ industry: input.name })
          .where(
            and(
              inChapterScope(chapterOnly(current.chapterId), users.chapterId),
              sql`lower(${users.industry}) = lower(${current.name})`,
            ),
          );
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'industry.renamed',
          subject: input.name,
          chapterId: current.chapterId,
          before: { name: current.name },
          after: { name: input.name },
        });
      }
    }),
  );
  return (await listIndustriesForAdmin(db, chapterScopeOf(actor), input.id))[0]!;
}

/** An industry members still hold cannot go (409 naming how many); the public list changes at once. */
export async function deleteIndustry(db: Database, actor: Actor, input: { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'NETWORK_ADMIN');
    const current = await findIndustryRow(tx, input.id, chapterScopeOf(by));
    if (!current) throw notFound(ADMIN_MESSAGES.industryNotFound);
    const [held] = await tx
      .select({ n: count() })
      .from(users)
      .where(
        and(
          inChapterScope(chapterOnly(current.chapterId), users.chapterId),
          sql`lower(${users.industry}) = lower(${current.name})`,
          ne(users.role, 'GUEST'),
        ),
      );
    if ((held?.n ?? 0) > 0) throw conflict(ADMIN_MESSAGES.industryHeld(held!.n));
    await tx.delete(industries).where(eq(industries.id, input.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'industry.deleted',
      subject: current.name,
      chapterId: current.chapterId,
      before: { name: current.name },
    });
  });
}
