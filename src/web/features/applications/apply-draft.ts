import type { ApplicationForm } from '../../../domain/applications/contracts';

const KEY = 'apply-draft';

/**
 * The /apply form's answers, kept in this tab's session storage while the visitor signs in, so the
 * round trip through the identity provider does not cost them the form (issue 8.7).
 */
export function loadApplyDraft(): Partial<ApplicationForm> | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<ApplicationForm>) : undefined;
  } catch {
    return undefined;
  }
}

export function saveApplyDraft(values: Partial<ApplicationForm>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(values));
  } catch {
    // Storage off or full: the form still works, it just is not kept.
  }
}

export function clearApplyDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
