import { eq } from 'drizzle-orm';
import { APPLICATION_MESSAGES, type ApplicationPayload } from '../../../domain/applications/contracts';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { canReviewApplications, ROLES } from '../../../domain/roles/roles';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { applications, users } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { recordActivity } from '../activity/record-activity';
import { notifyRoles } from '../notifications/notify';
import { hasOpenApplication, toFull } from './application-queries';

const REVIEWERS = ROLES.filter(canReviewApplications);

/** One open application per user; the partial unique index settles a race between two submits. */
export async function submitApplication(db: Database, applicant: Actor, payload: ApplicationPayload) {
  const userId = applicant.id;
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (user && user.role !== 'GUEST') throw conflict(APPLICATION_MESSAGES.alreadyMember);
  if (await hasOpenApplication(db, userId))
    throw conflict(APPLICATION_MESSAGES.alreadySubmitted, 'ALREADY_SUBMITTED');
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(applications)
        .values({ ...payload, referralSource: payload.referralSource ?? null, userId, status: 'pending' })
        .returning();
      await recordActivity(tx, {
        userId,
        kind: 'application_submitted',
        description: 'You submitted your membership application',
      });
      await notifyRoles(tx, REVIEWERS, userId, {
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
