import type { FastifyInstance, FastifyRequest } from 'fastify';

interface Progress {
  replied: boolean;
  closed: boolean;
  done: boolean;
}

const progress = new WeakMap<FastifyRequest, Progress>();

/**
 * Counts the requests the server is still working on. A request is done once its reply was handed over
 * (onSend: the handler, or the error handler, finished) AND its response ended or its connection closed
 * (a streamed answer reads the database after onSend). A client that leaves closes the connection early,
 * but its handler keeps reading until it replies: closing the server alone would not wait for it, and its
 * queries would meet a closed pool. The app waits for this before closing (preClose).
 */
export function trackInFlight(app: FastifyInstance): void {
  let count = 0;
  let waiters: Array<() => void> = [];
  const settle = (request: FastifyRequest, state: Progress) => {
    if (!state.replied || !state.closed || state.done) return;
    state.done = true;
    progress.delete(request);
    count--;
    if (count === 0) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    const state: Progress = { replied: false, closed: false, done: false };
    progress.set(request, state);
    count++;
    reply.raw.once('close', () => {
      state.closed = true;
      // Written to the end, or hijacked (the development sign-in provider answers by itself): no onSend.
      if (reply.sent) state.replied = true;
      settle(request, state);
    });
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const state = progress.get(request);
    if (state) {
      state.replied = true;
      // After the payload is written: the close listener settles it (now, if the client already left).
      setImmediate(() => settle(request, state));
    }
    return payload;
  });
  app.addHook('preClose', async () => {
    if (count === 0) return;
    app.log.info({ inFlight: count }, 'waiting for requests in flight');
    await new Promise<void>((resolve) => waiters.push(resolve));
  });
}
