import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runInLockContext } from '../db/chapter-lock';

/**
 * Gives every request a chapter-lock context of its own (db/chapter-lock.ts), which the auth hook narrows to
 * the caller's chapters. Reading the body runs in the socket's async context, not the request's, so the
 * context is entered again before validation, as @fastify/request-context does.
 */
export function registerChapterLockContext(app: FastifyInstance): void {
  const contexts = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (request, _reply, done) => {
    runInLockContext(() => {
      const context = new AsyncResource('chapter-lock');
      contexts.set(request, context);
      context.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const context = contexts.get(request);
    if (context) context.runInAsyncScope(done);
    else done();
  });
}
