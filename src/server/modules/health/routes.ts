import type { FastifyInstance } from 'fastify';

/** Liveness plus database reachability, for load balancers and the cold-start measurement. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await app.database.ping();
      return reply.send({ status: 'ok', database: 'up', databaseKind: app.database.kind });
    } catch (err) {
      app.log.warn({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'degraded', database: 'down', databaseKind: app.database.kind });
    }
  });
}
