import { asc, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { publicOrigin } from '../../auth/public-origin';
import { users } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';

const ONE_HOUR = 60 * 60;
const PUBLIC_PAGES = ['/', '/about', '/members', '/articles'];

/** robots.txt and sitemap.xml, so search engines find the public pages and every member's profile. */
export async function crawlerRoutes(app: FastifyInstance): Promise<void> {
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

  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) => {
    // One query: every listed member's profile, with when it last changed.
    const members = await app.database.db
      .select({ slug: users.slug, updatedAt: users.updatedAt })
      .from(users)
      .where(ne(users.role, 'GUEST'))
      .orderBy(asc(users.slug));
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((path) => url(path)),
      ...members.map((m) => url(`/member/${encodeURIComponent(m.slug)}`, m.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${ONE_HOUR}`)
      .send(body);
  });
}
