import { createHmac } from 'node:crypto';
import { isNotificationKind, type NotificationKind } from '../../../domain/notifications/kinds';
import { safeEqual } from '../../auth/tokens';
import { isUuid } from '../../lib/uuid';

/**
 * The one-click unsubscribe link's token: `userId.kind.signature`, an HMAC under a key derived from the
 * session secret. It never expires (old emails keep working) and only ever switches one kind's email off.
 */
const sign = (secret: string, payload: string) =>
  createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: NotificationKind } | undefined {
  const [userId, kind, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !kind || !signature) return undefined;
  if (!isUuid(userId) || !isNotificationKind(kind)) return undefined;
  return safeEqual(signature, sign(secret, `${userId}.${kind}`)) ? { userId, kind } : undefined;
}

/** The address in every email's footer and List-Unsubscribe header. */
export const unsubscribeUrl = (origin: string, secret: string, userId: string, kind: NotificationKind) =>
  `${origin}/email/unsubscribe?token=${unsubscribeToken(secret, userId, kind)}`;
