import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_MESSAGES } from '../../../domain/admin/contracts';
import {
  CHAPTER_MESSAGES,
  chapterAdminInputSchema,
  chapterListSchema,
  chapterMemberSchema,
  chapterSlugSchema,
  createChapterSchema,
  moveMemberResultSchema,
  moveMemberSchema,
  publicChapterDetailSchema,
  publicChapterSchema,
  updateChapterSchema,
} from '../../../domain/chapters/contracts';
import { agencyOverviewSchema } from '../../../domain/chapters/overview';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { sendEncoded } from '../../http/encoded-body';
import { ownRead } from '../../http/own-reads';
import { actor, idParams, uuidParam } from '../../http/route-params';
import { notFound } from '../../lib/http-error';
import { scheduleMeetings } from '../meetings/schedule-meetings';
import type { DirectoryCache } from '../members/directory-cache';
import { agencyOverview, sendAgencyOverviewCsv } from './agency-overview';
import {
  createChapter,
  listChapterMembers,
  listChapters,
  setChapterAdmin,
  updateChapter,
} from './manage-chapters';
import { moveMember } from './move-member';
import { publicChapterBody, publicChaptersBody } from './public-chapters';

const AGENCY = { access: { minRole: 'AGENCY_ADMIN' } } as const;
const chapterIdParams = idParams(CHAPTER_MESSAGES.notFound);

/** The agency administrator's Chapters tab. */
export interface ChapterRoutesOptions {
  /** Keeps the public chapter answers per directory version. */
  directory: DirectoryCache;
}

export async function chapterRoutes(
  appBase: FastifyInstance,
  { directory }: ChapterRoutesOptions,
): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  // Public chapter pages: every chapter, and one by its slug with the seats open there.
  app.get(
    '/api/chapters/public',
    { config: { access: 'public' }, schema: { response: { 200: z.array(publicChapterSchema) } } },
    async (request, reply) => {
      await directory.refresh();
      const body = await publicChaptersBody(directory, db());
      return sendEncoded(request, reply, body, CACHE_SECONDS.industriesPublic);
    },
  );
  app.get(
    '/api/chapters/public/:slug',
    {
      config: { access: 'public' },
      schema: { params: z.object({ slug: chapterSlugSchema }), response: { 200: publicChapterDetailSchema } },
    },
    async (request, reply) => {
      await directory.refresh();
      const body = await publicChapterBody(directory, db(), request.params.slug);
      if (!body) throw notFound(CHAPTER_MESSAGES.notFound);
      return sendEncoded(request, reply, body, CACHE_SECONDS.industriesPublic);
    },
  );

  ownRead(app, '/api/chapters', { config: AGENCY, response: chapterListSchema }, async () =>
    listChapters(db()),
  );

  // The agency overview: every chapter side by side, and the same as a spreadsheet.
  app.get(
    '/api/agency/overview',
    { config: AGENCY, schema: { response: { 200: agencyOverviewSchema } } },
    async () => agencyOverview(db()),
  );
  app.get('/api/agency/overview.csv', { config: AGENCY }, async (_request, reply) =>
    sendAgencyOverviewCsv(reply, db()),
  );

  app.post(
    '/api/chapters',
    { config: AGENCY, schema: { body: createChapterSchema, response: { 201: chapterListSchema } } },
    async (request, reply) => {
      await createChapter(db(), actor(request), request.body);
      return reply.code(201).send(await listChapters(db()));
    },
  );

  app.patch(
    '/api/chapters/:id',
    {
      config: AGENCY,
      schema: { params: chapterIdParams, body: updateChapterSchema, response: { 200: chapterListSchema } },
    },
    async (request) => {
      await updateChapter(db(), actor(request), request.params.id, request.body);
      // A new weekday's weeks are made now, not at the clock's next tick.
      await scheduleMeetings(db());
      return listChapters(db());
    },
  );

  app.get(
    '/api/chapters/:id/members',
    { config: AGENCY, schema: { params: chapterIdParams, response: { 200: z.array(chapterMemberSchema) } } },
    async (request) => listChapterMembers(db(), request.params.id),
  );

  app.post(
    '/api/chapters/:id/admins',
    {
      config: AGENCY,
      schema: {
        params: chapterIdParams,
        body: chapterAdminInputSchema,
        response: { 200: chapterListSchema },
      },
    },
    async (request) => {
      await setChapterAdmin(db(), actor(request), request.params.id, request.body.userId, true);
      return listChapters(db());
    },
  );

  app.delete(
    '/api/chapters/:id/admins/:userId',
    {
      config: AGENCY,
      schema: {
        params: z.object({
          id: uuidParam(CHAPTER_MESSAGES.notFound),
          userId: uuidParam(USER_MESSAGES.notFound),
        }),
        response: { 200: chapterListSchema },
      },
    },
    async (request) => {
      await setChapterAdmin(db(), actor(request), request.params.id, request.params.userId, false);
      return listChapters(db());
    },
  );

  app.post(
    '/api/users/:id/chapter',
    {
      config: AGENCY,
      schema: {
        params: idParams(USER_MESSAGES.notFound),
        body: moveMemberSchema,
        response: { 200: moveMemberResultSchema },
      },
    },
    async (request) => moveMember(db(), actor(request), request.params.id, request.body.chapterId),
  );
}
