import type { FastifyReply } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '../../domain/auth/signed-in-hint';
import type { AppConfig } from '../config';

/** `__Host-` pins the cookie to this exact origin over HTTPS; development has no HTTPS. */
export function sessionCookieName(config: AppConfig): string {
  return config.env === 'production' ? '__Host-sid' : 'sid';
}

export function setSessionCookie(
  reply: FastifyReply,
  config: AppConfig,
  token: string,
  expiresAt: Date,
): void {
  const secure = config.env === 'production';
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
  // Readable by the web app on purpose: it says only that a session was opened (no secret in it).
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  const secure = config.env === 'production';
  reply.clearCookie(sessionCookieName(config), { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}
