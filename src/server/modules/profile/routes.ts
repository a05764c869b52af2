import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../domain/messages';
import { myProfileSchema, profileUpdateSchema } from '../../../domain/profile/contracts';
import { actor } from '../../http/route-params';
import { notFound } from '../../lib/http-error';
import { pictureRoutes } from './picture-routes';
import { findMyProfile } from './profile-queries';
import { updateProfile } from './update-profile';

export async function profileRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  await app.register(pictureRoutes);

  app.get(
    '/api/profile',
    { config: { access: 'signed-in' }, schema: { response: { 200: myProfileSchema } } },
    async (request) => {
      const profile = await findMyProfile(db(), actor(request).id);
      if (!profile) throw notFound(MESSAGES.notFound);
      return profile;
    },
  );

  app.put(
    '/api/profile',
    {
      config: { access: 'signed-in' },
      schema: { body: profileUpdateSchema, response: { 200: myProfileSchema } },
    },
    async (request) => updateProfile(db(), actor(request), request.body),
  );
}
