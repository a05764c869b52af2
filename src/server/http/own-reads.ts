import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasRole } from '../../domain/roles/roles';
import type { SessionUser } from '../auth/session-store';
import { asSystem, narrowLock } from '../db/chapter-lock';
import { lockScopeOf } from '../db/chapter-scope';
import { actor } from './route-params';

type Reader<Q> = (user: SessionUser, query: Q) => Promise<unknown>;

/** A signed-in caller's own read: one definition, which both its GET route and a painted page answer from. */
export interface OwnRead {
  config: FastifyContextConfig;
  querystring: z.ZodType | undefined;
  response: z.ZodType;
  read: Reader<unknown>;
}

/** Why an own read gave no answer (the route's 403 or 400): the page is left to the browser. */
export class NoOwnAnswer extends Error {}

interface OwnReadOptions<S extends z.ZodType | undefined> {
  config: FastifyContextConfig;
  querystring?: S;
  response: z.ZodType;
}

/**
 * Registers `GET url`, answered by `read` for the signed-in caller (after the access hook checked `config`),
 * and keeps the same definition in `app.ownReads`, so the server paints a member's page from the reads
 * themselves instead of a request through the HTTP stack (docs/decisions/0042).
 */
export function ownRead<S extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  url: string,
  options: OwnReadOptions<S>,
  read: Reader<S extends z.ZodType ? z.output<S> : undefined>,
): void {
  const { config, querystring, response } = options;
  const schema = { ...(querystring ? { querystring } : {}), response: { 200: response } };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(url, { config, schema }, async (request) =>
      read(actor(request), request.query as S extends z.ZodType ? z.output<S> : undefined),
    );
  app.ownReads.set(url, { config, querystring, response, read: read as Reader<unknown> });
}

/**
 * Answers an own read for `user` exactly as its route would: the route's access (a 403 becomes NoOwnAnswer),
 * its query schema, the caller's chapters as the only ones its statements see (unless the route reaches
 * across the agency), and its response schema's encoding. Undefined when no own read has this path.
 */
export function answerOwnRead(
  reads: ReadonlyMap<string, OwnRead>,
  user: SessionUser,
  url: string,
): Promise<unknown> | undefined {
  const [path = '', search = ''] = url.split('?');
  const own = reads.get(path);
  if (!own) return undefined;
  const { access, chapterReach } = own.config;
  const admitted =
    access === 'signed-in' || (typeof access === 'object' && hasRole(user.role, access.minRole));
  if (!admitted) return Promise.reject(new NoOwnAnswer(`${url} is not ${user.role}'s to read`));
  let query: unknown;
  if (own.querystring) {
    const parsed = own.querystring.safeParse(Object.fromEntries(new URLSearchParams(search)));
    if (!parsed.success) return Promise.reject(new NoOwnAnswer(`bad input for ${url}`));
    query = parsed.data;
  }
  // A context of its own: reads answered side by side may reach differently.
  return asSystem(async () => {
    if (chapterReach !== 'agency') narrowLock(lockScopeOf(user), user.id);
    const data = await own.read(user, query);
    return JSON.parse(JSON.stringify(z.encode(own.response, data)));
  });
}
