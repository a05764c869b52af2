import { useId, useRef, useState } from 'react';
import {
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_REASONS_HEADER,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
} from '../../../../domain/imports/contracts';
import { IMPORT_FIELDS } from '../../../../domain/imports/fields';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Label } from '../../../components/ui/input';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { saveTextFile } from '../../../lib/save-file';
import { commitImport, previewImport, useAfterImport } from '../api/import-api';
import { PreviewCounts, PreviewRows } from './import-preview';
import { type LeftOut, LeftOutNotice, leaveOutChoice, leaveOutLabel, refusedFileName } from './left-out-rows';

type Busy = { step: 'preview' | 'commit'; sent: number } | null;
const KIND_TABS = IMPORT_KINDS.map((id) => ({ id, label: IMPORT_KIND_LABELS[id] }));
const HINTS: Record<ImportKind, string> = {
  members:
    'One row per member: email, first and last name, and any of business, industry, phone, website, role, member since and dues.',
  referrals:
    'One row per referral: the referrer and the recipient by email, the date, and the amount, status and customer.',
  attendance:
    'One row per member and meeting: the member by email, the meeting date and Present, Absent or Excused.',
  palms:
    "BNI's PALMS summary, one row per member and week or period: First Name, Last Name, the period's end (To) and, for a period longer than a week, its start (From), then P, A, L, M, S, RGI, RGO, RRI, RRO, V, 1-2-1, TYFCB, CEU and T.",
};
/** The refused rows' file has the original's columns and a Reasons column after them: the same columns. */
const withoutReasons = (headers: string[]) =>
  headers.at(-1) === IMPORT_REASONS_HEADER ? headers.slice(0, -1) : headers;
const sameHeaders = (a: string[], b: string[]) => {
  const [left, right] = [withoutReasons(a), withoutReasons(b)];
  return left.length === right.length && left.every((h, i) => h === right[i]);
};
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : 'We could not reach the server. Please try again.';

/** The upload's progress, then the server's work (no measure of it, so the bar moves on its own). */
function Progress({ busy }: { busy: NonNullable<Busy> }) {
  const uploading = busy.sent < 1;
  const label = uploading
    ? `Uploading ${Math.round(busy.sent * 100)}%`
    : busy.step === 'preview'
      ? 'Checking every row…'
      : 'Importing…';
  return (
    <div className="space-y-1" role="status">
      <progress
        className="h-2 w-full accent-brand-700"
        aria-label={label}
        {...(uploading ? { value: busy.sent, max: 1 } : {})}
      />
      <p className="text-sm text-slate-700">{label}</p>
    </div>
  );
}

