import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../auth/public-origin';
import { findPublicMemberBySlug } from '../members/member-queries';
import { redirectedSlug } from '../profile/profile-queries';
import { injectMeta, memberPageMeta, staticPageMeta } from './page-meta';

const MEMBER_PATH = /^\/member\/([a-z0-9-]{1,200})\/?$/i;

/**
 * Link previews: crawlers do not run JavaScript, so the server writes the page's meta tags into
 * index.html for the home, about, directory and member pages.
 */
export function createIndexRenderer(app: FastifyInstance) {
  const origin = publicOrigin(app.config);
  const { networkName } = app.config;
  return async (
    request: FastifyRequest,
    html: string,
  ): Promise<string | { redirect: string } | undefined> => {
    const path = request.url.split('?')[0] ?? '/';
    const fixed = staticPageMeta(path, origin, networkName);
    if (fixed) return injectMeta(html, fixed, networkName);
    const slug = MEMBER_PATH.exec(path)?.[1];
    if (!slug) return undefined;
    const member = await findPublicMemberBySlug(app.database.db, slug);
    if (member) return injectMeta(html, memberPageMeta(member, origin, networkName), networkName);
    // A member who changed their name keeps their old links: one lookup, only for unknown addresses.
    const moved = await redirectedSlug(app.database.db, slug);
    return moved ? { redirect: `/member/${moved}` } : undefined;
  };
}
