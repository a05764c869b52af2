import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_MESSAGES } from '../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { lineText } from '../../../domain/text';
import { sendCacheable } from '../../http/cacheable';
import { type EncodedBody, encodeBody, sendEncoded } from '../../http/encoded-body';
import { notFound } from '../../lib/http-error';
import {
  directoryVersion,
  findPublicMemberBySlug,
  listMemberChoices,
  listPublicMembers,
} from './member-queries';

export async function memberRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  // The serialized directory is reused while its fingerprint is unchanged: one small aggregate per
  // request instead of reading and mapping every member. Each instance checks the database, so N
  // instances stay consistent. See docs/decisions/0005.
  // It is kept as bytes in each encoding (brotli, gzip, plain), built once per version, so a request
  // costs no serializing, encoding or compressing. Concurrent requests at a new version share one build.
  let cached: { version: string; body: Promise<EncodedBody> } | undefined;
  app.get('/api/members', { config: { access: 'public' } }, async (request, reply) => {
    const version = await directoryVersion(db());
    if (cached?.version !== version) {
      const body = listPublicMembers(db()).then(encodeBody);
      cached = { version, body };
      body.catch(() => {
        if (cached?.body === body) cached = undefined;
      });
    }
    return sendEncoded(request, reply, await cached.body, CACHE_SECONDS.members);
  });

  app.get(
    '/api/members/by-name/:name',
    {
      config: { access: 'public' },
      schema: { params: z.object({ name: lineText(200).pipe(z.string().min(1)) }) },
    },
    async (request, reply) => {
      const member = await findPublicMemberBySlug(db(), request.params.name);
      if (!member) throw notFound(MEMBER_MESSAGES.memberNotFound);
      return sendCacheable(request, reply, member, CACHE_SECONDS.members);
    },
  );

  // Signed-in data is never stored by the browser or a proxy; the web app caches it itself for 5 minutes.
  app.get('/api/members/active', { config: { access: 'signed-in' } }, async () => listMemberChoices(db()));
}
