import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { industryInputSchema } from '../../../../domain/admin/contracts';
import { Button } from '../../../components/ui/button';
import { applyServerErrors, Form, TextareaField, TextField } from '../../../components/ui/form';

type Input = z.input<typeof industryInputSchema>;
type Output = z.output<typeof industryInputSchema>;

interface Props {
  /** Distinguishes the create form's ids from each row's edit form. */
  idPrefix: string;
  initial?: { name: string; description: string | null };
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: Output, onServerError: (err: unknown) => void) => void;
  onCancel: () => void;
}

/** The inline create and edit form of the Industries panel. */
export function IndustryForm({ idPrefix, initial, submitLabel, busy, onSubmit, onCancel }: Props) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(industryInputSchema),
    defaultValues: { name: initial?.name ?? '', description: initial?.description ?? '' },
  });
  const submit = form.handleSubmit((values) => onSubmit(values, (err) => applyServerErrors(form, err)));
  return (
    <Form form={form} idPrefix={idPrefix} onSubmit={submit} className="space-y-3">
      <TextField name="name" label="Industry name" autoComplete="off" autoFocus />
      <TextareaField name="description" label="Description (optional)" rows={2} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" size="sm" pending={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
