import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_STATUS } from '../../domain/errors';
import type { RouteAccess } from '../../domain/roles/access';
import type { Role } from '../../domain/roles/roles';
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

const accessText = (access: RouteAccess | undefined, ownBelow: Role | undefined) =>
  access === 'public'
    ? 'Anyone.'
    : access === 'signed-in'
      ? 'Any signed-in account.'
      : access
        ? `Signed in with the role ${access.minRole} or above${
            ownBelow ? `; below ${ownBelow}, only for one's own records (anyone else's answers 403)` : ''
          }.`
        : 'Refused: the route declares no access.';

/** Media types of the routes that answer a file rather than JSON, by the path's extension. */
const FILE_TYPES: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  xml: 'application/xml',
  png: 'image/png',
};

/**
 * The success answer of a route that declares none (a file, a page, a redirect, a 204): what its
 * `config.answer` says, else no body for a delete, else the file type of its path's extension. A route with
 * none of these is left without a 2xx answer, which the document's test refuses.
 */
function undeclaredSuccess(route: DocumentedRoute): Record<string, unknown> {
  const methods = [route.method].flat();
  const answer =
    route.config?.answer ??
    (methods.includes('DELETE') ? { status: 204, description: 'Done; no body.' } : fileAnswer(route.url));
  if (!answer) return {};
  return {
    [answer.status]: {
      description: answer.description,
      ...(answer.type ? { content: { [answer.type]: { schema: { type: 'string' } } } } : {}),
    },
  };
}

function fileAnswer(url: string) {
  const type = FILE_TYPES[/\.([a-z]+)$/.exec(url)?.[1] ?? ''];
  return type ? { status: 200, type, description: `The file (${type}).` } : undefined;
}

const VERBS: Record<string, string> = {
  GET: 'Read',
  POST: 'Send',
  PUT: 'Replace',
  PATCH: 'Change',
  DELETE: 'Delete',
};
/** The words of a path, its parameters as "by x": `/api/referrals/{id}/history` gives `referrals by id history`. */
const pathWords = (url: string) =>
  url
    .split('/')
    .filter((part) => part && part !== 'api')
    .map((part) => part.replace(/^\{(.+)\}$/, 'by $1').replace(/[-_.]/g, ' '));

/**
 * An operation's id for generated clients, unique as method and path are: `getReferralsByIdHistory`. A route
 * may name its own (`schema.operationId`).
 */
export function operationIdOf(method: string, url: string): string {
  const words = [method.toLowerCase(), ...pathWords(url).flatMap((part) => part.split(' '))];
  return words
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('')
    .replace(/[^A-Za-z0-9]/g, '');
}

/** A route's one-line summary when it declares none (`schema.summary`): `Read referrals by id history`. */
export const summaryOf = (method: string, url: string) =>
  [VERBS[method] ?? method, ...pathWords(url)].join(' ');

/** Either way of being signed in: the bearer token or the session cookie. */
const SIGNED_IN_SECURITY: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

/** Fastify's wildcard `/uploads/*` as a named OpenAPI parameter (`*` is not a valid parameter name). */
const WILDCARD_NAME = 'path';

/** The one shape every error answers (`ErrorBody` in src/domain/errors.ts). */
const ERROR_BODY = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    message: { type: 'string', description: 'Said to the person as it is.' },
    fieldErrors: {
      type: 'object',
      description: 'With VALIDATION: the messages of each field that failed, by its path.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
} as const;

const REFUSALS: Record<number, string> = {
  400: 'VALIDATION: the input breaks a rule; `fieldErrors` says which field and why. Nothing changed.',
  401: 'UNAUTHENTICATED: not signed in, or the session has ended.',
  403: "FORBIDDEN: the role is below what the route needs, or the record is not the caller's; CSRF: a write with the session cookie but without `X-CSRF-Token`.",
  404: "NOT_FOUND: no such record where the caller may see it (another chapter's answers the same), or an unknown `X-Acting-Chapter`.",
  409: "CONFLICT or ALREADY_SUBMITTED: the record's state does not allow it now (closed, decided, changed meanwhile); nothing changed.",
  413: 'PAYLOAD_TOO_LARGE: the body is larger than the route accepts.',
  415: "UNSUPPORTED_MEDIA: the body's content type is not one the route reads.",
  429: 'RATE_LIMITED: too many calls; `Retry-After` says in how many seconds to try again.',
  503: 'UNAVAILABLE: the database cannot be reached or the server is busy; `Retry-After` says when to try again.',
};

/** The names of the shared refusal answers in `components.responses`, by status. */
const refusalName = (status: string) => `Refused${status}`;

