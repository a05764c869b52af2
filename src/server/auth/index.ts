import type { FastifyInstance } from 'fastify';
import { demoAccountRoutes } from './demo-accounts';
import { googleRoutes } from './google-routes';
import { mountDevProvider } from './oidc/dev-provider';
import { createOidcClient, devProviderSettings, type OidcSettings } from './oidc/oidc-client';
import { publicOrigin } from './public-origin';
import { registerRequestAuth } from './request-auth';
import { sessionRoutes } from './session-routes';
import { sha256 } from './tokens';

/** Sign-in, sessions and access control. */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  registerRequestAuth(app);

  const { config } = app;
  const origin = publicOrigin(config);
  let settings: OidcSettings | undefined = config.oidc ? { ...config.oidc, inProcess: false } : undefined;
  if (!settings) {
    // No provider configured: mount the development provider and point the same client code at it.
    const devSecret = sha256(`dev-client:${config.sessionSecret}`);
    await mountDevProvider(app, {
      issuer: `${origin}/dev-idp`,
      clientSecret: devSecret,
      redirectUri: `${origin}/api/auth/google/callback`,
      cookieSecret: config.sessionSecret,
      trustProxy: Boolean(config.trustProxy),
    });
    settings = devProviderSettings(origin, devSecret);
  }

  await app.register(sessionRoutes);
  await app.register(demoAccountRoutes);
  const oidc = createOidcClient(app, settings);
  await app.register((scope) => googleRoutes(scope, oidc));
}
