import type { QueryKey } from '@tanstack/react-query';
import type { AuthUser } from '../../domain/auth/contracts';
import {
  membersPageQuery,
  networkStatsQuery,
  publicIndustriesQuery,
  publicReferralCountsQuery,
} from '../features/directory/api/directory-queries';
import { memberBySlugQuery } from '../features/directory/api/member-profile-query';
import { publicChapterQuery, publicChaptersQuery } from '../features/directory/api/public-chapters';
import { DIRECTORY_URL_STATE } from '../features/directory/directory-url-state';
import { publicTestimonialsQuery } from '../features/testimonials';
import { visitPageQuery } from '../features/visitors/api/visitor-queries';
import { authConfigQuery } from '../lib/auth/auth-queries';
import { readUrlState } from '../lib/use-url-state';
import { loadDashboard } from './dashboard/dashboard-data';

/** What a loader asks for: the same query options the page's hooks use (their key decides the answer). */
export interface RouteQuery {
  queryKey: QueryKey;
  meta?: Record<string, unknown>;
}

/** Answers one of a page's queries, puts it in the page's cache, and gives its data back. */
export type ReadQuery = <T>(query: RouteQuery) => Promise<T>;

export interface RouteDataContext {
  params: string[];
  search: URLSearchParams;
  user: AuthUser | null;
  read: ReadQuery;
}

type Loader = (context: RouteDataContext) => Promise<unknown>;

// Each page's route and what it reads before it can be drawn, beyond the frame's reads (the home, about and
// chapters pages read nothing more); a query a loader leaves out costs the server a
// second render (render-page.tsx counts them, and its test fails for a page that needs one).
const ROUTE_DATA: { pattern: RegExp; load: Loader }[] = [
  {
    pattern: /^\/members\/?$/,
    load: ({ search, read }) => {
      const { q, industry, chapter, page } = readUrlState(search.toString(), DIRECTORY_URL_STATE);
      return Promise.all([
        read(publicIndustriesQuery(chapter || undefined)),
        read(membersPageQuery({ q, industry, chapter, page })),
        read(networkStatsQuery),
      ]);
    },
  },
  {
    pattern: /^\/member\/([^/]+)\/?$/,
    load: async ({ params, read }) => {
      const member = await read<{ id: string }>(memberBySlugQuery(params[0] ?? ''));
      return Promise.all([
        read(publicReferralCountsQuery(member.id)),
        read(publicTestimonialsQuery(member.id)),
      ]);
    },
  },
  { pattern: /^\/dashboard\/?$/, load: loadDashboard },
  {
    pattern: /^\/chapters\/([^/]+)\/visit\/?$/,
    load: ({ params: [slug = ''], read }) =>
      Promise.all([read(visitPageQuery(slug)), read(publicChapterQuery(slug))]),
  },
  {
    // With one chapter, its visit page; with several, the choice reads only the chapters (the frame's).
    pattern: /^\/visit\/?$/,
    load: async ({ read }) => {
      const chapters = await read<{ slug: string }[]>(publicChaptersQuery);
      const only = chapters.length === 1 ? chapters[0]!.slug : undefined;
      if (only) await Promise.all([read(visitPageQuery(only)), read(publicChapterQuery(only))]);
    },
  },
  {
    pattern: /^\/chapters\/([^/]+)\/?$/,
    load: ({ params: [slug = ''], read }) =>
      Promise.all([
        read(publicChapterQuery(slug)),
        read(membersPageQuery({ q: '', industry: '', chapter: slug, page: 1 })),
      ]),
  },
];

// What the frame around every page reads (the sign-in choices, the chapters the footer links).
const EVERY_PAGE: Loader = ({ read }) => Promise.all([read(publicChaptersQuery), read(authConfigQuery)]);

/**
 * Reads what the page at `url` needs before it is drawn, as its route declares it, through `read`: the
 * server answers them and draws the page once. The frame's own reads go with every page.
 */
export async function loadRouteData(url: string, user: AuthUser | null, read: ReadQuery): Promise<void> {
  const [path = '/', query = ''] = url.split('?');
  const search = new URLSearchParams(query);
  const routes = ROUTE_DATA.map((route) => ({ route, match: route.pattern.exec(path) }));
  const found = routes.find(({ match }) => match);
  const params = (found?.match?.slice(1) ?? []).map((part) => decodeURIComponent(part ?? ''));
  await Promise.all([
    EVERY_PAGE({ params, search, user, read }),
    found?.route.load({ params, search, user, read }),
  ]);
}
