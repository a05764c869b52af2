import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../domain/messages';
import { type Database, selectRows } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { HttpError } from '../lib/http-error';

const MINUTE = 60_000;
const byMember = (request: FastifyRequest) => `member:${request.user?.id ?? `ip:${request.ip}`}`;
const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;
const byVisitorEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${email.trim().toLowerCase()}` : byAddress(request);
};

/**
 * The limits routes opt into with `config: { rateLimit: RATE_LIMITS.x }`. A `groupId` makes several
 * routes share one count (every write that emails someone else counts against the same budget).
 */
export const RATE_LIMITS = {
  /** Referral and attendance writes that notify another member: a busy week's work, never a flood. */
  notifyingWrites: { max: 30, timeWindow: 10 * MINUTE, groupId: 'notify', keyGenerator: byMember },
  /** Picture upload URLs: each one leads to an image decode. */
  pictureUploads: { max: 10, timeWindow: 60 * MINUTE, keyGenerator: byMember },
  /** Spreadsheet imports (preview and commit share it): each reads up to a 10 MB file. */
  imports: { max: 60, timeWindow: 10 * MINUTE, groupId: 'imports', keyGenerator: byMember },
  /** Forms anyone may send without signing in (unsubscribe), per address. */
  publicForm: { max: 10, timeWindow: 60 * MINUTE, keyGenerator: byAddress },
  /**
   * The public visit form, per email address it registers (the body is parsed before the limit is counted),
   * so nobody fills another person's inbox: five an hour.
   */
  visitRegistration: { max: 5, timeWindow: 60 * MINUTE, keyGenerator: byVisitorEmail },
  /** The development provider's sign-in form, per address: as loose as password sign-in's address limit. */
  signInForm: { max: 30, timeWindow: 15 * MINUTE, keyGenerator: byAddress },
} satisfies Record<string, RateLimitOptions & { keyGenerator: (r: FastifyRequest) => string }>;

/** Counts hits per key in PostgreSQL: one atomic upsert, so every app instance shares each limit. */
class PostgresStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: () => Database,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (err: Error | null, res?: { current: number; ttl: number }) => void,
    ms: number,
  ) {
    hit(this.db(), `${this.prefix}${key}`, ms).then(
      (res) => callback(null, res),
      (err: Error) => callback(err),
    );
  }

  // The typings say route options; at run time it is the route's merged limit with `routeInfo`.
  child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
    const merged = options as unknown as { groupId?: string; routeInfo: { method: string; url: string } };
    const scope = merged.groupId
      ? `group:${merged.groupId}`
      : `${merged.routeInfo.method} ${merged.routeInfo.url}`;
    return new PostgresStore(this.db, `${scope}|`);
  }
}

/** When a counter's window ends (in the upsert below, `c` is the row before the update, then after). */
const WINDOW_ENDS = sql.raw(`c.window_started_at + c.window_ms * interval '1 millisecond'`);

/** Bumps a key's count in its fixed window (a window that has passed starts again at 1). */
async function hit(db: Database, key: string, windowMs: number) {
  const [row] = await selectRows<{ hits: number; ttl: number }>(
    db,
    sql`insert into rate_limit_counters as c (key, window_started_at, window_ms, hits)
        values (${key}, now(), ${windowMs}, 1)
        on conflict (key) do update set
          hits = case when ${WINDOW_ENDS} <= now() then 1 else c.hits + 1 end,
          window_started_at = case when ${WINDOW_ENDS} <= now() then now() else c.window_started_at end,
          window_ms = excluded.window_ms
        returning hits, greatest(0, ceil(extract(epoch from (${WINDOW_ENDS} - now())) * 1000))::int as ttl`,
  );
  return { current: Number(row!.hits), ttl: Number(row!.ttl) };
}

/** Counters whose window has passed count for nothing; the periodic jobs sweep them. */
export async function deleteStaleRateLimitCounters(db: Database): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(
      lt(
        sql`${rateLimitCounters.windowStartedAt} + ${rateLimitCounters.windowMs} * interval '1 millisecond'`,
        sql`now()`,
      ),
    );
}

/**
 * @fastify/rate-limit on the routes that ask for it, counting in PostgreSQL. A refusal is the usual
 * error body (429 RATE_LIMITED) with Retry-After in seconds. It runs after the auth hook, so a member's
 * limit is theirs on every device and a stranger is counted by address.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;
  await app.register(rateLimit, {
    global: false,
    store: class extends PostgresStore {
      constructor() {
        super(db, '');
      }
    },
    // After the body is validated: a rejected form costs nothing, so typos never use up a member's budget.
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) =>
      new HttpError('RATE_LIMITED', MESSAGES.rateLimited(context.after)),
  });
}
