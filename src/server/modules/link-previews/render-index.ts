import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMBEDDED_MEMBER_ID } from '../../../domain/members/embedded';
import { publicOrigin } from '../../auth/public-origin';
import type { RenderedIndex } from '../../http/spa';
import { findPublicChapter } from '../chapters/public-chapters';
import type { DirectoryCache } from '../members/directory-cache';
import { chapterPageMeta, embedJson, injectMeta, memberPageMeta, staticPageMeta } from './page-meta';
import { createPagePainter } from './paint-page';
import { createPublicReads } from './public-reads';

const MEMBER_PATH = /^\/member\/([a-z0-9-]{1,200})\/?$/i;
const CHAPTER_PATH = /^\/chapters\/([a-z0-9-]{1,100})\/?$/i;

/**
 * Link previews: crawlers do not run JavaScript, so the server writes the page's meta tags into
 * index.html for the home, about, directory and member pages. A member page also carries the profile
 * itself, from the same cached lookup as `GET /api/members/by-name/:name`, so the browser shows it
 * without a second round trip.
 */
export function createIndexRenderer(
  app: FastifyInstance,
  directory: DirectoryCache,
  modulePreloads?: (keys: readonly string[]) => string,
) {
  const origin = publicOrigin(app.config);
  const { networkName } = app.config;
  const paint = createPagePainter(app, createPublicReads(app, directory), modulePreloads);
  const painted = async (request: FastifyRequest, html: string) => (await paint(request, html)) ?? html;
  return async (request: FastifyRequest, html: string): Promise<RenderedIndex> => {
    const path = request.url.split('?')[0] ?? '/';
    const fixed = staticPageMeta(path, origin, networkName);
    if (fixed) return painted(request, injectMeta(html, fixed, networkName));
    const chapterSlug = CHAPTER_PATH.exec(path)?.[1]?.toLowerCase();
    if (chapterSlug) {
      const chapter = await findPublicChapter(app.database.db, chapterSlug);
      return chapter
        ? painted(request, injectMeta(html, chapterPageMeta(chapter, origin, networkName), networkName))
        : { notFound: true };
    }
    const slug = MEMBER_PATH.exec(path)?.[1]?.toLowerCase();
    // Any other page has no meta of its own; the painter decides whether it paints it (the dashboard).
    if (!slug) return paint(request, html);
    await directory.refresh();
    const profile = await directory.profile(slug);
    // The app shows 'Member Not Found'; the status says so too.
    if (!profile) return { notFound: true };
    // A member who changed their name keeps their old links.
    if (profile.slug !== slug) return { redirect: `/member/${profile.slug}` };
    const withMeta = injectMeta(html, memberPageMeta(profile.member, origin, networkName), networkName);
    // A painted page carries the profile among its answers; a signed-in browser gets it embedded alone.
    return (
      (await paint(request, withMeta)) ??
      withMeta.replace('</body>', `${embedJson(EMBEDDED_MEMBER_ID, profile.member)}</body>`)
    );
  };
}
