import { useMemo, useState } from 'react';
import { type DoorCounts, isCheckedIn } from '../../../../domain/attendance/check-in';
import { ATTENDANCE_STATUS_LABELS } from '../../../../domain/attendance/status';
import type { TimeFormat } from '../../../../domain/chapters/time-format';
import { formatClockTime } from '../../../lib/dates';
import { FindMember } from '../components/find-member';
import { DoorTapButton } from './door-tap-button';
import { actionFor, type DoorRow } from './tap-queue';

/** "Present 7:02", "Late 7:09", "Excused", or the hint to tap. */
function markOf(row: DoorRow, timeZone: string, timeFormat: TimeFormat): string {
  if (!row.status) return 'Tap to check in';
  const label = ATTENDANCE_STATUS_LABELS[row.status];
  return row.checkedInAt ? `${label} ${formatClockTime(row.checkedInAt, timeZone, timeFormat)}` : label;
}

/** The counts at the top of the door: present, late, expected, away. */
export function DoorCountsBar({ counts }: { counts: DoorCounts }) {
  const items: [string, number][] = [
    ['Present', counts.present],
    ['Late', counts.late],
    ['Expected', counts.expected],
    ['Away', counts.away],
  ];
  return (
    <dl className="grid grid-cols-4 gap-2 text-center" data-testid="door-counts">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md bg-white px-1 py-2 shadow-sm ring-1 ring-slate-200">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd
            className="text-xl font-semibold text-slate-900"
            data-testid={`door-count-${label.toLowerCase()}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Every member as one large tap target: tap = in (Present, or Late after the cut-off), tap
 * again = taken back. A search narrows the list; what waits to be sent is marked.
 */
export function DoorList({
  rows,
  timeZone,
  timeFormat,
  onTap,
}: {
  timeZone: string;
  timeFormat: TimeFormat;
  rows: DoorRow[];
  onTap: (memberId: string, action: ReturnType<typeof actionFor>) => void;
}) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      needle ? rows.filter((r) => `${r.name} ${r.businessName ?? ''}`.toLowerCase().includes(needle)) : rows,
    [rows, needle],
  );
  return (
    <div>
      <FindMember id="door-find" className="space-y-1" value={search} onChange={setSearch} />
      {rows.length === 0 ? (
        <p className="mt-4 text-slate-600">No members to check in yet.</p>
      ) : shown.length === 0 ? (
        <p className="mt-4 text-slate-600">No members match &ldquo;{search.trim()}&rdquo;.</p>
      ) : null}
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((row) => {
          const isIn = isCheckedIn(row.status);
          return (
            <li key={row.id}>
              <DoorTapButton
                isIn={isIn}
                tone={
                  (row.status === 'present' && 'border-emerald-600 bg-emerald-50') ||
                  (row.status === 'late' && 'border-amber-600 bg-amber-50') ||
                  (!isIn && 'border-slate-300 bg-white hover:bg-slate-50')
                }
                name={row.name}
                detail={row.businessName}
                mark={markOf(row, timeZone, timeFormat)}
                waiting={row.waiting}
                testId="door-member"
                markTestId="door-mark"
                onClick={() => onTap(row.id, actionFor(row.status))}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
