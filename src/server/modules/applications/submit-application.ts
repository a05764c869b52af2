import { eq, sql } from 'drizzle-orm';
import { APPLICATION_MESSAGES, type ApplicationPayload } from '../../../domain/applications/contracts';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { canReviewApplications, ROLES } from '../../../domain/roles/roles';
import type { Actor } from '../../auth/session-store';
import type { Database, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { applications, chapters, users } from '../../db/schema';
import { conflict, HttpError } from '../../lib/http-error';
import { recordActivity } from '../activity/record-activity';
import { notifyRoles } from '../notifications/notify';
import { linkApplicationToVisitor } from '../visitors/apply-from-visit';
import { hasOpenApplication, toFull } from './application-queries';

const REVIEWERS = ROLES.filter(canReviewApplications);

async function chapterAppliedTo(tx: Transaction, userId: string, slug: string | undefined): Promise<string> {
  const [user] = await tx
    .select({ chapterId: users.chapterId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (slug === undefined) {
    if (user?.chapterId) return user.chapterId;
    throw new HttpError('VALIDATION', APPLICATION_MESSAGES.chapterRequired);
  }
  const [chapter] = await tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.slug, slug));
  if (!chapter) throw new HttpError('VALIDATION', APPLICATION_MESSAGES.chapterRequired);
  if (user?.chapterId !== chapter.id) {
    await tx.update(users).set({ chapterId: chapter.id, updatedAt: sql`now()` }).where(eq(users.id, userId));
  }
  return chapter.id;
}

/** One open application per user; the partial unique index settles a race between two submits. */
export async function submitApplication(
  db: Database,
  applicant: Actor,
  payload: ApplicationPayload,
  secret: string,
) {
  const userId = applicant.id;
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (user && user.role !== 'GUEST') throw conflict(APPLICATION_MESSAGES.alreadyMember);
  if (await hasOpenApplication(db, userId))
    throw conflict(APPLICATION_MESSAGES.alreadySubmitted, 'ALREADY_SUBMITTED');
  const { chapter: chapterSlug, visitToken, ...fields } = payload;
  try {
    return await db.transaction(async (tx) => {
      // The chapter applied to: the one chosen (several chapters), else the applicant's own. A guest who
      // chose another chapter joins it now, so its reviewers, not their first chapter's, decide.
      const chapterId = await chapterAppliedTo(tx, userId, chapterSlug);
      const [row] = await tx
        .insert(applications)
        .values({
          ...fields,
          referralSource: payload.referralSource ?? null,
          userId,
          status: 'pending',
          chapterId,
        })
        .returning();
      // Sent from a visitor's "Apply" link: the application and the visit know each other.
      if (visitToken)
        await linkApplicationToVisitor(tx, secret, visitToken, { id: row!.id, chapterId, userId });
      await recordActivity(tx, {
        userId,
        kind: 'application_submitted',
        description: 'You submitted your membership application',
      });
      await notifyRoles(tx, REVIEWERS, userId, chapterId, {
        kind: 'application_new',
        title: 'New membership application',
        body: `${payload.firstName} ${payload.lastName} of ${payload.companyName} (${payload.industry}) applied to join.`,
        link: NOTIFICATION_LINKS.application(row!.id),
      });
      return toFull({ application: row!, reviewedBy: null }, []);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'applications_one_open_per_user_key'))
      throw conflict(APPLICATION_MESSAGES.alreadySubmitted, 'ALREADY_SUBMITTED');
    throw err;
  }
}
