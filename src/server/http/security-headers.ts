import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers for every response. No inline script runs anywhere. Helmet's middleware is built
 * once here: the Fastify plugin built it again on every request, parsing the policy each time (3% of a
 * roster page's CPU under load, docs/decisions/0029).
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix injects small <style> blocks (scroll lock); styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: production ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (err) => done(err ? (err as Error) : undefined)),
  );
}
