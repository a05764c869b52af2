import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api';

/**
 * Puts a 400's `fieldErrors` on the form's fields, so the server's message shows under the field it
 * is about, and focuses the first. `fieldNames` maps the API's names to the form's where they differ
 * (the apply form says `company` for `companyName`). A field the form does not have is skipped.
 * Returns whether any field took a message; if none did, the caller still owes the user a toast.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  fieldNames: Partial<Record<string, FieldPath<T>>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  const values = form.getValues() as Record<string, unknown>;
  let applied = false;
  for (const [apiName, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldNames[apiName] ?? apiName;
    if (!messages[0] || !(field.split('.')[0]! in values)) continue;
    form.setError(field as FieldPath<T>, { type: 'server', message: messages[0] }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
