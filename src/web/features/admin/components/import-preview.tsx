import { useId, useState } from 'react';
import type { ImportPreview, PreviewRow } from '../../../../domain/imports/contracts';
import { IMPORT_FIELDS } from '../../../../domain/imports/fields';
import { Pager } from '../../../components/list/pager';
import { Badge } from '../../../components/ui/badge';
import { Checkbox } from '../../../components/ui/form-controls';

const PAGE_SIZE = 25;
const ACTION_LABELS = { create: 'New', update: 'Update', unchanged: 'Unchanged' } as const;
const n = (value: number) => value.toLocaleString('en-US');

/** "480 ready: 460 new, 20 to update, 0 unchanged · 20 with errors". */
export function PreviewCounts({ preview }: { preview: ImportPreview }) {
  const { counts, newIndustries } = preview;
  return (
    <div className="space-y-1 text-sm" data-testid="import-counts">
      <p className="text-slate-900">
        {n(counts.rows)} rows: {n(counts.create)} new, {n(counts.update)} to update, {n(counts.unchanged)}{' '}
        unchanged
        {counts.errors > 0 && (
          <span className="font-semibold text-red-700">, {n(counts.errors)} with errors</span>
        )}
      </p>
      {newIndustries.length > 0 && (
        <p className="text-slate-600">New industries: {newIndustries.join(', ')}</p>
      )}
    </div>
  );
}

function RowItem({ row, preview }: { row: PreviewRow; preview: ImportPreview }) {
  // The first three mapped fields say which row it is (email and name, or both parties and the date).
  const shown = IMPORT_FIELDS[preview.kind]
    .filter((f) => row.values[f.key])
    .slice(0, 3)
    .map((f) => row.values[f.key]);
  return (
    <li className="py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">Row {row.line}</span>
        {row.action ? (
          <Badge variant={row.action === 'unchanged' ? 'secondary' : 'outline'}>
            {ACTION_LABELS[row.action]}
          </Badge>
        ) : (
          <Badge variant="destructive">Error</Badge>
        )}
        <span className="min-w-0 break-all text-slate-700">{shown.join(' · ')}</span>
      </div>
      {row.errors.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-red-700">
          {row.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Every row of the file with what importing does to it, errors first when asked, 25 at a time. */
export function PreviewRows({ preview }: { preview: ImportPreview }) {
  const toggleId = useId();
  const [errorsOnly, setErrorsOnly] = useState(preview.counts.errors > 0);
  const [page, setPage] = useState(1);
  const rows = errorsOnly ? preview.rows.filter((row) => row.errors.length > 0) : preview.rows;
  const current = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <div>
      <label className="flex items-center gap-2 text-sm text-slate-800" htmlFor={toggleId}>
        <Checkbox
          id={toggleId}
          checked={errorsOnly}
          onChange={(event) => {
            setErrorsOnly(event.target.checked);
            setPage(1);
          }}
        />
        Only rows with errors
      </label>
      <ol className="mt-2 divide-y divide-slate-100" data-testid="import-rows" aria-label="Rows of the file">
        {current.map((row) => (
          <RowItem key={row.line} row={row} preview={preview} />
        ))}
      </ol>
      {rows.length === 0 && <p className="py-2 text-sm text-slate-600">No rows with errors.</p>}
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={rows.length}
        onPage={setPage}
        label="Import preview pages"
        noun="rows"
      />
    </div>
  );
}
