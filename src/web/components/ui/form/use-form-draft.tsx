import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useCurrentUser } from '../../../lib/auth/auth-queries';
import { ConfirmDialog } from '../confirm-dialog';
import { draftKey, readDraft, removeDraft, VISITOR, writeDraft } from './drafts';

/** Whose drafts these are: the signed-in user, else the visitor. */
export function useDraftKey(name: string): string {
  const { user } = useCurrentUser();
  return draftKey(user?.id ?? VISITOR, name);
}

/** The fields whose value differs from the form's defaults: a draft holds only what the person changed. */
function changedFields(values: Record<string, unknown>, defaults: Record<string, unknown> | undefined) {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([field, value]) => JSON.stringify(value) !== JSON.stringify(defaults?.[field]),
    ),
  );
}

/**
 * Keeps a react-hook-form form's changes as a draft (see drafts.ts) from the first keystroke until
 * `clear` (after a save) or a confirmed discard, and puts them back when the form mounts again.
 * `adoptVisitorDraft` hands what a visitor typed to the account they then signed in with (the apply
 * form's round trip through the identity provider).
 */
export function useFormDraft<T extends FieldValues, Context, Output extends FieldValues>(
  form: UseFormReturn<T, Context, Output>,
  name: string,
  adoptVisitorDraft = false,
) {
  const key = useDraftKey(name);
  const { isDirty } = form.formState;

  useEffect(() => {
    const visitorKey = draftKey(VISITOR, name);
    let saved = readDraft<Partial<T>>(key);
    if (!saved && adoptVisitorDraft && key !== visitorKey) {
      saved = readDraft<Partial<T>>(visitorKey);
      if (saved) writeDraft(key, saved);
      removeDraft(visitorKey);
    }
    if (saved) form.reset({ ...form.getValues(), ...saved }, { keepDefaultValues: true });
    // Only a person's change (a field name) is written: resets after a save or a restore are not.
    const subscription = form.watch((values, { name: field }) => {
      if (!field) return;
      const changes = changedFields(values, form.formState.defaultValues);
      if (Object.keys(changes).length > 0) writeDraft(key, changes);
      else removeDraft(key);
    });
    return () => subscription.unsubscribe();
  }, [form, key, name, adoptVisitorDraft]);

  const clear = useCallback(() => removeDraft(key), [key]);
  const discard = useConfirmDiscard();
  /** Runs `then` at once when nothing was typed; otherwise asks first, and on Discard forgets the draft. */
  const confirmDiscard = (then: () => void) =>
    discard.ask(isDirty, () => {
      clear();
      form.reset();
      then();
    });
  return { clear, confirmDiscard, discardDialog: discard.dialog };
}

/**
 * "Discard changes?" before typed work is thrown away (a Cancel, a closed dialog): `ask(dirty, discard)`
 * runs `discard` at once when nothing was typed, else only after the person confirms. Render `dialog`.
 */
export function useConfirmDiscard() {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const ask = (dirty: boolean, discard: () => void) => (dirty ? setPending(() => discard) : discard());
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title="Discard changes?"
      description="What you typed here has not been saved and will be lost."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      destructive
      onConfirm={() => {
        setPending(null);
        pending?.();
      }}
    />
  );
  return { ask, dialog };
}
