import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EARLIEST_DATE, todayIn } from '../../../../domain/dates';
import type {
  RecordEducationUnitInput,
  recordEducationUnitSchema,
} from '../../../../domain/education-units/contracts';
import { EDUCATION_UNIT_MESSAGES as M } from '../../../../domain/education-units/messages';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { applyServerErrors, DateField, Form, useFormDraft } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { useRecordEducationUnit } from '../api/education-unit-queries';
import { UnitFields } from './unit-fields';

const blank = (): RecordEducationUnitInput => ({
  earnedOn: todayIn(),
  kind: 'book_chapter',
  title: '',
  minutes: '30',
});

/** Record one education unit of mine: one slip is one unit, whatever its minutes. A draft is kept until saved. */
export function RecordUnitDialog({ onClose }: { onClose: () => void }) {
  const recordIt = useRecordEducationUnit();
  const form = useForm<RecordEducationUnitInput, unknown, z.output<typeof recordEducationUnitSchema>>({
    resolver: lazyZodResolver(() =>
      import('../../../../domain/education-units/contracts').then((m) => m.recordEducationUnitSchema),
    ),
    defaultValues: blank(),
  });
  const draft = useFormDraft(form, 'education-unit');
  const close = () => draft.confirmDiscard(onClose);
  const onSubmit = form.handleSubmit((values) =>
    recordIt.mutate(values, {
      onSuccess: (saved) => {
        draft.clear();
        toast({ title: M.recorded, description: saved.title });
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error))
          toastApiError(error, 'We could not record the education unit. Please try again.');
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Record an education unit</DialogTitle>
        <DialogDescription>
          A book chapter, a training or a podcast about your business or networking: each counts as one CEU.
        </DialogDescription>
        <Form form={form} idPrefix="unit-" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <UnitFields<RecordEducationUnitInput> />
          <DateField<RecordEducationUnitInput>
            name="earnedOn"
            label="Date"
            min={EARLIEST_DATE}
            max={todayIn()}
          />
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={close} disabled={recordIt.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={recordIt.isPending}>
              {recordIt.isPending ? 'Saving...' : 'Record it'}
            </Button>
          </div>
        </Form>
        {draft.discardDialog}
      </DialogContent>
    </Dialog>
  );
}
