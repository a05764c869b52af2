import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  directoryPageSchema,
  directoryQuerySchema,
  MEMBER_MESSAGES,
  memberChoicePageSchema,
  memberChoiceQuerySchema,
  memberChoiceSchema,
  publicMemberSchema,
} from '../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { lineText } from '../../../domain/text';
import { chapterScopeOf } from '../../db/chapter-scope';
import { sendEncoded } from '../../http/encoded-body';
import { ownRead } from '../../http/own-reads';
import { actor, idParams } from '../../http/route-params';
import { notFound } from '../../lib/http-error';
import type { DirectoryCache } from './directory-cache';
import { findMemberChoice, listMemberChoices } from './member-queries';

const PAGE_PARAMS = ['q', 'industry', 'chapter', 'page', 'pageSize'];
const memberIdParams = idParams(MEMBER_MESSAGES.memberNotFound);

export interface MemberRoutesOptions {
  directory: DirectoryCache;
}

export async function memberRoutes(
  appBase: FastifyInstance,
  { directory }: MemberRoutesOptions,
): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

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
      await directory.refresh();
      const params = new URLSearchParams(request.url.split('?')[1] ?? '');
      const paged = PAGE_PARAMS.some((key) => params.has(key));
      const body = paged ? await directory.page(request.query) : await directory.everyone();
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
      // An old address (the member changed their name) answers with the member at their new one.
      await directory.refresh();
      const profile = await directory.profile(request.params.name.toLowerCase());
      if (!profile) throw notFound(MEMBER_MESSAGES.memberNotFound);
      return sendEncoded(request, reply, profile.body, CACHE_SECONDS.members);
    },
  );

  // Signed-in data is never stored by the browser or a proxy; the web app caches it itself for 5 minutes.
  // The referral picker lists every chapter's members (a referral may cross chapters).
  ownRead(
    app,
    '/api/members/active',
    {
      config: { access: 'signed-in', chapterReach: 'agency' },
      querystring: memberChoiceQuerySchema,
      response: memberChoicePageSchema,
    },
    async (user, query) =>
      listMemberChoices(
        db(),
        query,
        query.chapter === 'mine' ? chapterScopeOf(user) : { all: true },
        user.chapterId,
      ),
  );

  app.get(
    '/api/members/active/:id',
    {
      config: { access: 'signed-in', chapterReach: 'agency' },
      schema: { params: memberIdParams, response: { 200: memberChoiceSchema } },
    },
    async (request) => {
      const choice = await findMemberChoice(db(), request.params.id, actor(request).chapterId);
      if (!choice) throw notFound(MEMBER_MESSAGES.memberNotFound);
      return choice;
    },
  );
}
