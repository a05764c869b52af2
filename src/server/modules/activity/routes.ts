import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACTIVITY_COLORS } from '../../../domain/activity/kinds';
import { actor } from '../../http/route-params';
import { recentActivity } from './activity-queries';

const activityItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  timeAgo: z.string(),
  color: z.enum(ACTIVITY_COLORS),
});

export async function activityRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/activity/recent',
    { config: { access: 'signed-in' }, schema: { response: { 200: z.array(activityItemSchema) } } },
    async (request) => recentActivity(app.database.db, actor(request).id),
  );
}
