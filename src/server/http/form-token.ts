import { createHmac, randomBytes } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { safeEqual } from '../auth/tokens';
import { type Database, selectRows } from '../db/client';
import { formTokenUses } from '../db/schema';

/** Long enough to read a page and fill a form in; a stale tab just gets the form again. */
const FORM_TOKEN_MS = 60 * 60 * 1000;
export const FORM_TOKEN_FIELD = 'form_token';

const sign = (secret: string, page: string, nonce: string, expires: number) =>
  createHmac('sha256', `form:${secret}`).update(`${page}|${nonce}|${expires}`).digest('base64url');

/**
 * A token for a form this server renders, bound to the page it sits on (`page` names it, for example
 * `unsubscribe:<link token>`), not to any session: the form works the same with or without a signed-in
 * browser (docs/decisions/0018). Put it in the form as a hidden `form_token` field.
 */
export function issueFormToken(secret: string, page: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  const expires = now + FORM_TOKEN_MS;
  return `${nonce}.${expires}.${sign(secret, page, nonce, expires)}`;
}

/**
 * True once for a token issued for this page and not expired: the first use is recorded, so a replayed
 * or double-submitted form is refused. A forged, altered, foreign-page or expired token is refused too.
 */
export async function consumeFormToken(
  db: Database,
  secret: string,
  page: string,
  token: unknown,
): Promise<boolean> {
  if (typeof token !== 'string') return false;
  const [nonce, expiresText, signature, ...rest] = token.split('.');
  const expires = Number(expiresText);
  if (!nonce || !signature || rest.length > 0 || !Number.isSafeInteger(expires)) return false;
  if (!safeEqual(signature, sign(secret, page, nonce, expires)) || expires <= Date.now()) return false;
  const claimed = await selectRows<{ nonce: string }>(
    db,
    sql`insert into form_token_uses (nonce, expires_at) values (${nonce}, ${new Date(expires)})
        on conflict (nonce) do nothing returning nonce`,
  );
  return claimed.length === 1;
}

/** Spent tokens past their expiry could not be used anyway; the jobs' slow tick sweeps them. */
export async function deleteExpiredFormTokenUses(db: Database): Promise<void> {
  await db.delete(formTokenUses).where(lt(formTokenUses.expiresAt, sql`now()`));
}

/** The hidden field for a form's HTML; the token is base64url and digits only, so it needs no escaping. */
export const formTokenField = (token: string) =>
  `<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${token}">`;

/** Reads `application/x-www-form-urlencoded` bodies (the HTML forms above) into a record of strings. */
export function acceptFormBodies(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
