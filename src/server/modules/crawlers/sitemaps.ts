import { asc, count, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { type EncodedBody, encodeBytes } from '../../http/encoded-body';
import { escapeHtml } from '../../lib/escape-html';
import { listPublicChapters } from '../chapters/public-chapters';
import type { DirectoryCache } from '../members/directory-cache';

/**
 * Addresses per sitemap file. The protocol allows 50,000; a smaller file is built (once per directory version)
 * and fetched in a bounded time however large the network grows.
 */
export const ADDRESSES_PER_SITEMAP = 10_000;

const PUBLIC_PAGES = ['/', '/about', '/members', '/articles'];

/** The sitemaps' file names: the public pages (and the chapters'), then the members', 10,000 a file. */
export const PAGES_SITEMAP = 'pages.xml';
export const membersSitemap = (n: number) => `members-${n}.xml`;
const MEMBERS_SITEMAP = /^members-([1-9]\d{0,5})\.xml$/;

const xml = (lines: string[]) =>
  encodeBytes(Buffer.from(['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ''].join('\n')));

const urlSet = (origin: string, entries: Array<{ path: string; lastmod?: Date }>) =>
  xml([
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
  ]);

const listed = ne(users.role, 'GUEST');

/**
 * The sitemap files of one directory version (a member joining, leaving or renaming, or a chapter's change,
 * moves it), each built once and kept as bytes: `/sitemap.xml` is their index.
 */
export function createSitemaps(directory: DirectoryCache, db: () => Database, origin: string) {
  const memberFiles = () =>
    directory.kept('sitemap:member-files', async () => {
      const [row] = await db().select({ n: count() }).from(users).where(listed);
      return Math.max(1, Math.ceil((row?.n ?? 0) / ADDRESSES_PER_SITEMAP));
    }) as Promise<number>;

  return {
    index: () =>
      directory.kept('sitemap:index', async () => {
        const files = [
          PAGES_SITEMAP,
          ...Array.from({ length: await memberFiles() }, (_, i) => membersSitemap(i + 1)),
        ];
        return xml([
          '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...files.map(
            (file) => `  <sitemap><loc>${escapeHtml(`${origin}/sitemaps/${file}`)}</loc></sitemap>`,
          ),
          '</sitemapindex>',
        ]);
      }) as Promise<EncodedBody>,

    /** One file by name, or null for a name that is not one of this version's files. */
    file: (name: string): Promise<EncodedBody | null> => {
      if (name === PAGES_SITEMAP)
        return directory.kept('sitemap:pages', async () => {
          // A chapter's pages are public only while the agency has more than one chapter.
          const chapters = await listPublicChapters(db());
          const chapterPages =
            chapters.length > 1
              ? ['/chapters', ...chapters.map((c) => `/chapters/${encodeURIComponent(c.slug)}`)]
              : [];
          return urlSet(
            origin,
            [...PUBLIC_PAGES, ...chapterPages].map((path) => ({ path })),
          );
        });
      const n = Number(MEMBERS_SITEMAP.exec(name)?.[1] ?? 0);
      if (!n) return Promise.resolve(null);
      return directory.kept(`sitemap:${name}`, async () => {
        if (n > (await memberFiles())) return null;
        // A page of the slug index: bounded, and the same order whatever the version.
        const members = await db()
          .select({ slug: users.slug, updatedAt: users.updatedAt })
          .from(users)
          .where(listed)
          .orderBy(asc(users.slug))
          .limit(ADDRESSES_PER_SITEMAP)
          .offset((n - 1) * ADDRESSES_PER_SITEMAP);
        return urlSet(
          origin,
          members.map((m) => ({ path: `/member/${encodeURIComponent(m.slug)}`, lastmod: m.updatedAt })),
        );
      });
    },
  };
}
