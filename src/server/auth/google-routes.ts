import type { FastifyInstance, FastifyReply } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import type { SignInErrorCode } from '../../domain/auth/contracts';
import { setSessionCookie } from './cookies';
import type { OidcClient } from './oidc/oidc-client';
import { EmailInUseError, emailTrustedIssuers, findOrCreateOidcUser } from './oidc-user';
import { publicOrigin } from './public-origin';
import { createSession } from './session-store';

const TX_COOKIE = 'oidc_tx';
const TX_PATH = '/api/auth/google';
const CALLBACK_PATH = '/api/auth/google/callback';

const transactionSchema = z.object({ verifier: z.string(), state: z.string(), nonce: z.string() });

/** Back to /login with a code; the page shows that code's fixed message, never text from the URL. */
function failToLogin(reply: FastifyReply, code: SignInErrorCode = 'failed') {
  reply.clearCookie(TX_COOKIE, { path: TX_PATH });
  return reply.redirect(`/login?error=${code}`, 302);
}

/** "Continue with Google": OIDC authorization code flow with PKCE (S256), state and nonce. */
export async function googleRoutes(app: FastifyInstance, oidc: OidcClient): Promise<void> {
  const origin = publicOrigin(app.config);
  const redirectUri = `${origin}${CALLBACK_PATH}`;
  const secure = app.config.env === 'production';
  const trustedIssuers = emailTrustedIssuers(app.config.oidc);

  const toProvider = { status: 302, description: "Redirects to the provider's sign-in page." };
  app.get(
    '/api/auth/google',
    { config: { access: 'public', answer: toProvider } },
    async (request, reply) => {
      // The transaction cookie must live on the origin the provider will send the browser back to.
      const requestOrigin = `${request.protocol}://${request.host}`;
      if (requestOrigin !== origin) return reply.redirect(`${origin}/api/auth/google`, 302);

      let configuration: client.Configuration;
      try {
        configuration = await oidc.configuration();
      } catch (err) {
        request.log.error({ err }, 'identity provider discovery failed');
        return failToLogin(reply, 'unavailable');
      }
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      reply.setCookie(TX_COOKIE, JSON.stringify({ verifier, state, nonce }), {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: TX_PATH,
        maxAge: 10 * 60,
        signed: true,
      });
      return reply.redirect(url.href, 302);
    },
  );

  const back = {
    status: 302,
    description: 'Redirects into the app signed in, or to `/login?error=<code>` when the sign-in is refused.',
  };
  app.get(
    '/api/auth/google/callback',
    { config: { access: 'public', answer: back, openQuery: true } },
    async (request, reply) => {
      const raw = request.cookies[TX_COOKIE];
      // One transaction, one use: the cookie is gone before the code is exchanged.
      reply.clearCookie(TX_COOKIE, { path: TX_PATH });
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      const parsed = unsigned?.valid && unsigned.value ? safeJson(unsigned.value) : undefined;
      const tx = transactionSchema.safeParse(parsed);
      if (!tx.success) return failToLogin(reply, 'expired');

      const query = request.query as Record<string, string | undefined>;
      if (query.error) {
        return failToLogin(reply, query.error === 'access_denied' ? 'cancelled' : 'failed');
      }

      try {
        const configuration = await oidc.configuration();
        const tokens = await client.authorizationCodeGrant(configuration, new URL(request.url, origin), {
          pkceCodeVerifier: tx.data.verifier,
          expectedState: tx.data.state,
          expectedNonce: tx.data.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) return failToLogin(reply);
        // Google puts email in the ID token; a provider that conforms strictly serves it from userinfo.
        const claims =
          typeof idClaims.email === 'string'
            ? idClaims
            : {
                ...idClaims,
                ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)),
              };
        if (typeof claims.email !== 'string') return failToLogin(reply);
        if (claims.email_verified !== true) return failToLogin(reply, 'unverified');

        const userId = await findOrCreateOidcUser(
          app.database.db,
          {
            issuer: idClaims.iss,
            subject: idClaims.sub,
            email: claims.email,
            givenName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
            familyName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
            name: typeof claims.name === 'string' ? claims.name : undefined,
          },
          trustedIssuers,
        );
        const session = await createSession(app.database.db, userId);
        setSessionCookie(reply, app.config, session.token, session.expiresAt);
        return reply.redirect('/auth-success?signin=success', 302);
      } catch (err) {
        if (err instanceof EmailInUseError) {
          request.log.warn('OIDC sign-in refused: the email belongs to another account');
          return failToLogin(reply, 'email_in_use');
        }
        request.log.warn({ err }, 'OIDC callback refused');
        return failToLogin(reply);
      }
    },
  );
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
