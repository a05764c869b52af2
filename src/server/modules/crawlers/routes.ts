import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../auth/public-origin';
import { type EncodedBody, sendEncoded } from '../../http/encoded-body';
import { notFound } from '../../lib/http-error';
import type { DirectoryCache } from '../members/directory-cache';
import { createSitemaps } from './sitemaps';

const ONE_HOUR = 60 * 60;

/** robots.txt and the sitemaps, so search engines find the public pages and every member's profile. */
export async function crawlerRoutes(
  app: FastifyInstance,
  { directory }: { directory: DirectoryCache },
): Promise<void> {
  const origin = publicOrigin(app.config);

  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', `public, max-age=${ONE_HOUR}`)
      .send(
        [
          'User-agent: *',
          'Allow: /',
          // Signed-in screens and the API hold nothing for a search index.
          'Disallow: /api/',
          'Disallow: /dev-idp/',
          'Disallow: /dashboard',
          'Disallow: /applications/',
          'Disallow: /auth-success',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  const sitemaps = createSitemaps(directory, () => app.database.db, origin);
  const sendXml = (request: FastifyRequest, reply: FastifyReply, body: EncodedBody) =>
    sendEncoded(request, reply, body, ONE_HOUR, 'application/xml; charset=utf-8');

  // An index of sitemap files (the public pages, then the members 10,000 a file), each kept per directory version.
  app.get('/sitemap.xml', { config: { access: 'public' } }, async (request, reply) => {
    await directory.refresh();
    return sendXml(request, reply, await sitemaps.index());
  });
  app.get<{ Params: { name: string } }>(
    '/sitemaps/:name',
    {
      config: {
        access: 'public',
        answer: { status: 200, type: 'application/xml', description: 'One sitemap file of the index.' },
      },
    },
    async (request, reply) => {
      await directory.refresh();
      const body = await sitemaps.file(request.params.name);
      if (!body) throw notFound('There is no such sitemap.');
      return sendXml(request, reply, body);
    },
  );
}
