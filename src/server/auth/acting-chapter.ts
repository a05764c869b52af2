import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CHAPTER_MESSAGES } from '../../domain/chapters/contracts';
import { hasRole } from '../../domain/roles/roles';
import type { Database } from '../db/client';
import { chapters } from '../db/schema';
import { HttpError } from '../lib/http-error';
import type { SessionUser } from './session-store';

/** The header the dashboard sends with the chapter an agency administrator acts in (its slug). */
export const ACTING_CHAPTER_HEADER = 'x-acting-chapter';
/** The same for a plain link (a CSV download), which cannot carry a header. */
export const ACTING_CHAPTER_QUERY = 'actingChapter';

/** The slug asked for, by header or query; the query's is taken out so no route's own schema sees it. */
function requestedSlug(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[ACTING_CHAPTER_QUERY];
  if (query && fromQuery !== undefined) delete query[ACTING_CHAPTER_QUERY];
  const header = request.headers[ACTING_CHAPTER_HEADER];
  if (typeof header === 'string' && header) return header;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}

/**
 * The request's user, acting in the chapter they picked when they are an agency administrator (anyone else
 * acts in their own chapter whatever they send). A chapter that does not exist is 404: nothing is read as
 * "every chapter" by mistake.
 */
export async function actingChapterOf(
  db: Database,
  request: FastifyRequest,
  user: SessionUser,
): Promise<SessionUser> {
  const slug = requestedSlug(request);
  if (!slug || !hasRole(user.role, 'AGENCY_ADMIN')) return user;
  const [chapter] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(eq(chapters.slug, slug))
    .limit(1);
  if (!chapter) throw new HttpError('NOT_FOUND', CHAPTER_MESSAGES.notFound);
  return { ...user, chapterId: chapter.id, actingChapterId: chapter.id };
}
