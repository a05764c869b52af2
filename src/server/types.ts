import type { RouteAccess } from '../domain/roles/access';
import type { Role } from '../domain/roles/roles';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    storage: import('./storage').ObjectStorage;
    registeredRoutes: import('./app').RegisteredRoute[];
    /** The signed-in caller's own reads by path, which a painted page answers directly (http/own-reads.ts). */
    ownReads: Map<string, import('./http/own-reads').OwnRead>;
    /** Who the request's session cookie belongs to (as the auth hook finds them), for a page that is not an API route. */
    signedInUserOf: (
      request: FastifyRequest,
    ) => Promise<import('./auth/session-store').SessionUser | undefined>;
    /** The notification email worker and nudges, when this instance runs them (`runJobs`). */
    notificationJobs: import('./modules/jobs/notification-jobs').NotificationJobs | undefined;
    /** Set on SIGTERM: not ready, keep-alive off, still serving (http/draining.ts). */
    drain: import('./http/draining').Drain;
  }
  interface FastifyContextConfig {
    /** Who may call the route; enforced by the access hook, required on every route. */
    access?: RouteAccess;
    /**
     * A form this server renders (unsubscribe, development sign-in): it never acts on the session, and
     * its one-time form token, bound to the page, stands in for the session's CSRF header.
     */
    form?: true;
    /**
     * A signed-in route whose work crosses chapters by design (referrals between members of two chapters,
     * the agency-wide activity feed): its statements see every chapter. Without it, the row-level security
     * policies keep a signed-in route to the caller's chapters (docs/decisions/0039); a public route sees every
     * chapter, as the public pages are agency-wide.
     */
    chapterReach?: 'agency';
    /**
     * For the API document: below this role the caller may read only their own records (the route checks it),
     * so the document does not promise everyone at `access` anyone's.
     */
    ownBelow?: Role;
    /** For the API document: error statuses the route answers beyond those its declarations imply. */
    alsoAnswers?: number[];
    /**
     * For the API document: the success answer of a route that declares no response schema (a file, a page, a
     * redirect, no body): its status, its media type when it has a body, and what it is.
     */
    answer?: { status: number; type?: string; description: string };
    /**
     * The query is another party's to shape (a sign-in provider's callback): undeclared parameters are let
     * through rather than refused.
     */
    openQuery?: boolean;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook when a valid session came with the request. */
    session?: import('./auth/session-store').LiveSession;
    user?: import('./auth/session-store').SessionUser;
    authMethod?: 'cookie' | 'bearer';
  }
}
