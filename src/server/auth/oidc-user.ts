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

/**
 * Issuers whose `email_verified` we trust enough to link an existing account by email. Google's ID
 * tokens use either spelling. The development provider is never here: whoever types an email there
 * gets it "verified". See docs/decisions/0007.
 */
export const EMAIL_TRUSTED_ISSUERS: ReadonlySet<string> = new Set([
  'https://accounts.google.com',
  'accounts.google.com',
]);

/** The email is taken by an account this identity may not take over. */
export class EmailInUseError extends Error {
  constructor() {
    super('email already belongs to another account');
    this.name = 'EmailInUseError';
  }
}

function names(identity: VerifiedIdentity) {
  if (identity.givenName || identity.familyName) {
    return { firstName: identity.givenName ?? null, lastName: identity.familyName ?? null };
  }
  const [first = '', ...rest] = (identity.name ?? '').trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.join(' ') || null };
}

/**
 * Finds the user for a verified (issuer, subject), or creates a GUEST for it. An existing account with
 * the same email is linked only when the issuer is trusted to verify emails and that account has no
 * identity and no password of its own; otherwise the email stays with its owner (EmailInUseError).
 */
export async function findOrCreateOidcUser(db: Database, identity: VerifiedIdentity): Promise<string> {
  const [known] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)))
    .limit(1);
  if (known) return known.id;

  const [sameEmail] = await db
    .select({ id: users.id, oidcSubject: users.oidcSubject, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, identity.email.toLowerCase()))
    .limit(1);
  if (sameEmail) {
    const linkable =
      EMAIL_TRUSTED_ISSUERS.has(identity.issuer) && !sameEmail.oidcSubject && !sameEmail.passwordHash;
    if (!linkable) throw new EmailInUseError();
    // The `oidc_subject is null` guard makes two racing first sign-ins link at most once.
    const linked = await db
      .update(users)
      .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject, updatedAt: new Date() })
      .where(and(eq(users.id, sameEmail.id), sql`${users.oidcSubject} is null`))
      .returning({ id: users.id });
    if (!linked[0]) throw new EmailInUseError();
    return sameEmail.id;
  }

  const created = await insertUserWithUniqueSlug(db, {
    email: identity.email,
    role: 'GUEST',
    ...names(identity),
    oidcIssuer: identity.issuer,
    oidcSubject: identity.subject,
  });
  return created.id;
}
