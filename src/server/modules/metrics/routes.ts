import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../domain/messages';
import { safeEqual } from '../../auth/tokens';
import { createServiceMetrics, type ServiceMetrics } from './service-metrics';

/**
 * `GET /metrics` in Prometheus' text format. Off (404, as any unknown path) unless METRICS_TOKEN is set;
 * then only for `Authorization: Bearer <METRICS_TOKEN>`: the figures name routes and load, nothing a
 * member wrote, but they are the operator's business. Registered on the root app (not as a plugin), so
 * its onResponse hook times every route.
 */
export function registerMetrics(app: FastifyInstance): ServiceMetrics | undefined {
  const token = app.config.metricsToken;
  const notFound = { code: 'NOT_FOUND', message: MESSAGES.notFound };
  const answer = {
    status: 200,
    type: 'text/plain',
    description:
      "The service's figures in Prometheus' text format (only when METRICS_TOKEN is set; else 404).",
  };
  if (!token) {
    app.get(
      '/metrics',
      { config: { access: 'public', alsoAnswers: [404], answer } },
      async (_request, reply) => reply.code(404).send(notFound),
    );
    return undefined;
  }

  const metrics = createServiceMetrics(app.database, () => app.notificationJobs);
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDone(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    '/metrics',
    { config: { access: 'public', alsoAnswers: [401], answer } },
    async (request, reply) => {
      const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      reply.header('cache-control', 'no-store');
      if (!sent || !safeEqual(sent, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ code: 'UNAUTHENTICATED', message: 'Send the METRICS_TOKEN as a bearer token.' });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
  return metrics;
}
