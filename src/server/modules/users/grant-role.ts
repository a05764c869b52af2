import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuditActorLabel } from '../../../domain/admin/audit';
import { removesLastAgencyAdmin, USER_POLICY_MESSAGES } from '../../../domain/admin/policy';
import { FIELD_MAX } from '../../../domain/fields';
import { isRole, ROLES, type Role, roleDisplayName } from '../../../domain/roles/roles';
import type { Database, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../audit/record-audit';
import { insertUserWithUniqueSlug } from './insert-user';
import { agencyAdminsIfNeeded, recordRoleChange } from './role-change';

/** A grant the operator must correct; its message is the one line the command prints. */
export class GrantRefused extends Error {
  override name = 'GrantRefused';
}

const emailSchema = z.email().max(FIELD_MAX.email);

/** The email and role as typed on the command line, checked: one line saying what is wrong otherwise. */
export function parseGrant(
  email: string | undefined,
  role: string | undefined,
): { email: string; role: Role } {
  const address = (email ?? '').trim().toLowerCase();
  if (!emailSchema.safeParse(address).success)
    throw new GrantRefused(`"${email ?? ''}" is not an email address.`);
  const wanted = (role ?? '').trim().toUpperCase();
  if (!isRole(wanted))
    throw new GrantRefused(`"${role ?? ''}" is not a role. Use one of ${ROLES.join(', ')}.`);
  return { email: address, role: wanted };
}

export type GrantOutcome =
  | { kind: 'created'; email: string; role: Role }
  | { kind: 'changed'; email: string; role: Role; from: Role }
  | { kind: 'unchanged'; email: string; role: Role };

/**
 * Gives the account with this email the role, creating it (no password, no identity) when there is none,
 * so its owner's first "Continue with Google" with that verified email claims it (docs/decisions/0007).
 * Audited under the tool's label; a second run changes nothing. Demoting the last agency administrator is
 * refused, as it is in User Management. Runs in the caller's transaction.
 */
export async function grantRoleIn(
  tx: Transaction,
  grant: { email: string; role: Role },
  by: AuditActorLabel,
): Promise<GrantOutcome> {
  const [current] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, grant.email))
    .for('update');
  if (!current) {
    await insertUserWithUniqueSlug(tx, { email: grant.email, role: grant.role });
    await recordAudit(tx, {
      actorLabel: by,
      action: 'user.created',
      subject: grant.email,
      after: { role: grant.role },
    });
    return { kind: 'created', email: grant.email, role: grant.role };
  }
  if (current.role === grant.role) return { kind: 'unchanged', email: current.email, role: grant.role };
  if (removesLastAgencyAdmin(current, grant.role, await agencyAdminsIfNeeded(tx, current)))
    throw new GrantRefused(USER_POLICY_MESSAGES.lastAgencyAdmin);
  await tx.update(users).set({ role: grant.role }).where(eq(users.id, current.id));
  await recordRoleChange(tx, current, grant.role, { actorLabel: by });
  return { kind: 'changed', email: current.email, role: grant.role, from: current.role };
}

export const grantRole = (db: Database, grant: { email: string; role: Role }, by: AuditActorLabel) =>
  db.transaction((tx) => grantRoleIn(tx, grant, by));

/** The line the command prints for an outcome. */
export function describeGrant(outcome: GrantOutcome): string {
  const role = roleDisplayName(outcome.role);
  switch (outcome.kind) {
    case 'created':
      return `Created ${outcome.email} as ${role}. They sign in with "Continue with Google" using that email.`;
    case 'changed':
      return `${outcome.email} is now ${role} (was ${roleDisplayName(outcome.from)}).`;
    case 'unchanged':
      return `${outcome.email} is already ${role}; nothing changed.`;
  }
}
