import './types';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '../domain/messages';
import type { RouteAccess } from '../domain/roles/access';
import { registerAuth } from './auth';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { registerChapterLockContext } from './http/chapter-lock-context';
import { registerDrain } from './http/draining';
import { registerErrorHandler } from './http/error-handler';
import { trackInFlight } from './http/in-flight';
import { registerOpenApi } from './http/openapi';
import { registerRateLimits } from './http/rate-limits';
import { registerRequestIdHeader, requestIdOf } from './http/request-id';
import { createModulePreloads } from './http/route-preloads';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { refuseUnknownQueryParameters } from './http/strict-query';
import { escapeHtml } from './lib/escape-html';
import { projectRoot } from './lib/project-root';
import { FEATURE_ROUTES } from './modules';
import { type JobIntervals, startNotificationJobs } from './modules/jobs/notification-jobs';
import { createIndexRenderer } from './modules/link-previews/render-index';
import { createDirectoryCache, hearDirectoryChanges } from './modules/members/directory-cache';
import { registerMetrics } from './modules/metrics/routes';
import { devMailboxRoutes } from './modules/notifications/dev-mailbox';
import {
  type MailTransport,
  mailboxTransport,
  smtpTransport,
} from './modules/notifications/email/mail-transport';
import { createStorage, type ObjectStorage } from './storage';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Folder of the built SPA; defaults to dist/web. */
  webRoot?: string;
  /** Extra routes registered inside the app (tests use it to add routes that fail on purpose). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  /** Where log lines go (tests read them); defaults to stdout. */
  logStream?: { write(line: string): void };
  /** Where pictures are stored; defaults to what the config says (S3 or a folder under DATA_DIR). */
  storage?: ObjectStorage;
  /** Where notification email goes; defaults to SMTP_URL, else the local mailbox. */
  mailTransport?: MailTransport;
  /**
   * Run the notification email worker and the referral nudges in this instance (the server does; most
   * tests drive them by hand instead). `true` uses the default intervals.
   */
  runJobs?: boolean | JobIntervals;
  /**
   * The per-member and per-address limits (on unless false). Only tests that drive hundreds of writes
   * through one member on purpose (races, outages) turn them off; the server has no such switch.
   */
  rateLimits?: boolean;
}

export type App = FastifyInstance;

export interface RegisteredRoute {
  methods: string[];
  url: string;
  access: RouteAccess | undefined;
  /** Whether the route declares a response schema (its output allowlist). */
  hasResponseSchema: boolean;
  /** The request's zod schemas, walked by the typed-text test so a new route is covered unasked. */
  request: { body?: unknown; querystring?: unknown };
}

/** Builds the whole application without listening: plugins, then features, then the SPA. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Outside production the lines go through process.stdout, in order with the start banner main.ts writes
      // there; production keeps pino's own faster writer.
      ...(options.logStream
        ? { stream: options.logStream }
        : config.env === 'production'
          ? {}
          : { stream: process.stdout }),
    },
    // One line per request (the onResponse hook below), never the body: bodies hold members' data.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The id is chosen by requestIdOf (the proxy's when well-formed), never taken from the header as is.
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestIdHeader(app);
  // First of the hooks that read the database: the auth hook narrows the context it opens.
  registerChapterLockContext(app);
  // Before anything closes, the requests still being worked on finish (a client that left included).
  trackInFlight(app);
  registerDrain(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', options.storage ?? createStorage(config));
  const mail =
    options.mailTransport ??
    (config.email.smtpUrl
      ? smtpTransport(config.email.smtpUrl, config.email.from)
      : mailboxTransport(() => app.database.db));
  app.decorate('notificationJobs', undefined);

  // Every route must say who may call it; the list also feeds the route-access test.
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.decorate('ownReads', new Map());
  app.addHook('onRoute', (route) => {
    refuseUnknownQueryParameters(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({
      methods,
      url: route.url,
      // Read when asked: a plugin's routes (the API reference page) are declared by a later onRoute hook.
      get access() {
        return route.config?.access;
      },
      hasResponseSchema: route.schema?.response !== undefined,
      request: {
        body: route.schema?.body,
        querystring: route.schema?.querystring,
      },
    });
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        // Who asked (signed-in requests), to follow one member's trail; never their name or email.
        ...(request.user ? { userId: request.user.id } : {}),
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.env === 'production');
  // JSON and HTML above 1 KB go out compressed; pre-compressed files and cached answers that set their
  // own Content-Encoding are passed through untouched.
  await app.register(compress, {
    threshold: 1024,
    // Answers up to 64 KB (a meeting's page of 100 records is 23 KB) are compressed in one call: on two
    // cores the library's default (8 KB) sent them through a zlib stream each, a quarter of the page's cost.
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  });
  await app.register(cookie, { secret: config.sessionSecret });

  // Authenticated JSON must never be cached by a browser or proxy unless a route says otherwise.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  await registerOpenApi(app);
  const metrics = registerMetrics(app);
  if (options.rateLimits !== false) await registerRateLimits(app);
  await registerAuth(app);
  // One cache for the directory answers, the profile pages' HTML, the chapters' public pages and the sitemap,
  // so all reuse one version lookup.
  const directory = createDirectoryCache(() => app.database.db);
  hearDirectoryChanges(app, directory);
  for (const routes of FEATURE_ROUTES) await app.register(routes, { directory });
  if (config.env !== 'production' && mail.kind === 'mailbox') await app.register(devMailboxRoutes);
  if (options.extraRoutes) await options.extraRoutes(app);

  const webRoot = options.webRoot ?? join(projectRoot(), 'dist', 'web');
  await registerSpa(app, {
    webRoot,
    renderIndex: createIndexRenderer(app, directory, createModulePreloads(webRoot)),
    pageVersion: async () => {
      await directory.refresh();
      return directory.version();
    },
    // The name is in the page from the first paint: text that waited for /api/auth/config moved the layout.
    prepareIndex: (html) =>
      html.replace(
        '</head>',
        `<meta name="application-name" content="${escapeHtml(config.networkName)}"></head>`,
      ),
  });

  if (options.runJobs) {
    const intervals = options.runJobs === true ? undefined : options.runJobs;
    app.addHook('onReady', async () => {
      app.notificationJobs = startNotificationJobs(() => app.database.db, config, mail, app.log, {
        intervals,
        observer: metrics,
      });
    });
    // In-flight emails finish (and are recorded) before the database closes.
    app.addHook('preClose', async () => app.notificationJobs?.stop());
  } else {
    app.addHook('onClose', async () => mail.close());
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const message = path.startsWith('/api')
      ? MESSAGES.apiRouteNotFound(request.method, path)
      : MESSAGES.notFound;
    return reply.code(404).send({ code: 'NOT_FOUND', message });
  });

  return app;
}
