import { createHmac } from 'node:crypto';
import { MIN_FILL_MS } from '../../../domain/visitors/status';
import { safeEqual } from '../../auth/tokens';

/** A visit form stays good for a day; a tab left open longer reloads it. */
const FILL_TOKEN_MS = 24 * 60 * 60 * 1000;

const sign = (secret: string, slug: string, issued: number) =>
  createHmac('sha256', `visit-form:${secret}`).update(`${slug}|${issued}`).digest('base64url');

/**
 * The visit form's token: when the page was handed out, signed, so a post that comes back faster than a person
 * fills the form in is known for a bot's. Not single-use: a visitor who corrects a field sends it again.
 */
export const issueFillToken = (secret: string, slug: string, now = Date.now()) =>
  `${now}.${sign(secret, slug, now)}`;

export type FillCheck = 'ok' | 'too-fast' | 'expired';

export function checkFillToken(secret: string, slug: string, token: string, now = Date.now()): FillCheck {
  const [issuedText = '', signature = ''] = token.split('.');
  const issued = Number(issuedText);
  if (!Number.isSafeInteger(issued) || !safeEqual(signature, sign(secret, slug, issued))) return 'expired';
  if (now - issued > FILL_TOKEN_MS || issued > now + 60_000) return 'expired';
  return now - issued < MIN_FILL_MS ? 'too-fast' : 'ok';
}
