import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/client';
import type { JobObserver, NotificationJobs } from '../jobs/notification-jobs';

export interface ServiceMetrics extends JobObserver {
  registry: Registry;
  requestDone(method: string, route: string, status: number, seconds: number): void;
}

/**
 * The service's Prometheus metrics, one registry per app: request durations by route and status, the
 * database pool, the mail queue and the background jobs, plus Node's own (memory, event loop, GC).
 * Routes are labelled by their pattern (`/api/members/:id`), never the URL, so the series stay few.
 */
export function createServiceMetrics(
  database: DatabaseHandle,
  jobs: () => NotificationJobs | undefined,
): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state: open (total), idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections this instance opens (DATABASE_POOL_SIZE; 1 for the embedded database).',
    registers: [registry],
    collect() {
      this.set(database.poolStats().max);
    },
  });

  new Gauge({
    name: 'mail_queue_oldest_unsent_seconds',
    help: "Seconds the oldest unsent email has waited, as of the worker's last pass; 0 when none waits.",
    registers: [registry],
    collect() {
      this.set(jobs()?.mailQueueAgeSeconds() ?? 0);
    },
  });
  const deliveries = new Counter({
    name: 'mail_deliveries_total',
    help: 'Notification emails handed to the mail server (sent), deferred after a temporary failure (retried) or given up (failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs by job and outcome.',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: 'job_duration_seconds',
    help: 'How long each background job run took.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers: [registry],
  });

  return {
    registry,
    requestDone(method, route, status, seconds) {
      requests.observe({ method, route, status_code: String(status) }, seconds);
    },
    jobRan(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobDurations.observe({ job }, seconds);
    },
    emailsDelivered(result) {
      for (const outcome of ['sent', 'retried', 'failed'] as const) {
        if (result[outcome] > 0) deliveries.inc({ outcome }, result[outcome]);
      }
    },
  };
}
