import { and, eq } from 'drizzle-orm';
import {
  APPLICATION_MESSAGES,
  isOpenStatus,
  type StatusUpdate,
  type StatusUpdateResult,
  settableStatuses,
} from '../../../domain/applications/contracts';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf, inChapterScope } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { applicationReviewNotes, applications, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { recordActivity } from '../activity/record-activity';
import { notify } from '../notifications/notify';
import { moveSlugOnRename } from '../users/member-slug';
import { visitorBecameMember } from '../visitors/apply-from-visit';
import { findApplicationView } from './application-queries';

type ApplicationRow = typeof applications.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** Profile fields an approval fills from the application, only where the member left them empty. */
function profileFill(user: UserRow, app: ApplicationRow): Partial<UserRow> {
  const fill: Partial<UserRow> = {};
  const take = <K extends keyof UserRow>(key: K, value: UserRow[K]) => {
    const current = user[key];
    if ((current === null || current === '') && value) fill[key] = value;
  };
  take('firstName', app.firstName);
  take('lastName', app.lastName);
  take('businessName', app.companyName);
  take('position', app.position);
  take('industry', app.industry);
  take('businessPhone', app.phone);
  take('businessEmail', app.businessEmail ?? app.email);
  take('description', app.businessDescription);
  take('motivation', app.motivation);
  take('referralSource', app.referralSource);
  take('experienceLevel', app.experienceLevel);
  return fill;
}

const ACTIVITY = {
  under_review: {
    kind: 'application_recommended',
    description: 'Your application was recommended for approval',
  },
  approved: {
    kind: 'application_approved',
    description: 'Your application was approved. Welcome to the network!',
  },
  rejected: {
    kind: 'application_rejected',
    description: 'Your application was not approved',
  },
  pending: {
    kind: 'application_reopened',
    description: 'Your application is back in the review queue',
  },
} as const;

/**
 * Sets an application's status in one transaction, holding the row lock, so concurrent reviewers
 * cannot both apply the effects: the second sees the first's result and changes nothing.
 */
export async function reviewApplication(
  db: Database,
  reviewer: Pick<Actor, 'id' | 'role'>,
  input: StatusUpdate & { id: string },
): Promise<StatusUpdateResult> {
  const { id: applicationId, ...update } = input;
  if (!settableStatuses(reviewer.role).includes(update.status))
    throw forbidden(APPLICATION_MESSAGES.onlyAdminsDecide);

  const outcome = await db.transaction(async (tx) => {
    // The role read now, not when the request arrived: a reviewer demoted meanwhile decides nothing.
    const current = await confirmActorRole(tx, reviewer, 'LEADERSHIP');
    if (!settableStatuses(current.role).includes(update.status))
      throw forbidden(APPLICATION_MESSAGES.onlyAdminsDecide);
    const [app] = await tx
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.id, applicationId),
          inChapterScope(chapterScopeOf(current), applications.chapterId),
        ),
      )
      .for('update');
    if (!app) throw notFound(APPLICATION_MESSAGES.notFound);
    if (app.status === update.status && !isOpenStatus(app.status)) return { changed: false };
    if (!isOpenStatus(app.status)) throw conflict(APPLICATION_MESSAGES.alreadyDecided);

    const now = new Date();
    await tx
      .update(applications)
      .set({ status: update.status, reviewedAt: now, reviewedById: reviewer.id })
      .where(eq(applications.id, app.id));
    // Notes are appended, never overwritten: a change without notes keeps every earlier one.
    const notes = [
      { audience: 'applicant' as const, note: update.reviewNotes },
      { audience: 'internal' as const, note: update.internalNotes },
    ].filter((n): n is { audience: 'applicant' | 'internal'; note: string } => Boolean(n.note));
    if (notes.length > 0) {
      await tx.insert(applicationReviewNotes).values(
        notes.map((n) => ({
          applicationId: app.id,
          authorId: reviewer.id,
          status: update.status,
          audience: n.audience,
          note: n.note,
          createdAt: now,
        })),
      );
    }

    if (update.status === 'approved') {
      const [user] = await tx.select().from(users).where(eq(users.id, app.userId)).for('update');
      if (user) {
        const role = user.role === 'GUEST' ? 'MEMBER' : user.role;
        const fill = profileFill(user, app);
        // Names filled in here make the member's public address, as a rename would.
        await moveSlugOnRename(tx, user, {
          firstName: fill.firstName ?? user.firstName,
          lastName: fill.lastName ?? user.lastName,
        });
        await tx
          .update(users)
          .set({ ...fill, role })
          .where(eq(users.id, user.id));
      }
      // An application from a visit makes the visitor a member, in the same transaction.
      await visitorBecameMember(tx, app, reviewer.id);
    }
    if (update.status !== app.status) {
      await recordActivity(tx, { userId: app.userId, ...ACTIVITY[update.status] });
    }
    if (update.status === 'approved' || update.status === 'rejected') {
      await notify(tx, {
        userId: app.userId,
        kind: 'application_decided',
        title:
          update.status === 'approved'
            ? 'Your application was approved'
            : 'Your application was not approved',
        body: ACTIVITY[update.status].description,
        link: NOTIFICATION_LINKS.myApplication,
      });
    }
    return { changed: true };
  });

  const application = await findApplicationView(db, applicationId, 'reviewer');
  if (application?.view !== 'full') throw notFound(APPLICATION_MESSAGES.notFound);
  const warning =
    outcome.changed && update.status === 'approved' && application.seatHolder
      ? `${application.seatHolder} already holds the ${application.industry} seat. Two members now share this industry.`
      : undefined;
  return warning ? { application, warning } : { application };
}
