import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { createQuietProvider } from '../auth/oidc/dev-provider';

export interface IssuerPerson {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface TestIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next authorization request. */
  signInAs(person: IssuerPerson): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on loopback, standing in for Google: the app reaches it by
 * discovery over HTTP, as it reaches Google. Its login step signs in the person the test chose, with the
 * `email_verified` the test chose, and consent is implied as for a first-party client.
 */
export async function startTestIssuer(redirectUri: string): Promise<TestIssuer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'noco-network-test';
  const clientSecret = 'test-issuer-client-secret-0123456789';
  let person: IssuerPerson | undefined;
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  const provider = await createQuietProvider(issuer, {
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [privateKey.export({ format: 'jwk' }) as never] },
    cookies: { keys: ['test-issuer-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) =>
      person && sub === `sub-${person.email.toLowerCase()}`
        ? {
            accountId: sub,
            claims: async () => ({
              sub,
              email: person!.email,
              email_verified: person!.emailVerified,
              given_name: person!.givenName,
              family_name: person!.familyName,
            }),
          }
        : undefined,
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // The login page: the chosen person signs in at once.
    if (req.url?.startsWith('/interaction/') && person) {
      void provider.interactionFinished(req, res, {
        login: { accountId: `sub-${person.email.toLowerCase()}` },
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (next) => {
      person = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Follows the provider's redirects with its cookies, as a browser would, until it sends the browser back to `origin`. */
export async function followProviderUntil(origin: string, start: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(origin)) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${url} without a redirect`);
    url = new URL(location, url).href;
  }
  throw new Error('the provider never sent the browser back');
}
