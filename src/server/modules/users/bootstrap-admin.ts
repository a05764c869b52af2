import { eq, sql } from 'drizzle-orm';
import { AUDIT_ACTOR_LABELS } from '../../../domain/admin/audit';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { type GrantOutcome, grantRoleIn } from './grant-role';

/** Any fixed 64-bit number: instances starting together take turns, so one grant happens at most. */
const BOOTSTRAP_LOCK_KEY = 7_264_317_002;

/**
 * BOOTSTRAP_ADMIN_EMAIL: while the network has no agency administrator, this email becomes one (created
 * without a password when missing, claimed by its owner's first verified sign-in). Once any agency
 * administrator exists it does nothing, so a later demotion or a leftover setting never grants again.
 */
export async function bootstrapAgencyAdmin(db: Database, email: string): Promise<GrantOutcome | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'AGENCY_ADMIN'))
      .limit(1);
    if (existing) return null;
    return grantRoleIn(tx, { email, role: 'AGENCY_ADMIN' }, AUDIT_ACTOR_LABELS.bootstrap);
  });
}
