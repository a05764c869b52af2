import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type {
  VisitFormOutput,
  VisitForm as VisitFormValues,
  VisitPage,
} from '../../../../domain/visitors/contracts';
import { Button, ButtonLink } from '../../../components/ui/button';
import {
  applyServerErrors,
  Form,
  RadioGroupField,
  SelectField,
  TextareaField,
  TextField,
  useFormDraft,
} from '../../../components/ui/form';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { useRegisterVisit } from '../api/visitor-queries';
import { EMPTY_VISITOR, meetingLabel } from './visitor-form-values';

const EMPTY: VisitFormValues = { ...EMPTY_VISITOR, meetingId: '', invitedById: '' };

const findSeat = (openSeats: readonly string[], industry: string | null | undefined) =>
  openSeats.find((seat) => seat.toLowerCase() === (industry ?? '').trim().toLowerCase());

/**
 * The visit form: which meeting, who they are, who invited them. The hidden "website" field is for bots
 * (a person never sees it); the page's token tells the server when the form was handed out.
 */
export function VisitForm({
  page,
  openSeats,
  onRegistered,
}: {
  page: VisitPage;
  openSeats: readonly string[];
  onRegistered: (message: string) => void;
}) {
  const register = useRegisterVisit(page.chapter.slug);
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useForm<VisitFormValues, unknown, VisitFormOutput>({
    resolver: lazyZodResolver(() =>
      import('../../../../domain/visitors/contracts').then((m) => m.visitFormSchema),
    ),
    defaultValues: { ...EMPTY, meetingId: page.meetings[0]?.id ?? '' },
  });
  const draft = useFormDraft(form, `visit:${page.chapter.slug}`);
  // An open seat's link names its industry (?industry=): the form starts with it, unless a draft has one.
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('industry');
    if (asked && !form.getValues('industry')) form.setValue('industry', asked);
  }, [form]);
  const seat = findSeat(openSeats, form.watch('industry'));
  const emailError = form.formState.errors.email?.message ?? '';

  const onSubmit = form.handleSubmit((values) => {
    register.mutate(
      { ...values, website: honeypot.current?.value ?? '', formToken: page.formToken },
      {
        onSuccess: (answer) => {
          draft.clear();
          onRegistered(answer.message);
        },
        onError: (error) => {
          if (!applyServerErrors(form, error))
            toastApiError(error, 'We could not register you. Please try again.');
        },
      },
    );
  });

  return (
    <Form form={form} onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <RadioGroupField<VisitFormValues>
        name="meetingId"
        label="Which meeting?"
        className="sm:col-span-2 [&>div]:flex-col"
        options={page.meetings.map((m) => ({ value: m.id, label: meetingLabel(m, page.chapter.timeFormat) }))}
      />
      <TextField<VisitFormValues> name="firstName" label="First name" autoComplete="given-name" />
      <TextField<VisitFormValues> name="lastName" label="Last name" autoComplete="family-name" />
      <TextField<VisitFormValues> name="email" type="email" label="Email" autoComplete="email" />
      <TextField<VisitFormValues> name="phone" type="tel" label="Phone (optional)" autoComplete="tel" />
      <TextField<VisitFormValues> name="business" label="Business (optional)" autoComplete="organization" />
      <div className="space-y-1">
        <TextField<VisitFormValues>
          name="industry"
          label="Industry (optional)"
          list="visit-open-seats"
          description={
            seat ? undefined : openSeats.length > 0 ? `Open seats: ${openSeats.join(', ')}` : undefined
          }
        />
        <datalist id="visit-open-seats">
          {openSeats.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {seat && (
          <p className="text-sm font-medium text-brand-800" data-testid="open-seat-note">
            The {seat} seat is open: you could fill it.
          </p>
        )}
      </div>
      <SelectField<VisitFormValues>
        name="invitedById"
        label="Who invited you? (optional)"
        placeholder="Nobody: I found you myself"
        className="sm:col-span-2"
        options={page.members.map((m) => ({ value: m.id, label: m.name }))}
      />
      <TextareaField<VisitFormValues>
        name="note"
        label="Anything we should know? (optional)"
        rows={3}
        className="sm:col-span-2"
      />
      {/* For bots only: hidden from people and from screen readers, never filled by a person. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {emailError.includes('apply for membership') && (
        <div className="sm:col-span-2">
          <ButtonLink variant="accent" href={`/apply?chapter=${page.chapter.slug}`}>
            Apply for membership
          </ButtonLink>
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={register.isPending}>
          {register.isPending ? 'Registering…' : 'Register to visit'}
        </Button>
      </div>
    </Form>
  );
}