/** Column choices: each field of this kind, read from one of the file's columns or not imported. */
function MappingFields({
  preview,
  disabled,
  onChange,
}: {
  preview: ImportPreview;
  disabled: boolean;
  onChange: (mapping: ImportMapping) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">Columns</legend>
      {IMPORT_FIELDS[preview.kind].map((field) => (
        <div key={field.key} className="space-y-1">
          <Label htmlFor={`${id}-${field.key}`}>
            {field.label}
            {field.required && ' (required)'}
          </Label>
          <NativeSelect
            id={`${id}-${field.key}`}
            value={preview.mapping[field.key] ?? ''}
            onChange={(event) => {
              const { [field.key]: _, ...rest } = preview.mapping;
              const column = event.target.value;
              onChange(column === '' ? rest : { ...rest, [field.key]: Number(column) });
            }}
          >
            <option value="">Not imported</option>
            {preview.headers.map((header, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place in the file
              <option key={column} value={column}>
                {header || `Column ${column + 1}`}
              </option>
            ))}
          </NativeSelect>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * Settings' Import: choose what the file holds, upload it, check the columns and every row,
 * then import it in one step. Nothing is written until Import. A file with errors is imported whole once
 * fixed, or its good rows only, the others downloaded with their reasons to fix and upload.
 */
export function ImportCard() {
  const fileId = useId();
  const [kind, setKind] = useState<ImportKind>('members');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [leftOut, setLeftOut] = useState<LeftOut | null>(null);
  const afterImport = useAfterImport();
  const lastColumns = useRef<Pick<ImportPreview, 'kind' | 'headers' | 'mapping'> | null>(null);

  const run = async (chosen: File, chosenKind: ImportKind, mapping?: ImportMapping) => {
    setError(null);
    setLeftOut(null);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setPreview(null);
      setError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    setBusy({ step: 'preview', sent: 0 });
    try {
      const onProgress = (sent: number) => setBusy({ step: 'preview', sent });
      let next = await previewImport(chosenKind, chosen, mapping, onProgress);
      // A corrected copy of the same file (or of its refused rows) keeps the columns chosen for the last one.
      const last = lastColumns.current;
      const fits = (chosenMapping: ImportMapping) =>
        Object.values(chosenMapping).every((column) => column < next.headers.length);
      if (
        !mapping &&
        last?.kind === chosenKind &&
        sameHeaders(last.headers, next.headers) &&
        fits(last.mapping)
      )
        next = await previewImport(chosenKind, chosen, last.mapping, onProgress);
      lastColumns.current = next;
      setPreview(next);
    } catch (err) {
      setPreview(null);
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  /** Imports the whole file, or (`leaveOut`, the rows with errors the preview showed) its good rows only. */
  const commit = async (leaveOut?: number) => {
    if (!file || !preview) return;
    setError(null);
    setBusy({ step: 'commit', sent: 0 });
    try {
      const result = await commitImport(kind, file, preview.mapping, leaveOut, (sent) =>
        setBusy({ step: 'commit', sent }),
      );
      const { create, update, unchanged, errors } = result.counts;
      toast({
        title: `${IMPORT_KIND_LABELS[kind]} imported`,
        description: `${create} new, ${update} updated, ${unchanged} unchanged${result.refusedCsv ? `, ${errors} left out` : ''}.`,
      });
      if (result.refusedCsv) {
        const refused = { rows: errors, csv: result.refusedCsv, filename: refusedFileName(file.name) };
        saveTextFile(refused.filename, refused.csv);
        setLeftOut(refused);
      }
      setPreview(null);
      setFile(null);
      await afterImport();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  const toWrite = preview ? preview.counts.create + preview.counts.update : 0;
  const good = preview ? preview.counts.rows - preview.counts.errors : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Import</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <SegmentedTabs
          label="What the file holds"
          tabs={KIND_TABS}
          active={kind}
          onSelect={(next) => {
            setKind(next);
            setPreview(null);
            setError(null);
            setLeftOut(null);
            if (file) void run(file, next);
          }}
        />
        <p className="text-sm text-slate-600">
          {HINTS[kind]} Import members before their referrals and attendance.
        </p>
        <div className="space-y-1">
          <Label htmlFor={fileId}>CSV or Excel file (.csv, .xlsx), up to 10 MB</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy !== null}
            className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setPreview(null);
              setLeftOut(null);
              if (chosen) void run(chosen, kind);
            }}
          />
        </div>
        {busy && <Progress busy={busy} />}
        {leftOut && <LeftOutNotice leftOut={leftOut} />}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {preview && file && (
          <div className="space-y-4">
            <MappingFields
              preview={preview}
              disabled={busy !== null}
              onChange={(mapping) => void run(file, kind, mapping)}
            />
            {preview.missing.length > 0 ? (
              <p role="alert" className="text-sm text-red-700">
                {IMPORT_MESSAGES.unmapped(preview.missing.join(', '))}
              </p>
            ) : (
              <>
                <PreviewCounts preview={preview} />
                {preview.counts.errors === 0 ? (
                  <Button disabled={busy !== null || toWrite === 0} onClick={() => void commit()}>
                    {toWrite === 0 ? 'Nothing to import' : `Import ${toWrite.toLocaleString('en-US')} rows`}
                  </Button>
                ) : good === 0 ? (
                  <p className="text-sm text-red-700">{IMPORT_MESSAGES.hasErrors(preview.counts.errors)}</p>
                ) : (
                  <>
                    <p className="text-sm text-red-700">{leaveOutChoice(good, preview.counts.errors)}</p>
                    <Button
                      variant="outline"
                      className="h-auto! min-h-10 whitespace-normal! text-left"
                      disabled={busy !== null}
                      onClick={() => void commit(preview.counts.errors)}
                    >
                      {leaveOutLabel(good, preview.counts.errors)}
                    </Button>
                  </>
                )}
                <PreviewRows key={JSON.stringify(preview.mapping)} preview={preview} />
              </>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
