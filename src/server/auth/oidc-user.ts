import { and, eq, sql } from 'drizzle-orm';
import { FIELD_MAX } from '../../domain/fields';
import { toSafeLine } from '../../domain/text';
import { type AppConfig, GOOGLE_ISSUER } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { insertUserWithUniqueSlug } from '../modules/users/insert-user';
import { moveSlugOnRename } from '../modules/users/member-slug';

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
  GOOGLE_ISSUER,
  new URL(GOOGLE_ISSUER).host,
]);

/**
 * The issuers whose verified email may claim an account: the configured provider when OIDC_LINK_VERIFIED_EMAIL
 * (on by default for Google) says it verifies emails as Google does, with both of Google's spellings. None
 * for the development provider, which is never configured here.
 */
export function emailTrustedIssuers(oidc: AppConfig['oidc']): ReadonlySet<string> {
  if (!oidc?.linkVerifiedEmail) return new Set();
  const issuer = oidc.issuer.replace(/\/+$/, '');
  return EMAIL_TRUSTED_ISSUERS.has(issuer) ? EMAIL_TRUSTED_ISSUERS : new Set([oidc.issuer, issuer]);
}

/** The email is taken by an account this identity may not take over. */
export class EmailInUseError extends Error {
  constructor() {
    super('email already belongs to another account');
    this.name = 'EmailInUseError';
  }
}

/** A name from the provider, held to the text rule a typed name is: no controls or overrides, our length. */
const providerName = (value: string | undefined) =>
  toSafeLine(value ?? '')
    .slice(0, FIELD_MAX.personName)
    .trim() || null;

/** The names a new account starts with: the provider's given and family names, else its full name split. */
export function namesFrom(identity: VerifiedIdentity) {
  const firstName = providerName(identity.givenName);
  const lastName = providerName(identity.familyName);
  if (firstName || lastName) return { firstName, lastName };
  const [first = '', ...rest] = toSafeLine(identity.name ?? '').split(' ');
  return { firstName: providerName(first), lastName: providerName(rest.join(' ')) };
}

/**
 * Finds the user for a verified (issuer, subject), or creates a GUEST for it. An existing account with
 * the same email is linked only when the issuer is trusted to verify emails and that account has no
 * identity and no password of its own; otherwise the email stays with its owner (EmailInUseError).
 */
export async function findOrCreateOidcUser(
  db: Database,
  identity: VerifiedIdentity,
  trustedIssuers: ReadonlySet<string> = EMAIL_TRUSTED_ISSUERS,
): Promise<string> {
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
    const linkable = trustedIssuers.has(identity.issuer) && !sameEmail.oidcSubject && !sameEmail.passwordHash;
    if (!linkable) throw new EmailInUseError();
    return linkIdentity(db, sameEmail.id, identity);
  }

  const created = await insertUserWithUniqueSlug(db, {
    email: identity.email,
    role: 'GUEST',
    ...namesFrom(identity),
    oidcIssuer: identity.issuer,
    oidcSubject: identity.subject,
  });
  return created.id;
}

/**
 * Links the identity to an account an operator or admin created, and names it from the provider when it
 * has no name yet (`npm run admin -- grant` creates accounts with only an email). The `oidc_subject is
 * null` guard makes two racing first sign-ins link at most once.
 */
async function linkIdentity(db: Database, userId: string, identity: VerifiedIdentity): Promise<string> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .update(users)
      .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject, updatedAt: new Date() })
      .where(and(eq(users.id, userId), sql`${users.oidcSubject} is null`))
      .returning({ id: users.id, slug: users.slug, firstName: users.firstName, lastName: users.lastName });
    if (!linked) throw new EmailInUseError();
    if (!linked.firstName && !linked.lastName) {
      const names = namesFrom(identity);
      await moveSlugOnRename(tx, linked, names);
      await tx.update(users).set(names).where(eq(users.id, linked.id));
    }
    return linked.id;
  });
}
