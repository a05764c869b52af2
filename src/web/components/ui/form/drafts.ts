/**
 * Drafts of what a person typed, kept in this browser's localStorage under their own user id, so a
 * reload, a tab switch or a closed tab costs nothing until they save or discard. Every
 * call swallows storage errors: with storage off or full the form still works, it just is not kept.
 */
const PREFIX = 'draft:';

/** The owner of drafts typed before signing in (the apply form's visitor). */
export const VISITOR = 'visitor';

export const draftKey = (owner: string, name: string) => `${PREFIX}${owner}:${name}`;

export function readDraft<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not kept; see above.
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/** Forgets every draft of one owner: signing out on a shared computer leaves nothing of theirs behind. */
export function removeDraftsOf(owner: string): void {
  try {
    const mine = `${PREFIX}${owner}:`;
    for (const key of Object.keys(localStorage)) if (key.startsWith(mine)) localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
