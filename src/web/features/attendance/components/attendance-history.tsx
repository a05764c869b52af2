import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AttendanceSubmission } from '../../../../domain/attendance/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/dates';
import { MeetingRecord } from './meeting-record';

/** Attendance history: one line per meeting with its totals; a meeting opens its records. */
export function AttendanceHistory({ submissions }: { submissions: AttendanceSubmission[] }) {
  const [openDate, setOpenDate] = useState<string | null>(null);
  const open = submissions.find((s) => s.date === openDate);
  // Focus follows the view (issue 38.3): the opened meeting's heading, and on Back the meeting's line.
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (openDate) detailHeading.current?.focus();
    else if (lastOpened)
      list.current?.querySelector<HTMLButtonElement>(`[data-date="${lastOpened}"]`)?.focus();
  }, [openDate, lastOpened]);
  const show = (date: string | null) => {
    if (openDate) setLastOpened(openDate);
    setOpenDate(date);
  };
  return (
    <Card className="p-4 sm:p-6 print:hidden">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Attendance History</h2>
        <a
          className="text-sm font-medium text-brand-700 hover:underline"
          href={`/api/attendance/records.csv${open ? `?date=${open.date}` : ''}`}
          download
        >
          Export CSV
        </a>
      </div>
      {open ? (
        <div className="mt-3 max-h-[500px] overflow-y-auto" data-testid="attendance-detail">
          <Button variant="outline" size="sm" onClick={() => show(null)}>
            <ArrowLeft aria-hidden /> Back
          </Button>
          <h3
            ref={detailHeading}
            tabIndex={-1}
            className="mt-3 font-semibold text-slate-900 focus:outline-none"
          >
            {formatDate(open.date, 'long')}
          </h3>
          <p className="text-sm text-slate-600">
            {open.totalMembers} member{open.totalMembers === 1 ? '' : 's'}
          </p>
          <ul className="mt-2 divide-y divide-slate-100">
            {open.records.map((record) => (
              <MeetingRecord key={record.id} record={record} />
            ))}
          </ul>
        </div>
      ) : submissions.length === 0 ? (
        <p className="mt-3 text-slate-600">No attendance submissions found</p>
      ) : (
        <ul ref={list} className="mt-3 max-h-[600px] divide-y divide-slate-100 overflow-y-auto">
          {submissions.map((s) => (
            <li key={s.date}>
              <button
                type="button"
                onClick={() => show(s.date)}
                data-date={s.date}
                className="flex w-full flex-wrap items-center justify-between gap-2 py-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                data-testid="attendance-meeting"
              >
                <span>
                  <span className="font-medium text-slate-900">{formatDate(s.date, 'long')}</span>
                  <span className="ml-2 text-sm text-slate-600">
                    {s.totalMembers} submission{s.totalMembers === 1 ? '' : 's'}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {s.totalPresent} present · {s.totalAbsent} absent · {s.totalExcused} excused
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
