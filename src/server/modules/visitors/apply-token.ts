import { createHmac } from 'node:crypto';
import { safeEqual } from '../../auth/tokens';
import { isUuid } from '../../lib/uuid';

/**
 * The "Apply" link's token in a visitor's thank-you email: the visitor's id, signed under its own purpose. It
 * fills the application form with what they told us (once they are signed in) and links the application to
 * their visitor record; it opens nothing else.
 */
const sign = (secret: string, visitorId: string) =>
  createHmac('sha256', `visitor-apply:${secret}`).update(visitorId).digest('base64url').slice(0, 22);

export const applyToken = (secret: string, visitorId: string) => `${visitorId}.${sign(secret, visitorId)}`;

export function readApplyToken(secret: string, token: string): string | null {
  const [visitorId = '', signature = '', ...rest] = token.trim().split('.');
  if (rest.length > 0 || !isUuid(visitorId)) return null;
  return safeEqual(signature, sign(secret, visitorId)) ? visitorId : null;
}
