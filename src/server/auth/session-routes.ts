import { setTimeout } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  authConfigSchema,
  authUserSchema,
  csrfTokenSchema,
  signInResponseSchema,
  signInSchema,
} from '../../domain/auth/contracts';
import { users } from '../db/schema';
import { ownRead } from '../http/own-reads';
import { ConcurrencyLimitExceeded } from '../lib/concurrency-limit';
import { HttpError } from '../lib/http-error';
import { hashPassword, verifyPassword } from '../lib/password';
import { authConfigOf } from './auth-config';
import { toAuthUser } from './auth-user';
import { clearSessionCookie, setSessionCookie } from './cookies';
import { createSession, deleteSession, sessionUserFields } from './session-store';
import { reserveSignInAttempt, settleSuccessfulSignIn } from './sign-in-limiter';

/** Spent on unknown emails too, so a wrong email and a wrong password take the same time. */
const decoyHash = hashPassword('decoy-password-never-matches');

export async function sessionRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const testDomain = config.authTestDomain;

  app.get(
    '/api/auth/config',
    { config: { access: 'public' }, schema: { response: { 200: authConfigSchema } } },
    async (_request, reply) => {
      const body = authConfigOf(config);
      return reply.header('cache-control', 'public, max-age=300').send(body);
    },
  );

  ownRead(
    app,
    '/api/auth/user',
    { config: { access: 'signed-in' }, response: authUserSchema },
    async (user) => toAuthUser(app.database.db, user),
  );

  app.get(
    '/api/csrf-token',
    { config: { access: 'signed-in' }, schema: { response: { 200: csrfTokenSchema } } },
    async (request) => ({ csrfToken: request.session!.csrfToken }),
  );

  app.post(
    '/api/auth/signin',
    {
      // Its own limits (429 with Retry-After, docs/decisions/0040); 401 for a wrong email or password.
      config: { access: 'public', alsoAnswers: [401, 429] },
      schema: { body: signInSchema, response: { 200: signInResponseSchema } },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const db = app.database.db;
      // The attempt is counted before the password is looked at, so parallel guesses cannot overtake it.
      const reservation = await reserveSignInAttempt(db, email, request.ip);
      if ('retryAfterSeconds' in reservation) {
        reply.header('retry-after', String(reservation.retryAfterSeconds));
        throw new HttpError('RATE_LIMITED', AUTH_MESSAGES.tooManyAttempts);
      }
      // An account guessed at from elsewhere is slowed, not refused; the wait comes before the check, so how
      // long an answer takes says nothing about the password.
      if (reservation.delayMs > 0) await setTimeout(reservation.delayMs);

      const eligible = testDomain !== undefined && email.endsWith(`@${testDomain}`);
      const [user] = eligible
        ? await db
            .select({ ...sessionUserFields, passwordHash: users.passwordHash })
            .from(users)
            .where(eq(sql`lower(${users.email})`, email))
            .limit(1)
        : [];
      const ok = await verifyPassword(request.body.password, user?.passwordHash ?? (await decoyHash)).catch(
        (err: unknown) => {
          if (err instanceof ConcurrencyLimitExceeded)
            throw new HttpError('UNAVAILABLE', AUTH_MESSAGES.signInBusy);
          throw err;
        },
      );
      if (!user?.passwordHash || !ok)
        throw new HttpError('UNAUTHENTICATED', AUTH_MESSAGES.invalidCredentials);

      await settleSuccessfulSignIn(db, email, request.ip);
      const session = await createSession(db, user.id);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      const { passwordHash: _hash, ...sessionUser } = user;
      const authUser = await toAuthUser(db, sessionUser);
      // API clients that ask for a bearer token get it once, here; browsers rely on the cookie.
      const wantsBearer = request.headers['x-session-transport'] === 'bearer';
      return wantsBearer ? { ...authUser, accessToken: session.token } : authUser;
    },
  );

  const signedOut = {
    status: 204,
    description: 'Signed out: the session ends and its cookie is cleared; no body.',
  };
  app.post(
    '/api/auth/signout',
    { config: { access: 'signed-in', answer: signedOut } },
    async (request, reply) => {
      await deleteSession(app.database.db, request.session!.sessionId);
      clearSessionCookie(reply, config);
      return reply.code(204).send();
    },
  );
}
