import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../domain/roles/access';
import { sessionCookieName } from '../auth/cookies';
import { API_DOCS_CSS } from './api-docs-theme';

const OPENAPI_PATH = '/api/openapi.json';
const API_DOCS_PATH = '/api/docs';

/**
 * Paths that are not the API: the web app's pages and files, the reference page's own files, and the
 * development-only sign-in provider and mailbox (never on in production).
 */
const UNDOCUMENTED = [/^\/\*$/, /^\/assets\//, /^\/api\/docs(\/|$)/, /^\/dev(-idp)?(\/|$)/];

const SIGN_IN = `Sign in with \`POST /api/auth/signin\` and the header \`X-Session-Transport: bearer\` (accounts of the
password test domain), or through "Continue with Google" in a browser. The JSON answer then carries
\`accessToken\`: send it as \`Authorization: Bearer <accessToken>\` on every call. Bearer calls need no CSRF token;
calls carrying the browser's session cookie must send \`X-CSRF-Token\` (from \`GET /api/csrf-token\`) on every write.
Errors answer \`{code, message}\` (\`UNAUTHENTICATED\`, \`FORBIDDEN\`, \`CSRF\`, \`NOT_FOUND\`, \`CONFLICT\`,
\`RATE_LIMITED\` with \`Retry-After\`, ...).`;

const accessText = (access: RouteAccess | undefined) =>
  access === 'public'
    ? 'Anyone.'
    : access === 'signed-in'
      ? 'Any signed-in account.'
      : access
        ? `Signed in with the role ${access.minRole} or above.`
        : 'Refused: the route declares no access.';

/**
 * OpenAPI 3.1 built from the routes' own zod schemas (the type provider's transform), served at
 * /api/openapi.json, with a reference page at /api/docs. Registered before the routes: the document lists
 * those registered after it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.networkName} API`,
        version: '1',
        description: `The API the web app itself uses.\n\n${SIGN_IN}`,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: SIGN_IN },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: sessionCookieName(app.config) },
        },
      },
    },
    hideUntagged: false,
    transform: (input) => {
      const route = input.route as RouteOptions & { config?: { access?: RouteAccess } };
      const transformed = jsonSchemaTransform(input);
      const url = transformed.url;
      const schema = transformed.schema ?? {};
      if (UNDOCUMENTED.some((pattern) => pattern.test(url)))
        return { schema: { ...schema, hide: true }, url };
      const access = route.config?.access;
      const signedIn = access !== undefined && access !== 'public';
      return {
        url,
        schema: {
          ...schema,
          tags: [url.split('/')[url.startsWith('/api/') ? 2 : 1] || 'site'],
          description: [schema.description, `Who may call: ${accessText(access)}`]
            .filter(Boolean)
            .join('\n\n'),
          ...(signedIn ? { security: [{ bearerAuth: [] }, { cookieAuth: [] }] } : {}),
        },
      };
    },
  });

  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  // The reference page's routes come from the plugin: each is declared public before the app records it.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      // The page without Swagger's top bar (its logo, address box and dark-mode switch have no accessible
      // names) and without deep links (a link inside each operation's button is nested interactive).
      uiConfig: { url: OPENAPI_PATH, layout: 'BaseLayout', deepLinking: false },
      theme: {
        title: `${app.config.networkName} API`,
        css: [{ filename: 'theme.css', content: API_DOCS_CSS }],
      },
    });
  });
}
