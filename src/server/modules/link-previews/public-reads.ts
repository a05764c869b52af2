import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authConfigSchema } from '../../../domain/auth/contracts';
import { chapterQuerySchema, chapterSlugSchema } from '../../../domain/chapters/contracts';
import {
  directoryQuerySchema,
  networkStatsSchema,
  publicIndustrySchema,
  publicReferralCountsSchema,
} from '../../../domain/members/contracts';
import { publicTestimonialsSchema } from '../../../domain/testimonials/contracts';
import { visitPageSchema } from '../../../domain/visitors/contracts';
import { authConfigOf } from '../../auth/auth-config';
import type { EncodedBody } from '../../http/encoded-body';
import { publicChapterBody, publicChaptersBody } from '../chapters/public-chapters';
import { listIndustries } from '../industries/industry-queries';
import type { DirectoryCache } from '../members/directory-cache';
import { networkStats } from '../network/network-queries';
import { approvedReferralCounts } from '../referrals/referral-queries';
import { publicTestimonials } from '../testimonials/testimonials';
import { readVisitPage } from '../visitors/visit-page';

/** An answer a read could not give (what its route answers with a 404 or a 400): the page is left unpainted. */
export class NoAnswer extends Error {}

/** The answer exactly as its route sends it: encoded by the route's own response schema, then JSON. */
const asSent = (schema: z.ZodType, data: unknown): unknown =>
  JSON.parse(JSON.stringify(z.encode(schema, data)));
const found = <T>(value: T | null | undefined, url: string): T => {
  if (value === null || value === undefined) throw new NoAnswer(`nothing at ${url}`);
  return value;
};
const valid = <T>(schema: z.ZodType<T>, input: unknown, url: string): T => {
  const result = schema.safeParse(input);
  if (!result.success) throw new NoAnswer(`bad input for ${url}`);
  return result.data;
};

type Read = (match: RegExpExecArray, search: URLSearchParams, url: string) => Promise<unknown>;

/**
 * The public reads a painted page makes, answered by the functions their API routes call (the same
 * validation, the same caches, the same response schema), without a trip through the HTTP stack. Undefined
 * for a URL that is not one of them.
 */
export function createPublicReads(app: FastifyInstance, directory: DirectoryCache) {
  const db = () => app.database.db;
  // The bytes a route sends, read back as the value it sent: kept per directory version by the route's own cache.
  const asRouteSent = (body: EncodedBody) => JSON.parse(body.identity.toString('utf8'));
  const reads: [RegExp, Read][] = [
    [/^\/api\/auth\/config$/, async () => asSent(authConfigSchema, authConfigOf(app.config))],
    [
      /^\/api\/chapters\/public$/,
      async () => {
        await directory.refresh();
        return asRouteSent(await publicChaptersBody(directory, db()));
      },
    ],
    [
      /^\/api\/chapters\/public\/([^/]+)$/,
      async (match, _search, url) => {
        const slug = valid(chapterSlugSchema, decodeURIComponent(match[1] ?? ''), url);
        await directory.refresh();
        return asRouteSent(found(await publicChapterBody(directory, db(), slug), url));
      },
    ],
    [
      // The visit page: its meetings, members and a fresh form token, never kept (the token is the page's own).
      /^\/api\/visit\/([^/]+)$/,
      async (match, _search, url) => {
        const slug = valid(chapterSlugSchema, decodeURIComponent(match[1] ?? ''), url);
        return asSent(visitPageSchema, found(await readVisitPage(db(), slug, app.config.sessionSecret), url));
      },
    ],
    [/^\/api\/network\/stats$/, async () => asSent(networkStatsSchema, await networkStats(db()))],
    [
      /^\/api\/industries\/public$/,
      async (_match, search, url) => {
        const { chapter } = valid(chapterQuerySchema, Object.fromEntries(search), url);
        return asSent(z.array(publicIndustrySchema), found(await listIndustries(db(), chapter), url));
      },
    ],
    [
      // Only a page of the directory (the whole list is never painted); its bytes are the route's own.
      /^\/api\/members$/,
      async (_match, search, url) => {
        const query = valid(directoryQuerySchema, Object.fromEntries(search), url);
        await directory.refresh();
        return asRouteSent(await directory.page(query));
      },
    ],
    [
      /^\/api\/members\/by-name\/([^/]+)$/,
      async (match, _search, url) => {
        await directory.refresh();
        const profile = found(await directory.profile(decodeURIComponent(match[1] ?? '').toLowerCase()), url);
        return asRouteSent(profile.body);
      },
    ],
    [
      /^\/api\/referrals\/metrics\/([0-9a-f-]{36})$/i,
      async (match, _search, url) => {
        const id = match[1] ?? '';
        const counts = found((await approvedReferralCounts(db(), [id])).get(id), url);
        return asSent(publicReferralCountsSchema, counts);
      },
    ],
    [
      /^\/api\/testimonials\/public\/([0-9a-f-]{36})$/i,
      async (match, _search, url) =>
        asSent(publicTestimonialsSchema, found(await publicTestimonials(db(), match[1] ?? ''), url)),
    ],
  ];
  return (url: string): Promise<unknown> | undefined => {
    const [path = '', query = ''] = url.split('?');
    for (const [pattern, read] of reads) {
      const match = pattern.exec(path);
      if (match) return read(match, new URLSearchParams(query), url);
    }
    return undefined;
  };
}
