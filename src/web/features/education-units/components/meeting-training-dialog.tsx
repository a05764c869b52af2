import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type {
  RecordMeetingEducationInput,
  recordMeetingEducationSchema,
} from '../../../../domain/education-units/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { applyServerErrors, Form } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { useRecordMeetingEducation } from '../api/education-unit-queries';
import { UnitFields } from './unit-fields';

/** Leadership records a chapter training: one education unit for everyone recorded present or late. */
export function MeetingTrainingDialog({ meetingId, onClose }: { meetingId: string; onClose: () => void }) {
  const recordIt = useRecordMeetingEducation(meetingId);
  const form = useForm<RecordMeetingEducationInput, unknown, z.output<typeof recordMeetingEducationSchema>>({
    resolver: lazyZodResolver(() =>
      import('../../../../domain/education-units/contracts').then((m) => m.recordMeetingEducationSchema),
    ),
    defaultValues: { kind: 'training', title: '', minutes: '10' },
  });
  const onSubmit = form.handleSubmit((values) =>
    recordIt.mutate(values, {
      onSuccess: ({ recorded, present }) => {
        toast({
          title: 'Education units recorded',
          description:
            recorded === present
              ? present === 1
                ? 'One for the member present.'
                : `One for each of the ${present} members present.`
              : `${recorded} added; the others present already had this one.`,
        });
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error))
          toastApiError(error, 'We could not record the training. Please try again.');
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Record a chapter training</DialogTitle>
        <DialogDescription>
          Everyone recorded present or late at this meeting gets one education unit, dated the meeting&apos;s
          day.
        </DialogDescription>
        <Form form={form} idPrefix="training-" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <UnitFields<RecordMeetingEducationInput> />
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={recordIt.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={recordIt.isPending}>
              {recordIt.isPending ? 'Saving...' : 'Record for everyone present'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
