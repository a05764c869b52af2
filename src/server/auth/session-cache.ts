import type { FastifyInstance } from 'fastify';
import type { LiveSession } from './session-store';

/** The channel migration 0024's triggers notify, with the user's id, when a session must be reloaded. */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

/** Sessions kept at most; past it the oldest goes first (a bound on memory, not a working set). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export interface SessionCache {
  /**
   * The session of `tokenHash`, from memory while it is fresh and nothing revoked it, else from `load`
   * (kept only if no revocation arrived while it loaded: a read that began before a change never
   * outlives it). A missing session is never kept, so unknown tokens cannot fill the cache.
   */
  read(tokenHash: string, load: () => Promise<LiveSession | undefined>): Promise<LiveSession | undefined>;
  /** Drops every session of this user (their sessions ended, or their role or name changed). */
  forgetUser(userId: string): void;
  /** Drops everything (a write on this instance, the revocations listener lost or back). */
  clear(): void;
  /** Caching on only while revocations are heard: off, every read loads. */
  setListening(listening: boolean): void;
}

/**
 * Signed-in reads keep their session in memory for `ttlMs` (docs/decisions/0030), never past the session's
 * own expiry. Correct across instances only with `forgetUser` fed by the database's revocations.
 */
export function createSessionCache(ttlMs: number, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, { session: LiveSession; until: number }>();
  let generation = 0;
  let listening = false;
  const clear = () => {
    generation += 1;
    entries.clear();
  };
  return {
    async read(tokenHash, load) {
      const hit = listening ? entries.get(tokenHash) : undefined;
      if (hit && hit.until > now()) return hit.session;
      if (hit) entries.delete(tokenHash);
      const started = generation;
      const session = await load();
      if (session && listening && ttlMs > 0 && started === generation) {
        if (entries.size >= SESSION_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(tokenHash, { session, until: Math.min(now() + ttlMs, session.expiresAt.getTime()) });
      }
      return session;
    },
    forgetUser(userId) {
      generation += 1;
      for (const [key, entry] of entries) if (entry.session.user.id === userId) entries.delete(key);
    },
    clear,
    setListening(on) {
      clear();
      listening = on;
    },
  };
}

/**
 * This instance's session cache, on when SESSION_CACHE_SECONDS is set and the database can tell it of
 * revocations (PostgreSQL, named statements: behind PgBouncer's transaction mode LISTEN is not carried, so
 * it stays off). Any write answered here clears it, so this instance's own changes are seen at once.
 */
export function startSessionCache(app: FastifyInstance): SessionCache {
  const cache = createSessionCache(app.config.sessionCacheSeconds * 1000);
  const { database, config } = app;
  if (config.sessionCacheSeconds === 0 || !database.listen || !config.databasePool.namedStatements)
    return cache;
  const listener = database.listen(SESSION_REVOKED_CHANNEL, {
    message: (userId) => cache.forgetUser(userId),
    state: (listening) => {
      if (!listening) app.log.warn('session revocations not heard: sessions read fresh until reconnected');
      cache.setListening(listening);
    },
  });
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
  });
  app.addHook('onClose', () => listener.stop());
  return cache;
}
