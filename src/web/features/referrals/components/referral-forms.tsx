import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EARLIEST_DATE, todayIn } from '../../../../domain/dates';
import { displayName } from '../../../../domain/members/display-name';
import {
  giveReferralSchema,
  REFERRAL_TYPE_LABELS,
  REFERRAL_TYPES,
  reportReferralSchema,
} from '../../../../domain/referrals/contracts';
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
import { Input, Label } from '../../../components/ui/input';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useMemberChoices } from '../../directory/api/directory-queries';
import { useGiveReferral, useReportReferral } from '../api/referral-queries';

const TYPE_OPTIONS = REFERRAL_TYPES.map((type) => ({ value: type, label: REFERRAL_TYPE_LABELS[type] }));

/** The member picker: every member but me, narrowed by a search over name and business. */
function MemberPicker({ name, label, userId }: { name: string; label: string; userId: string }) {
  const members = useMemberChoices();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const options = (members.data ?? [])
    .filter((m) => m.id !== userId)
    .filter((m) => !needle || `${displayName(m)} ${m.businessName ?? ''}`.toLowerCase().includes(needle))
    .map((m) => ({
      value: m.id,
      label: m.businessName ? `${displayName(m)} (${m.businessName})` : displayName(m),
    }));
  return (
    <div className="space-y-2 sm:col-span-2">
      <div className="space-y-1">
        <Label htmlFor={`${name}-search`}>Search members</Label>
        <Input
          id={`${name}-search`}
          type="search"
          placeholder="Name or business"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <SelectField
        name={name}
        label={label}
        placeholder={members.isLoading ? 'Loading members...' : 'Select a member'}
        options={options}
      />
    </div>
  );
}

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

function GiveReferralForm({ userId }: { userId: string }) {
  const give = useGiveReferral();
  const form = useForm<z.input<typeof giveReferralSchema>, unknown, z.output<typeof giveReferralSchema>>({
    resolver: zodResolver(giveReferralSchema),
    defaultValues: { toMemberId: '', ...blank() },
  });
  const draft = useFormDraft(form, 'referral-give');
  const onSubmit = form.handleSubmit((values) =>
    give.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Referral Credit Sent!',
          description: 'It is pending approval by the member you credited.',
        });
        draft.clear();
        form.reset({ toMemberId: '', ...blank() });
      },
      onError: (err) => {
        applyServerErrors(form, err);
        toastApiError(err, 'Failed to submit referral credit');
      },
    }),
  );
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
      <MemberPicker name="toMemberId" label="Member you are crediting" userId={userId} />
    </ReferralFields>
  );
}

function ReportReferralForm({ userId }: { userId: string }) {
  const report = useReportReferral();
  const form = useForm<z.input<typeof reportReferralSchema>, unknown, z.output<typeof reportReferralSchema>>({
    resolver: zodResolver(reportReferralSchema),
    defaultValues: { referrerId: '', ...blank() },
  });
  const draft = useFormDraft(form, 'referral-report');
  const onSubmit = form.handleSubmit((values) =>
    report.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Referral Reported Successfully!',
          description: 'It is pending approval by the member who referred you.',
        });
        draft.clear();
        form.reset({ referrerId: '', ...blank() });
      },
      onError: (err) => {
        applyServerErrors(form, err);
        toastApiError(err, 'Failed to report referral');
      },
    }),
  );
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
      <MemberPicker name="referrerId" label="Who referred this to you" userId={userId} />
    </ReferralFields>
  );
}

const MODES = [
  { id: 'give', label: 'Give Referral' },
  { id: 'report', label: 'Report Received' },
] as const;

/** Referral Management: Give Referral (credit another member) and Report Received. */
export function ReferralManagement({ userId }: { userId: string }) {
  const [mode, setMode] = useState<(typeof MODES)[number]['id']>('give');
  return (
    <Card className="p-4 sm:p-6">
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
        {mode === 'give' ? <GiveReferralForm userId={userId} /> : <ReportReferralForm userId={userId} />}
      </div>
    </Card>
  );
}
