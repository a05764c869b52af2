import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { insertUserWithUniqueSlug } from '../modules/users/insert-user';

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  givenName?: string;
  familyName?: string;
  name?: string;
}

function names(identity: VerifiedIdentity) {
  if (identity.givenName || identity.familyName) {
    return { firstName: identity.givenName ?? null, lastName: identity.familyName ?? null };
  }
  const [first = '', ...rest] = (identity.name ?? '').trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.join(' ') || null };
}

/**
 * Finds the user for a verified (issuer, subject), linking an existing account with the same verified
 * email the first time; otherwise creates a GUEST from the ID token's name and email.
 */
export async function findOrCreateOidcUser(db: Database, identity: VerifiedIdentity): Promise<string> {
  const [known] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)))
    .limit(1);
  if (known) return known.id;

  const [sameEmail] = await db
    .select({ id: users.id, oidcSubject: users.oidcSubject })
    .from(users)
    .where(eq(sql`lower(${users.email})`, identity.email.toLowerCase()))
    .limit(1);
  if (sameEmail && !sameEmail.oidcSubject) {
    await db
      .update(users)
      .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject, updatedAt: new Date() })
      .where(eq(users.id, sameEmail.id));
    return sameEmail.id;
  }
  if (sameEmail) throw new Error('email already linked to another identity');

  const created = await insertUserWithUniqueSlug(db, {
    email: identity.email,
    role: 'GUEST',
    ...names(identity),
    oidcIssuer: identity.issuer,
    oidcSubject: identity.subject,
  });
  return created.id;
}
