import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  directoryPageSchema,
  directoryQuerySchema,
  MEMBER_MESSAGES,
  memberChoiceSchema,
  publicMemberSchema,
} from '../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { lineText } from '../../../domain/text';
import { type EncodedBody, encodeBody, sendEncoded } from '../../http/encoded-body';
import { notFound } from '../../lib/http-error';
import { redirectedSlug } from '../profile/profile-queries';
import {
  directoryVersion,
  findPublicMemberBySlug,
  listMemberChoices,
  listPublicMembers,
  listPublicMembersPage,
} from './member-queries';

const PAGE_PARAMS = ['q', 'industry', 'page', 'pageSize'];
/** Distinct pages (search, filter, page) kept per directory version; the oldest goes first. */
const MAX_CACHED_PAGES = 500;

export async function memberRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  // The serialized directory is reused while its fingerprint is unchanged: one small aggregate per
  // request instead of reading and mapping every member. Each instance checks the database, so N
  // instances stay consistent. See docs/decisions/0005.
  // It is kept as bytes in each encoding (brotli, gzip, plain), built once per version, so a request
  // costs no serializing, encoding or compressing. Concurrent requests at a new version share one build.
  // Without parameters it is the whole list (the spec's contract); with q, industry, page or pageSize it
  // is one page, `{items, total, page, pageSize}`, cached the same way per distinct query.
  let cacheVersion = '';
  const cache = new Map<string, Promise<EncodedBody>>();
  // Cached answers are sent as bytes, past Fastify's serializer, so each passes its response schema
  // (the output allowlist) here, once per build.
  const cached = <T>(key: string, schema: z.ZodType<T>, build: () => Promise<T>) => {
    let body = cache.get(key);
    if (!body) {
      if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value as string);
      body = build().then((value) => encodeBody(schema.parse(value)));
      cache.set(key, body);
      body.catch(() => cache.get(key) === body && cache.delete(key));
    }
    return body;
  };

  /** Reads the directory version (one primary-key lookup) and drops every cached answer when it moved. */
  const refreshCacheVersion = async () => {
    const version = await directoryVersion(db());
    if (version !== cacheVersion) {
      cache.clear();
      cacheVersion = version;
    }
  };

  app.get(
    '/api/members',
    {
      config: { access: 'public' },
      schema: {
        querystring: directoryQuerySchema,
        response: { 200: z.union([z.array(publicMemberSchema), directoryPageSchema]) },
      },
    },
    async (request, reply) => {
      await refreshCacheVersion();
      const params = new URLSearchParams(request.url.split('?')[1] ?? '');
      const paged = PAGE_PARAMS.some((key) => params.has(key));
      const query = request.query;
      const key = paged
        ? JSON.stringify([
            query.q.trim().toLowerCase(),
            query.industry.trim().toLowerCase(),
            query.page,
            query.pageSize,
          ])
        : 'all';
      const body = paged
        ? await cached(key, directoryPageSchema, () => listPublicMembersPage(db(), query))
        : await cached(key, z.array(publicMemberSchema), () => listPublicMembers(db()));
      return sendEncoded(request, reply, body, CACHE_SECONDS.members);
    },
  );

  app.get(
    '/api/members/by-name/:name',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ name: lineText(200).pipe(z.string().min(1)) }),
        response: { 200: publicMemberSchema },
      },
    },
    async (request, reply) => {
      // A profile is part of the directory: the same version keeps it fresh, so it is cached the same way.
      const slug = request.params.name.toLowerCase();
      await refreshCacheVersion();
      const body = await cached(`profile:${slug}`, publicMemberSchema, async () => {
        // An old address (the member changed their name) answers with the member at their new one.
        let member = await findPublicMemberBySlug(db(), slug);
        if (!member) {
          const moved = await redirectedSlug(db(), slug);
          if (moved) member = await findPublicMemberBySlug(db(), moved);
        }
        if (!member) throw notFound(MEMBER_MESSAGES.memberNotFound);
        return member;
      });
      return sendEncoded(request, reply, body, CACHE_SECONDS.members);
    },
  );

  // Signed-in data is never stored by the browser or a proxy; the web app caches it itself for 5 minutes.
  app.get(
    '/api/members/active',
    { config: { access: 'signed-in' }, schema: { response: { 200: z.array(memberChoiceSchema) } } },
    async () => listMemberChoices(db()),
  );
}
