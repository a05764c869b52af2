import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { DEV_CLIENT_ID, DEV_IDP_PREFIX } from './dev-provider';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** The built-in development provider answers inside this process. */
  inProcess: boolean;
}

/**
 * Discovery is lazy and cached: the provider may be this very process (not listening yet at build
 * time) or Google (a network hop we do not want on start-up). A failure is not cached.
 */
export function createOidcClient(app: FastifyInstance, settings: OidcSettings) {
  let pending: Promise<client.Configuration> | undefined;

  // Requests to the in-process provider go through app.inject: no socket, no dependency on the
  // public URL being reachable from the server itself.
  const inProcessFetch: client.CustomFetch = async (url, options) => {
    const target = new URL(url);
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: {
        ...options.headers,
        host: target.host,
        'x-forwarded-proto': target.protocol.replace(':', ''),
      },
      payload:
        options.body instanceof URLSearchParams
          ? options.body.toString()
          : (options.body as string | undefined),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined) headers.append(name, String(item));
    }
    const body = [204, 304].includes(response.statusCode) ? null : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers });
  };

  async function discover(): Promise<client.Configuration> {
    const options: client.DiscoveryRequestOptions = {};
    if (settings.inProcess) options[client.customFetch] = inProcessFetch;
    // Plain http only where traffic never leaves the machine: the in-process provider, or one on loopback.
    if (settings.inProcess || isLoopback(settings.issuer)) options.execute = [client.allowInsecureRequests];
    return client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      // The development provider signs with an EC key (instant to generate at start; RSA took up to 0.3 s).
      settings.inProcess ? { id_token_signed_response_alg: 'ES256' } : undefined,
      client.ClientSecretPost(settings.clientSecret),
      options,
    );
  }

  return {
    configuration(): Promise<client.Configuration> {
      pending ??= discover().catch((err) => {
        pending = undefined;
        throw err;
      });
      return pending;
    },
  };
}

const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

export type OidcClient = ReturnType<typeof createOidcClient>;

export function devProviderSettings(origin: string, clientSecret: string): OidcSettings {
  return { issuer: `${origin}${DEV_IDP_PREFIX}`, clientId: DEV_CLIENT_ID, clientSecret, inProcess: true };
}
