import { useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import type { z } from 'zod';
import { EARLIEST_DATE, todayIn } from '../../../../domain/dates';
import type { giveReferralSchema, reportReferralSchema } from '../../../../domain/referrals/contracts';
import { REFERRAL_TYPE_LABELS, REFERRAL_TYPES } from '../../../../domain/referrals/status';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  applyServerErrors,
  DateField,
  Form,
  MoneyField,
  SelectField,
  TextareaField,
  TextField,
  useFormDraft,
} from '../../../components/ui/form';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { toast } from '../../../components/ui/toast-store';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { useReadsSettled } from '../../../lib/use-reads-settled';
import { useMemberChoice } from '../../directory';
import { useGiveReferral, useReportReferral } from '../api/referral-queries';
import { MemberPicker } from './member-picker';

const TYPE_OPTIONS = REFERRAL_TYPES.map((type) => ({ value: type, label: REFERRAL_TYPE_LABELS[type] }));

function ReferralFields<T extends Record<string, unknown>>({
  form,
  amountLabel,
  onSubmit,
  busy,
  submitLabel,
  idPrefix,
  draft,
  children,
}: {
  form: UseFormReturn<T>;
  idPrefix: string;
  /** The form's draft: Discard (shown while something is typed) forgets it, after asking. */
  draft: ReturnType<typeof useFormDraft>;
  amountLabel: string;
  onSubmit: () => void;
  busy: boolean;
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    <Form form={form} idPrefix={idPrefix} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      {children}
      <MoneyField name="amount" label={amountLabel} />
      <DateField name="saleDate" label="Date" min={EARLIEST_DATE} max={todayIn()} />
      <TextField name="customerName" label="Customer name (optional)" />
      <SelectField name="referralType" label="Referral type" options={TYPE_OPTIONS} />
      <TextareaField name="notes" label="Notes (optional)" rows={3} className="sm:col-span-2" />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" pending={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        {form.formState.isDirty && (
          <Button
            type="button"
            variant="outline"
            onClick={() => draft.confirmDiscard(() => undefined)}
            disabled={busy}
          >
            Discard
          </Button>
        )}
      </div>
      {draft.discardDialog}
    </Form>
  );
}

const blank = () => ({
  amount: '',
  customerName: '',
  saleDate: todayIn(),
  notes: '',
  referralType: 'gratitude' as const,
});

