import { and, count, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signInFailures } from '../db/schema';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const keysFor = (email: string, ip: string) => ({ email: `email:${email.toLowerCase()}`, ip: `ip:${ip}` });

/** True when this email or this address has failed too often in the window. */
export async function isSignInLocked(db: Database, email: string, ip: string): Promise<boolean> {
  const keys = keysFor(email, ip);
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS);
  const rows = await db
    .select({ key: signInFailures.key, n: count() })
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, [keys.email, keys.ip]), gt(signInFailures.failedAt, since)))
    .groupBy(signInFailures.key);
  const failures = new Map(rows.map((r) => [r.key, r.n]));
  return (
    (failures.get(keys.email) ?? 0) >= MAX_FAILURES_PER_EMAIL ||
    (failures.get(keys.ip) ?? 0) >= MAX_FAILURES_PER_IP
  );
}

export async function recordSignInFailure(db: Database, email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  const expired = new Date(Date.now() - SIGN_IN_WINDOW_MS);
  await db.insert(signInFailures).values([{ key: keys.email }, { key: keys.ip }]);
  await db
    .delete(signInFailures)
    .where(
      and(
        or(eq(signInFailures.key, keys.email), eq(signInFailures.key, keys.ip)),
        lt(signInFailures.failedAt, expired),
      ),
    );
}

export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, keysFor(email, '').email));
}
