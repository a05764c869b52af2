import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { migrationsBehind } from '../../db/migration-state';

const livenessSchema = z.object({ status: z.literal('ok') });
const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Absent while draining: a stopping instance answers without asking the database. */
  database: z.enum(['up', 'down']).optional(),
  databaseKind: z.enum(['postgres', 'pglite']),
  migrationsPending: z.number().int().optional(),
  /** The instance is stopping: it still serves what reaches it, but takes no new traffic. */
  draining: z.literal(true).optional(),
  mailQueue: z
    .union([z.object({ oldestUnsentSeconds: z.number().nullable() }), z.object({ worker: z.literal('off') })])
    .optional(),
});

/**
 * Liveness and readiness apart. `/api/health` says only that the process answers (a liveness probe restarts
 * a process that stops answering, never one whose database is away); `/api/ready` says whether it can serve:
 * the database answers, every committed migration is applied and the instance is not stopping (a readiness
 * probe takes the instance out of the load balancer meanwhile).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: livenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    { config: { access: 'public' }, schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const databaseKind = app.database.kind;
      if (app.drain.active) {
        return reply.code(503).send({ status: 'unavailable', databaseKind, draining: true });
      }
      let behind: number;
      try {
        behind = await migrationsBehind(app.database.db);
      } catch (err) {
        app.log.warn({ err }, 'readiness check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'down', databaseKind });
      }
      if (behind > 0) {
        return reply
          .code(503)
          .send({ status: 'unavailable', database: 'up', databaseKind, migrationsPending: behind });
      }
      // The worker's last reading, not a query: the check stays as cheap as a ping.
      const jobs = app.notificationJobs;
      return reply.send({
        status: 'ok',
        database: 'up',
        databaseKind,
        migrationsPending: 0,
        mailQueue: jobs ? { oldestUnsentSeconds: jobs.mailQueueAgeSeconds() } : { worker: 'off' as const },
      });
    },
  );
}
