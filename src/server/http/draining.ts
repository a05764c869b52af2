import type { FastifyInstance } from 'fastify';

/** An instance's stop, first step: still serving, but telling the load balancer and the clients to go elsewhere. */
export interface Drain {
  readonly active: boolean;
  start(): void;
}

/**
 * While draining (from SIGTERM until SHUTDOWN_DRAIN_MS has passed), `/api/ready` answers 503 so the balancer
 * takes the instance out, and every answer says `Connection: close` so a client's kept-alive connection ends
 * after its current request instead of carrying a next one into the moment the server closes. Requests keep
 * being served meanwhile: the balancer notices only at its next check.
 */
export function registerDrain(app: FastifyInstance): void {
  let active = false;
  const drain: Drain = {
    get active() {
      return active;
    },
    start() {
      active = true;
    },
  };
  app.decorate('drain', drain);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (active) reply.header('connection', 'close');
    return payload;
  });
}