/**
 * Every operation's refusals point at one shared answer per status (`components.responses`) instead of
 * repeating the error shape in each: the document stays small enough for the reference page to render fast.
 */
function sharedRefusals<T extends { paths?: object; components?: object }>(document: T): T {
  const responses: Record<string, unknown> = {};
  for (const operations of Object.values(document.paths ?? {}) as Record<
    string,
    { responses?: Record<string, unknown> }
  >[])
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (
          !(Number(status) in REFUSALS) ||
          (answer as { description?: string }).description !== REFUSALS[Number(status)]
        )
          continue;
        responses[refusalName(status)] ??= answer;
        operation.responses![status] = { $ref: `#/components/responses/${refusalName(status)}` };
      }
    }
  return { ...document, components: { ...document.components, responses } };
}

type DocumentedRoute = RouteOptions & { config?: FastifyContextConfig };

/**
 * The refusals a route can answer, from what it declares: its input (400, and 413/415 with a body), its access
 * (401, 403 for a signed-in route; 403 for any write, whose cookie needs a CSRF token), a record named in its path
 * or by a wildcard path, or a chapter picked by header (404), a write against the current state (409), its rate
 * limit (429), and the database (503). A route adds any other it answers with `config.alsoAnswers`.
 */
export function refusalsOf(route: DocumentedRoute): number[] {
  const methods = [route.method].flat();
  const write = methods.some((m) => m !== 'GET' && m !== 'HEAD');
  const signedIn = route.config?.access !== undefined && route.config.access !== 'public';
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const statuses = new Set<number>([503, ...(route.config?.alsoAnswers ?? [])]);
  if (schema.body || schema.querystring || schema.params) statuses.add(400);
  // Any write may carry a body: one too large, or of a type no route reads, is refused before the route runs.
  if (write) for (const status of [413, 415]) statuses.add(status);
  if (signedIn) for (const status of [401, 403, 404]) statuses.add(status);
  if (write) for (const status of [403, 409]) statuses.add(status);
  if (/:[A-Za-z]|\*$/.test(route.url)) statuses.add(404);
  if (route.config?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * OpenAPI 3.1 built from the routes' own zod schemas (the type provider's transform), served at
 * /api/openapi.json, with a reference page at /api/docs. Registered before the routes: the document lists
 * those registered after it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      // The site's own origin (PUBLIC_URL), else wherever the document was read from.
      servers: [{ url: app.config.publicUrl ?? '/', description: app.config.networkName }],
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
    transformObject: (documents) =>
      'openapiObject' in documents ? sharedRefusals(documents.openapiObject) : documents.swaggerObject,
    transform: (input) => {
      const route = input.route as DocumentedRoute;
      const transformed = jsonSchemaTransform(input);
      const url = transformed.url;
      const schema = transformed.schema ?? {};
      if (UNDOCUMENTED.some((pattern) => pattern.test(url)))
        return { schema: { ...schema, hide: true }, url };
      const access = route.config?.access;
      const signedIn = access !== undefined && access !== 'public';
      const declared = (schema.response ?? {}) as Record<string, unknown>;
      const succeeds = Object.keys(declared).some((status) => status.startsWith('2'));
      const response = { ...(succeeds ? {} : undeclaredSuccess(route)), ...declared };
      for (const status of refusalsOf(route))
        response[status] ??= { description: REFUSALS[status], ...ERROR_BODY };
      const method = [route.method].flat()[0] ?? 'GET';
      const wildcard = url.endsWith('*');
      const documentedUrl = wildcard ? `${url.slice(0, -1)}:${WILDCARD_NAME}` : url;
      const openApiUrl = documentedUrl.replace(/:([A-Za-z]+)/g, '{$1}');
      return {
        url: documentedUrl,
        schema: {
          ...schema,
          ...(wildcard
            ? {
                params: {
                  type: 'object',
                  required: [WILDCARD_NAME],
                  properties: { [WILDCARD_NAME]: { type: 'string', description: 'The rest of the path.' } },
                },
              }
            : {}),
          response,
          operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, openApiUrl),
          summary: (schema.summary as string | undefined) ?? summaryOf(method, openApiUrl),
          tags: [url.split('/')[url.startsWith('/api/') ? 2 : 1] || 'site'],
          description: [schema.description, `Who may call: ${accessText(access, route.config?.ownBelow)}`]
            .filter(Boolean)
            .join('\n\n'),
          // A public operation says so: no security requirement, rather than none stated.
          security: signedIn ? SIGNED_IN_SECURITY : [],
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
