import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EARLIEST_DATE, todayIn } from '../../../../domain/dates';
import type {
  WriteTestimonialInput,
  writeTestimonialSchema,
} from '../../../../domain/testimonials/contracts';
import {
  TESTIMONIAL_MESSAGES as M,
  TESTIMONIAL_GIVEN_IN,
  TESTIMONIAL_GIVEN_IN_LABELS,
} from '../../../../domain/testimonials/messages';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import {
  applyServerErrors,
  DateField,
  Form,
  RadioGroupField,
  TextareaField,
  useFormDraft,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { MemberPicker } from '../../referrals';
import { useWriteTestimonial } from '../api/testimonial-queries';

const GIVEN_IN_OPTIONS = TESTIMONIAL_GIVEN_IN.map((value) => ({
  value,
  label: TESTIMONIAL_GIVEN_IN_LABELS[value],
}));

/** Write a testimonial for another member; they are told, and choose whether their profile shows it. */
export function WriteTestimonialDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const writeIt = useWriteTestimonial();
  const form = useForm<WriteTestimonialInput, unknown, z.output<typeof writeTestimonialSchema>>({
    resolver: lazyZodResolver(() =>
      import('../../../../domain/testimonials/contracts').then((m) => m.writeTestimonialSchema),
    ),
    defaultValues: { forMemberId: '', body: '', givenIn: 'meeting', givenOn: todayIn() },
  });
  const draft = useFormDraft(form, 'testimonial');
  const close = () => draft.confirmDiscard(onClose);
  const onSubmit = form.handleSubmit((values) =>
    writeIt.mutate(values, {
      onSuccess: (saved) => {
        draft.clear();
        toast({ title: M.written, description: `${saved.other?.name ?? 'The member'} is told.` });
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error))
          toastApiError(error, 'We could not send the testimonial. Please try again.');
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Write a testimonial</DialogTitle>
        <DialogDescription>
          It counts for you. The member is told and decides whether it shows on their public profile.
        </DialogDescription>
        <Form form={form} idPrefix="testimonial-" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <MemberPicker<WriteTestimonialInput> name="forMemberId" label="Who is it for?" userId={userId} />
          </div>
          <TextareaField<WriteTestimonialInput>
            name="body"
            label="Testimonial"
            rows={5}
            className="sm:col-span-2"
          />
          <RadioGroupField<WriteTestimonialInput>
            name="givenIn"
            label="How was it given?"
            options={GIVEN_IN_OPTIONS}
          />
          <DateField<WriteTestimonialInput> name="givenOn" label="Date" min={EARLIEST_DATE} max={todayIn()} />
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={close} disabled={writeIt.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={writeIt.isPending}>
              {writeIt.isPending ? 'Sending...' : 'Send it'}
            </Button>
          </div>
        </Form>
        {draft.discardDialog}
      </DialogContent>
    </Dialog>
  );
}