/** One referral form's setup: the lazily loaded schema, its draft, and what each answer does. */
interface ReferralFormSetup<T extends FieldValues, Output extends FieldValues> {
  schema: () => Promise<z.ZodType<Output, T>>;
  /** The form's values when empty: the party field, then the shared blanks. */
  emptied: T;
  draftName: string;
  send: (values: Output, done: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
  sent: { title: string; description: string };
  failed: string;
}

/**
 * Both referral forms work alike: on success a toast, the draft forgotten and the form emptied; on failure the
 * server's field errors on their fields and its message (or `failed`) in a toast.
 */
function useReferralForm<T extends FieldValues, Output extends FieldValues>({
  schema,
  emptied,
  draftName,
  send,
  sent,
  failed,
}: ReferralFormSetup<T, Output>) {
  const form = useForm<T, unknown, Output>({
    resolver: lazyZodResolver(schema),
    defaultValues: emptied as DefaultValues<T>,
  });
  const draft = useFormDraft(form, draftName);
  const onSubmit = form.handleSubmit((values) =>
    send(values, {
      onSuccess: () => {
        toast(sent);
        draft.clear();
        form.reset(emptied);
      },
      onError: (err) => {
        applyServerErrors(form, err);
        toastApiError(err, failed);
      },
    }),
  );
  return { form, draft, onSubmit };
}

function GiveReferralForm({ userId, chosenId }: { userId: string; chosenId: string | null }) {
  const give = useGiveReferral();
  const { form, draft, onSubmit } = useReferralForm({
    schema: () => import('../../../../domain/referrals/contracts').then((m) => m.giveReferralSchema),
    emptied: { toMemberId: '', ...blank() },
    draftName: 'referral-give',
    send: (values, done) => give.mutate(values, done),
    sent: {
      title: 'Referral Credit Sent!',
      description: 'It is pending approval by the member you credited.',
    },
    failed: 'Failed to submit referral credit',
  });
  // "Give a referral" on a directory card or profile: that member is chosen once the server knows them as
  // a current member (the picker lists them then), after any draft was put back.
  const preset = useMemberChoice(chosenId !== userId ? chosenId : null);
  const known = Boolean(chosenId && preset.isSuccess);
  useEffect(() => {
    if (known && chosenId) form.setValue('toMemberId', chosenId, { shouldDirty: true });
  }, [known, chosenId, form]);
  return (
    <ReferralFields
      idPrefix="give-"
      form={form}
      amountLabel="Amount (optional)"
      onSubmit={onSubmit}
      busy={give.isPending}
      submitLabel="Give Referral"
      draft={draft}
    >
      <MemberPicker<z.input<typeof giveReferralSchema>>
        name="toMemberId"
        label="Member you are crediting"
        userId={userId}
      />
    </ReferralFields>
  );
}

function ReportReferralForm({ userId }: { userId: string }) {
  const report = useReportReferral();
  const { form, draft, onSubmit } = useReferralForm({
    schema: () => import('../../../../domain/referrals/contracts').then((m) => m.reportReferralSchema),
    emptied: { referrerId: '', ...blank() },
    draftName: 'referral-report',
    send: (values, done) => report.mutate(values, done),
    sent: {
      title: 'Referral Reported Successfully!',
      description: 'It is pending approval by the member who referred you.',
    },
    failed: 'Failed to report referral',
  });
  return (
    <ReferralFields
      idPrefix="report-"
      form={form}
      amountLabel="Sale amount"
      onSubmit={onSubmit}
      busy={report.isPending}
      submitLabel="Report Referral"
      draft={draft}
    >
      <MemberPicker<z.input<typeof reportReferralSchema>>
        name="referrerId"
        label="Who referred this to you"
        userId={userId}
      />
    </ReferralFields>
  );
}

const MODES = [
  { id: 'give', label: 'Give Referral' },
  { id: 'report', label: 'Report Received' },
] as const;

/**
 * Referral Management: Give Referral (credit another member) and Report Received. Opened from a
 * member's "Give a referral" (`?give=<member id>`), it shows Give Referral with them chosen, in view.
 */
export function ReferralManagement({ userId }: { userId: string }) {
  const chosenId = new URLSearchParams(useSearch()).get('give');
  const [mode, setMode] = useState<(typeof MODES)[number]['id']>('give');
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!chosenId) return;
    setMode('give');
    card.current?.querySelector<HTMLElement>('#give-toMemberId')?.focus({ preventScroll: true });
  }, [chosenId]);
  // The cards above load in any order and push this one down: scroll to it once they have all arrived.
  const settled = useReadsSettled();
  useEffect(() => {
    if (chosenId && settled) card.current?.scrollIntoView({ block: 'start' });
  }, [chosenId, settled]);
  return (
    <Card className="scroll-mt-20 p-4 sm:p-6" ref={card} id="referral-management">
      <h2 className="text-lg font-semibold text-slate-900">Referral Management</h2>
      <SegmentedTabs
        label="Referral Management"
        tabs={MODES}
        active={mode}
        onSelect={setMode}
        panelId="referral-mode"
        className="mt-3"
      />
      <div id="referral-mode" role="tabpanel" aria-labelledby={`referral-mode-${mode}`} className="mt-4">
        {mode === 'give' ? (
          <GiveReferralForm userId={userId} chosenId={chosenId} />
        ) : (
          <ReportReferralForm userId={userId} />
        )}
      </div>
    </Card>
  );
}
