import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Configuration, KoaContextWithOIDC, default as OidcProvider } from 'oidc-provider';
import { toSafeLine } from '../../../domain/text';
import { acceptFormBodies, consumeFormToken, FORM_TOKEN_FIELD, issueFormToken } from '../../http/form-token';
import { RATE_LIMITS } from '../../http/rate-limits';
import { sha256 } from '../tokens';
import { renderDevSignInExpiredPage, renderDevSignInPage } from './dev-sign-in-page';

export const DEV_IDP_PREFIX = '/dev-idp';
export const DEV_CLIENT_ID = 'noco-network-dev';

interface DevAccount {
  sub: string;
  email: string;
  name: string;
}

export interface DevProviderOptions {
  issuer: string;
  clientSecret: string;
  redirectUri: string;
  cookieSecret: string;
  trustProxy: boolean;
}

/** The subject is derived from the email, so the same person keeps the same account across restarts. */
const subjectFor = (email: string) => sha256(`dev-idp:${email.toLowerCase()}`).slice(0, 24);

function splitName(name: string) {
  const [given = '', ...rest] = name.trim().split(/\s+/);
  return { given_name: given, family_name: rest.join(' ') };
}

/** What oidc-provider always says here (its in-memory store; an unsupported Node); anything else still prints. */
const EXPECTED_WARNINGS = ['Unsupported runtime', 'in-memory adapter'];

/** Loads oidc-provider (only when the development provider is used) and builds it, without the expected noise. */
export async function createQuietProvider(
  issuer: string,
  configuration: Configuration,
): Promise<OidcProvider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : '';
    if (text.includes('oidc-provider') && EXPECTED_WARNINGS.some((w) => text.includes(w))) return;
    warn(...args);
  };
  try {
    const { default: Provider } = await import('oidc-provider');
    return new Provider(issuer, configuration);
  } finally {
    console.warn = warn;
  }
}

const DEV_FORM_EXPIRED = 'This form was open too long or was already sent. Please try again.';

/** An interaction that is unknown or expired gets a page saying so, with a way back, never a hung request. */
function sendExpired(reply: FastifyReply) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(renderDevSignInExpiredPage());
}

/**
 * A certified OpenID Provider standing in for Google on a machine with no provider configured, so
 * "Continue with Google" runs the very same client code path in development and end-to-end tests.
 */
export async function mountDevProvider(app: FastifyInstance, options: DevProviderOptions): Promise<void> {
  const accounts = new Map<string, DevAccount>();
  // P-256 (ES256): generated in well under a millisecond, where RSA-2048 cost 60-340 ms on every start.
  const { privateKey } = await promisify(generateKeyPair)('ec', { namedCurve: 'P-256' });

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [privateKey.export({ format: 'jwk' }) as never] },
    cookies: { keys: [options.cookieSecret] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PREFIX}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          // A test hook: an address starting with "unverified" comes back unverified.
          email_verified: !account.email.startsWith('unverified'),
          name: account.name,
          ...splitName(account.name),
        }),
      };
    },
    // First-party development client: consent is implied, as it is for a first-party Google app.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Sign-in error: ${out.error}${out.error_description ? ` - ${out.error_description}` : ''}`;
    },
  };

  // Built on the first sign-in rather than at start: loading oidc-provider costs ~0.2 s of every start.
  let pending:
    | Promise<{ provider: OidcProvider; callback: ReturnType<OidcProvider['callback']> }>
    | undefined;
  const load = () => {
    pending ??= createQuietProvider(options.issuer, configuration).then((provider) => {
      provider.proxy = options.trustProxy;
      return { provider, callback: provider.callback() };
    });
    return pending;
  };
  app.log.info(
    `Development sign-in provider is on at ${DEV_IDP_PREFIX}: "Continue with Google" accepts any email typed there.`,
  );
  /** The interaction behind this request, or undefined when it is unknown or has expired. */
  const findInteraction = async (request: Pick<FastifyRequest, 'raw'>, reply: FastifyReply) => {
    try {
      return await (await load()).provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return undefined;
    }
  };

  // Both forms carry a one-time token bound to this interaction, never to the app's session: signing in
  // while another account's session cookie is in the browser works (docs/decisions/0018).
  const formTokenFor = (uid: string) => issueFormToken(options.cookieSecret, `dev-sign-in:${uid}`);
  const spendFormToken = (request: { params: { uid: string }; body?: Record<string, string> }) =>
    consumeFormToken(
      app.database.db,
      options.cookieSecret,
      `dev-sign-in:${request.params.uid}`,
      request.body?.[FORM_TOKEN_FIELD],
    );

  /** The form again, with a fresh token, what was typed, and what to fix (400). */
  const showFormAgain = (
    reply: FastifyReply,
    uid: string,
    error: string,
    typed: { email?: string; name?: string } = {},
  ) =>
    reply
      .code(400)
      .type('text/html; charset=utf-8')
      .send(
        renderDevSignInPage({ uid, formToken: formTokenFor(uid), prefix: DEV_IDP_PREFIX, error, ...typed }),
      );

  // The sign-in page where a person types an email and a name.
  await app.register(async (scope) => {
    acceptFormBodies(scope, 16 * 1024);

    scope.get<{ Params: { uid: string } }>(
      `${DEV_IDP_PREFIX}/interaction/:uid`,
      { config: { access: 'public' } },
      async (request, reply) => {
        const details = await findInteraction(request, reply);
        if (!details) return sendExpired(reply);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            renderDevSignInPage({
              uid: details.uid,
              formToken: formTokenFor(details.uid),
              prefix: DEV_IDP_PREFIX,
            }),
          );
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${DEV_IDP_PREFIX}/interaction/:uid/login`,
      { config: { access: 'public', form: true, rateLimit: RATE_LIMITS.signInForm } },
      async (request, reply) => {
        if (!(await findInteraction(request, reply))) return sendExpired(reply);
        const email = toSafeLine(request.body?.email ?? '').toLowerCase();
        const name = toSafeLine(request.body?.name ?? '');
        const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && name.length > 0 && name.length <= 100;
        const fresh = await spendFormToken(request);
        if (!valid || !fresh) {
          const error = fresh ? 'Enter a valid email and your name.' : DEV_FORM_EXPIRED;
          return showFormAgain(reply, request.params.uid, error, { email, name });
        }
        const sub = subjectFor(email);
        accounts.set(sub, { sub, email, name });
        reply.hijack();
        await (await load()).provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: sub } },
          {
            mergeWithLastSubmission: false,
          },
        );
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${DEV_IDP_PREFIX}/interaction/:uid/abort`,
      { config: { access: 'public', form: true } },
      async (request, reply) => {
        if (!(await findInteraction(request, reply))) return sendExpired(reply);
        if (!(await spendFormToken(request)))
          return showFormAgain(reply, request.params.uid, DEV_FORM_EXPIRED);
        reply.hijack();
        await (await load()).provider.interactionFinished(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });

  // Everything else under the prefix belongs to oidc-provider itself; it reads its own request bodies.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${DEV_IDP_PREFIX}/*`, { config: { access: 'public' } }, async (request, reply) => {
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice(DEV_IDP_PREFIX.length) || '/';
      // Loaded before hijacking: a failure to load still gets an answer from Fastify's error handler.
      const { callback } = await load();
      reply.hijack();
      await callback(raw, reply.raw);
    });
  });
}
