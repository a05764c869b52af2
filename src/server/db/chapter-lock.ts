import { AsyncLocalStorage } from 'node:async_hooks';
import { isUuid } from '../lib/uuid';

/**
 * The second lock on chapter-owned rows (docs/decisions/0039): what `app.chapter_scope` says in each
 * transaction, which the row-level security policies of migration 0031 read. '*' is every chapter; otherwise
 * chapter ids joined by commas, and '' no chapter at all.
 *
 * A request's work sees the scope its request set; work outside any request (start-up, the outbox worker, the
 * command-line tools, a test's own fixtures) is the system's and sees every chapter.
 */
export const EVERY_CHAPTER = '*';

interface LockContext {
  scope: string;
  /** The signed-in caller, whose own rows a policy may let through whatever their chapter ('' for none). */
  actorId: string;
}

const context = new AsyncLocalStorage<LockContext>();

/** What the current work's transactions run with: its chapter scope, and who is acting. */
export function lockedScope(): { scope: string; actorId: string } {
  const store = context.getStore();
  const scope = store?.scope ?? EVERY_CHAPTER;
  // Every row is visible to every chapter's scope whoever acts: leaving the actor out keeps it one setting.
  return { scope, actorId: scope === EVERY_CHAPTER ? '' : (store?.actorId ?? '') };
}

/** Sets both settings to `scope` and `actor` (SQL values), for the transaction (`local`) or the session. */
const setBoth = (scope: string, actor: string, local: boolean) =>
  `select set_config('app.chapter_scope', ${scope}, ${local}), set_config('app.actor_id', ${actor}, ${local})`;

/** For the current transaction ($1 the scope, $2 the actor). */
export const SET_LOCKED_SCOPE = setBoth('$1', '$2', true);

/** For the session: a connection of its own keeps them until they are set again. */
export const SET_SESSION_SCOPE = setBoth('$1', '$2', false);

/** `app.chapter_scope` for these chapters ('' for none); refuses anything but chapter ids, so the value is safe SQL. */
export function chapterListScope(chapterIds: readonly string[]): string {
  for (const id of chapterIds) if (!isUuid(id)) throw new Error(`Not a chapter id: ${id}`);
  return chapterIds.join(',');
}

/** Narrows the current request's remaining work (its handler, its later hooks) to `scope`, acting as `actorId`. */
export function narrowLock(scope: string, actorId = ''): void {
  const store = context.getStore();
  if (!store) throw new Error('narrowLock outside a request: nothing to narrow');
  if (actorId && !isUuid(actorId)) throw new Error(`Not an account id: ${actorId}`);
  store.scope = scope;
  store.actorId = actorId;
}

/**
 * Work that belongs to the system, not to whichever request woke it (a worker's sweep a request started):
 * it sees every chapter, as it would had a timer started it.
 */
export function asSystem<T>(work: () => T): T {
  return context.run({ scope: EVERY_CHAPTER, actorId: '' }, work);
}

/** Runs a request's work in a lock context of its own, every chapter until `narrowLock` says otherwise. */
export const runInLockContext = asSystem;

/** The statement that opens a transaction and sets its scope, in one round trip (simple protocol, no parameters). */
export function beginLocked(
  { scope, actorId }: { scope: string; actorId: string },
  escapeLiteral: (value: string) => string,
): string {
  return `begin; ${setBoth(escapeLiteral(scope), escapeLiteral(actorId), true)}`;
}
