import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_ON_TIME_MINUTES } from '../../../../domain/attendance/meeting-messages';
import {
  type Chapter,
  type ChapterList,
  createChapterSchema,
  WEEKDAYS,
} from '../../../../domain/chapters/contracts';
import {
  DEFAULT_TIME_FORMAT,
  TIME_FORMAT_LABELS,
  TIME_FORMATS,
} from '../../../../domain/chapters/time-format';
import { formatUsd } from '../../../../domain/money';
import { DEFAULT_VISIT_LIMIT } from '../../../../domain/visitors/status';
import { Button } from '../../../components/ui/button';
import { applyServerErrors, Form, SelectField, TextField } from '../../../components/ui/form';

type Input = z.input<typeof createChapterSchema>;
type Output = z.output<typeof createChapterSchema>;
type Defaults = ChapterList['agencyDefaults'];

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** What a chapter inherits when a setting is left empty: shown beside each one. */
const agencyHint = (value: string) => `Agency default: ${value}`;

interface Props {
  idPrefix: string;
  chapter?: Chapter;
  agencyDefaults: Defaults;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: Output, onServerError: (err: unknown) => void) => void;
  onCancel?: () => void;
}

/**
 * A chapter's name and settings. Each setting left empty follows the agency's default, shown beside it,
 * so a chapter only carries what it does differently.
 */
export function ChapterForm({
  idPrefix,
  chapter,
  agencyDefaults,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: Props) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(createChapterSchema),
    defaultValues: {
      name: chapter?.name ?? '',
      meetingWeekday: text(chapter?.meetingWeekday),
      meetingTime: text(chapter?.meetingTime),
      meetingPlace: text(chapter?.meetingPlace),
      timeZone: text(chapter?.timeZone),
      defaultAnnualDues: text(chapter?.defaultAnnualDues),
      defaultCommissionPercent: text(chapter?.defaultCommissionPercent),
      missedMeetingLimit: text(chapter?.missedMeetingLimit),
      meetingUrl: text(chapter?.meetingUrl),
      onTimeMinutes: text(chapter?.onTimeMinutes),
      latesPerAbsence: text(chapter?.latesPerAbsence),
      substituteLimit: text(chapter?.substituteLimit),
      visitLimit: text(chapter?.visitLimit),
      timeFormat: chapter?.timeFormat ?? DEFAULT_TIME_FORMAT,
    },
  });
  const submit = form.handleSubmit((values) => onSubmit(values, (err) => applyServerErrors(form, err)));
  return (
    <Form form={form} idPrefix={idPrefix} onSubmit={submit} className="space-y-3">
      <TextField name="name" label="Chapter name" autoComplete="off" />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          name="meetingWeekday"
          label="Meeting day"
          placeholder="Choose a day"
          options={WEEKDAYS.map((day, i) => ({ value: String(i), label: day }))}
        />
        <TextField name="meetingTime" label="Meeting time (HH:MM)" placeholder="07:00" inputMode="numeric" />
        <SelectField
          name="timeFormat"
          label="Times shown as"
          options={TIME_FORMATS.map((format) => ({ value: format, label: TIME_FORMAT_LABELS[format] }))}
        />
        <TextField name="meetingPlace" label="Meeting place" />
        <TextField name="meetingUrl" label="Online meeting link" type="url" placeholder="https://" />
        <TextField
          name="timeZone"
          label="Time zone"
          placeholder={agencyDefaults.timeZone}
          description={agencyHint(agencyDefaults.timeZone)}
        />
        <TextField
          name="defaultAnnualDues"
          label="Default annual dues ($)"
          inputMode="decimal"
          placeholder={agencyDefaults.defaultAnnualDues}
          description={agencyHint(formatUsd(agencyDefaults.defaultAnnualDues))}
        />
        <TextField
          name="defaultCommissionPercent"
          label="Default commission (%)"
          inputMode="decimal"
          description={agencyHint(
            agencyDefaults.defaultCommissionPercent ? `${agencyDefaults.defaultCommissionPercent}%` : 'none',
          )}
        />
        <TextField
          name="missedMeetingLimit"
          label="Attendance limit (missed meetings)"
          inputMode="numeric"
          placeholder={String(agencyDefaults.missedMeetingLimit)}
          description={agencyHint(`${agencyDefaults.missedMeetingLimit} meetings`)}
        />
        <TextField
          name="onTimeMinutes"
          label="On time until (minutes after the start)"
          inputMode="numeric"
          placeholder={String(DEFAULT_ON_TIME_MINUTES)}
          description={`Later is Late. Built-in: ${DEFAULT_ON_TIME_MINUTES} minutes`}
        />
        <TextField
          name="latesPerAbsence"
          label="Lates that make one absence"
          inputMode="numeric"
          description="Empty: a late is never an absence"
        />
        <TextField
          name="substituteLimit"
          label="Substitutes allowed in six months"
          inputMode="numeric"
          description="Empty: no limit. A substitute is never an absence"
        />
        <TextField
          name="visitLimit"
          label="Visits before a visitor is asked to apply"
          inputMode="numeric"
          placeholder={String(DEFAULT_VISIT_LIMIT)}
          description={`Built-in: ${DEFAULT_VISIT_LIMIT}`}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" pending={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
