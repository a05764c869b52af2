import { eq } from 'drizzle-orm';
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
import { users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { recordSeatAndDuesChanges } from '../audit/record-audit';
import { moveSlugOnRename } from '../users/member-slug';
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

    await moveSlugOnRename(tx, current, input);
    // An administrator moving their own seat is audited as an edit of another member's would be.
    await recordSeatAndDuesChanges(tx, { actorId: actor.id }, current, { industry: input.industry ?? null });
    await tx
      .update(users)
      .set({ ...input, experienceLevel: input.experienceLevel ?? null })
      .where(eq(users.id, actor.id));
  });
  return (await findMyProfile(db, actor.id))!;
}
