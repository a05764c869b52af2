import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../domain/auth/contracts';
import { MESSAGES } from '../../domain/messages';
import { hasRole } from '../../domain/roles/roles';
import { narrowLock } from '../db/chapter-lock';
import { lockScopeOf } from '../db/chapter-scope';
import { HttpError } from '../lib/http-error';
import { actingChapterOf } from './acting-chapter';
import { sessionCookieName } from './cookies';
import { startSessionCache } from './session-cache';
import { findSessionByHash } from './session-store';
import { safeEqual, sha256 } from './tokens';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/**
 * One onRequest hook, before any body is read: who is calling (bearer or cookie session), whether a
 * cookie-borne unsafe request carries the session's CSRF token and is not cross-site, and whether the
 * route's declared access admits them. 401 beats 400, so bad input from a stranger reveals nothing.
 */
export function registerRequestAuth(app: FastifyInstance): void {
  const cookieName = sessionCookieName(app.config);
  const sessions = startSessionCache(app);
  // A read may reuse a session this instance loaded seconds ago; a write always reads it fresh.
  const sessionOf = (token: string, fresh: boolean) => {
    const tokenHash = sha256(token);
    const load = () => findSessionByHash(app.database.db, tokenHash);
    return fresh ? load() : sessions.read(tokenHash, load);
  };
  app.decorate('signedInUserOf', async (request: FastifyRequest) => {
    const token = request.cookies[cookieName];
    const session = token ? await sessionOf(token, false) : undefined;
    return session ? actingChapterOf(app.database.db, request, session.user) : undefined;
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    const unsafe = UNSAFE_METHODS.has(request.method);
    // A public read never needs to know who is asking: assets, pages and the directory skip the lookup.
    const needsSession = unsafe || (access !== 'public' && !request.is404);
    const bearer = bearerToken(request);
    const token = needsSession ? (bearer ?? request.cookies[cookieName]) : undefined;
    if (token) {
      const session = await sessionOf(token, unsafe);
      if (session) {
        request.session = session;
        request.user = await actingChapterOf(app.database.db, request, session.user);
        request.authMethod = bearer ? 'bearer' : 'cookie';
      }
    }

    if (unsafe && request.authMethod !== 'bearer') {
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') throw new HttpError('CSRF', AUTH_MESSAGES.crossSite);
      // A server-rendered form checks its own page-bound token instead (docs/decisions/0018).
      if (request.session && !request.routeOptions.config.form) {
        const sent = request.headers['x-csrf-token'];
        if (typeof sent !== 'string' || !safeEqual(sent, request.session.csrfToken)) {
          throw new HttpError('CSRF', AUTH_MESSAGES.csrfInvalid);
        }
      }
    }

    if (request.is404 || access === 'public') return;
    if (access === undefined) {
      // A route without a declaration is a bug; refuse rather than guess.
      request.log.error({ url: request.routeOptions.url }, 'route declares no access');
      throw new HttpError('FORBIDDEN', MESSAGES.forbidden);
    }
    if (!request.user) throw new HttpError('UNAUTHENTICATED', AUTH_MESSAGES.signInRequired);
    if (access !== 'signed-in' && !hasRole(request.user.role, access.minRole)) {
      throw new HttpError('FORBIDDEN', MESSAGES.forbidden);
    }
    // The second lock: from here on, PostgreSQL itself keeps this request to the caller's chapters.
    if (request.routeOptions.config.chapterReach !== 'agency')
      narrowLock(lockScopeOf(request.user), request.user.id);
  });
}
