import type { FastifyReply } from 'fastify';
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
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: '/',
  });
}
