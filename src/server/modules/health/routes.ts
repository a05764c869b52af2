import type { FastifyInstance } from 'fastify';

/** Liveness plus database reachability, for load balancers and the cold-start measurement. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await app.database.ping();
      // The worker's last reading, not a query: the health check stays as cheap as a ping.
      const jobs = app.notificationJobs;
      return reply.send({
        status: 'ok',
        database: 'up',
        databaseKind: app.database.kind,
        mailQueue: jobs ? { oldestUnsentSeconds: jobs.mailQueueAgeSeconds() } : { worker: 'off' },
      });
    } catch (err) {
      app.log.warn({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'degraded', database: 'down', databaseKind: app.database.kind });
    }
  });
}
