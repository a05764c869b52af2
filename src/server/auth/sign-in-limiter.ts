import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../db/client';
import { signInAttempts } from '../db/schema';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ATTEMPTS_PER_EMAIL = 5;
export const MAX_ATTEMPTS_PER_IP = 20;

const keysFor = (email: string, ip: string) => ({ email: `email:${email.toLowerCase()}`, ip: `ip:${ip}` });

/**
 * Reserves one attempt for this email and this address before any password is checked, in one atomic
 * upsert: each row is locked while it is bumped, so N parallel guesses get N distinct counts, exactly
 * as N sequential ones would. Answers retryAfterSeconds (when the fuller window ends) if either key is
 * over its limit (nothing is checked then), else undefined.
 * The email row is always locked first, so two requests never wait on each other in opposite order.
 */
export async function reserveSignInAttempt(
  db: Database,
  email: string,
  ip: string,
): Promise<{ retryAfterSeconds: number } | undefined> {
  const keys = keysFor(email, ip);
  const windowSeconds = SIGN_IN_WINDOW_MS / 1000;
  const rows = await selectRows<{ key: string; attempts: number; seconds_left: number }>(
    db,
    sql`insert into sign_in_attempts as a (key, window_started_at, attempts)
        values (${keys.email}, now(), 1), (${keys.ip}, now(), 1)
        on conflict (key) do update set
          attempts = case when a.window_started_at < now() - make_interval(secs => ${windowSeconds})
                          then 1 else a.attempts + 1 end,
          window_started_at = case when a.window_started_at < now() - make_interval(secs => ${windowSeconds})
                                   then now() else a.window_started_at end
        returning key, attempts, greatest(1, ceil(extract(epoch from
          window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as seconds_left`,
  );
  const limits = { [keys.email]: MAX_ATTEMPTS_PER_EMAIL, [keys.ip]: MAX_ATTEMPTS_PER_IP };
  const over = rows.filter((r) => Number(r.attempts) > (limits[r.key] ?? 0));
  if (over.length === 0) return undefined;
  return { retryAfterSeconds: Math.max(...over.map((r) => Number(r.seconds_left))) };
}

/**
 * A successful sign-in clears its email's count and gives the address its attempt back, so colleagues
 * behind one office router are not locked out by each other's successful sign-ins.
 */
export async function settleSuccessfulSignIn(db: Database, email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  await db.delete(signInAttempts).where(eq(signInAttempts.key, keys.email));
  await db
    .update(signInAttempts)
    .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
    .where(eq(signInAttempts.key, keys.ip));
  await deleteStaleSignInAttempts(db);
}

/** Rows whose window has passed count for nothing; successful sign-ins sweep them (a small table). */
export async function deleteStaleSignInAttempts(db: Database): Promise<void> {
  await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.windowStartedAt, new Date(Date.now() - SIGN_IN_WINDOW_MS)));
}
