import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../db/client';
import { signInAttempts } from '../db/schema';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Guesses at one account from one address in a window; past it that address is refused for that account. */
export const MAX_GUESSES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Attempts from one address in a window, whatever the accounts; past it the address is refused. */
export const MAX_ATTEMPTS_PER_IP = 20;
/** Checked attempts at one account, from anywhere, before each further one is slowed (never refused). */
export const ACCOUNT_SLOWS_AFTER = 5;
/** The first slowed attempt waits this long, each next one twice as long, up to the most. */
export const ACCOUNT_FIRST_DELAY_MS = 1000;
export const ACCOUNT_MAX_DELAY_MS = 8000;

const keysFor = (email: string, ip: string) => {
  const account = email.toLowerCase();
  return { accountAtAddress: `email:${account}|ip:${ip}`, ip: `ip:${ip}`, account: `email:${account}` };
};

/** How long the account's `attempts`-th checked attempt in a window waits before its password is looked at. */
export function accountDelayMs(attempts: number): number {
  if (attempts <= ACCOUNT_SLOWS_AFTER) return 0;
  return Math.min(ACCOUNT_FIRST_DELAY_MS * 2 ** (attempts - ACCOUNT_SLOWS_AFTER - 1), ACCOUNT_MAX_DELAY_MS);
}

export type SignInReservation = { retryAfterSeconds: number } | { delayMs: number };

/**
 * Bumps each key's count in its fixed window, in one atomic upsert (each row locked while it is bumped, so N
 * parallel guesses get N distinct counts, exactly as N sequential ones would), and answers each key's count and
 * the seconds left in its window. Keys are always bumped in the order given, so two requests never wait on each
 * other in opposite order.
 */
async function bump(db: Database, keys: string[]) {
  const windowSeconds = SIGN_IN_WINDOW_MS / 1000;
  const values = sql.join(
    keys.map((key) => sql`(${key}, now(), 1)`),
    sql`, `,
  );
  return selectRows<{ key: string; attempts: number; seconds_left: number }>(
    db,
    sql`insert into sign_in_attempts as a (key, window_started_at, attempts)
        values ${values}
        on conflict (key) do update set
          attempts = case when a.window_started_at < now() - make_interval(secs => ${windowSeconds})
                          then 1 else a.attempts + 1 end,
          window_started_at = case when a.window_started_at < now() - make_interval(secs => ${windowSeconds})
                                   then now() else a.window_started_at end
        returning key, attempts, greatest(1, ceil(extract(epoch from
          window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as seconds_left`,
  );
}

/**
 * Reserves one attempt before any password is checked (docs/decisions/0040). Guesses from one place are
 * refused: past 5 at one account from one address, or 20 from one address at any accounts, the answer is
 * `retryAfterSeconds` (when the fuller window ends) and nothing is checked. An account is never refused for
 * guesses made elsewhere: past 5 checked attempts from anywhere, each further one is only slowed (`delayMs`),
 * so wrong guesses from one place cannot lock the member out from another.
 */
export async function reserveSignInAttempt(
  db: Database,
  email: string,
  ip: string,
): Promise<SignInReservation> {
  const keys = keysFor(email, ip);
  const limits = {
    [keys.accountAtAddress]: MAX_GUESSES_PER_ACCOUNT_AND_ADDRESS,
    [keys.ip]: MAX_ATTEMPTS_PER_IP,
  };
  const refusing = await bump(db, [keys.accountAtAddress, keys.ip]);
  const over = refusing.filter((r) => Number(r.attempts) > (limits[r.key] ?? 0));
  if (over.length > 0) return { retryAfterSeconds: Math.max(...over.map((r) => Number(r.seconds_left))) };
  const [account] = await bump(db, [keys.account]);
  return { delayMs: accountDelayMs(Number(account?.attempts ?? 0)) };
}

/**
 * A successful sign-in clears its account's counts and gives the address its attempt back, so colleagues
 * behind one office router are not locked out by each other's successful sign-ins.
 */
export async function settleSuccessfulSignIn(db: Database, email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  await db.delete(signInAttempts).where(inArray(signInAttempts.key, [keys.accountAtAddress, keys.account]));
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
