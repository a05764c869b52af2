import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_MESSAGES } from '../../../domain/members/contracts';
import {
  PUBLIC_TESTIMONIALS_CACHE_SECONDS,
  publicTestimonialsSchema,
  showTestimonialSchema,
  TESTIMONIAL_MESSAGES,
  testimonialPageQuerySchema,
  testimonialPageSchema,
  testimonialSchema,
  writeTestimonialSchema,
} from '../../../domain/testimonials/contracts';
import { sendCacheable } from '../../http/cacheable';
import { ownRead } from '../../http/own-reads';
import { RATE_LIMITS } from '../../http/rate-limits';
import { actor, idParams, uuidParam } from '../../http/route-params';
import { notFound } from '../../lib/http-error';
import {
  listTestimonials,
  publicTestimonials,
  removeTestimonial,
  showTestimonial,
  writeTestimonial,
} from './testimonials';

/** Testimonials cross chapters, as referrals do: a member writes for any current member of the agency. */
const MEMBERS = { access: { minRole: 'MEMBER' }, chapterReach: 'agency' } as const;
const testimonialIdParams = idParams(TESTIMONIAL_MESSAGES.notFound);

export async function testimonialRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.post(
    '/api/testimonials',
    {
      // It tells the recipient: the budget shared with the other writes that notify someone.
      config: { ...MEMBERS, rateLimit: RATE_LIMITS.notifyingWrites },
      schema: { body: writeTestimonialSchema, response: { 201: testimonialSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await writeTestimonial(db(), actor(request), request.body)),
  );

  ownRead(
    app,
    '/api/testimonials',
    { config: MEMBERS, querystring: testimonialPageQuerySchema, response: testimonialPageSchema },
    async (user, query) => listTestimonials(db(), user.id, query),
  );

  app.patch(
    '/api/testimonials/:id',
    {
      config: MEMBERS,
      schema: {
        params: testimonialIdParams,
        body: showTestimonialSchema,
        response: { 200: testimonialSchema },
      },
    },
    async (request) => showTestimonial(db(), actor(request), request.params.id, request.body.shownOnProfile),
  );

  app.delete(
    '/api/testimonials/:id',
    { config: MEMBERS, schema: { params: testimonialIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeTestimonial(db(), actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  /** What a member chose to show on their public profile. */
  app.get(
    '/api/testimonials/public/:memberId',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ memberId: uuidParam(MEMBER_MESSAGES.memberNotFound) }),
        response: { 200: publicTestimonialsSchema },
      },
    },
    async (request, reply) => {
      const shown = await publicTestimonials(db(), request.params.memberId);
      if (!shown) throw notFound(MEMBER_MESSAGES.memberNotFound);
      return sendCacheable(request, reply, shown, PUBLIC_TESTIMONIALS_CACHE_SECONDS);
    },
  );
}
