import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { MeetingSummary } from '../../../../domain/attendance/contracts';
import { LoadMore } from '../../../components/list/load-more';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { withActingChapter } from '../../../lib/acting-chapter';
import { formatDate } from '../../../lib/dates';
import { loadedItems } from '../../../lib/paged-query';
import { useMeetingRecords, useMeetings } from '../api/attendance-queries';
import { MeetingRecord } from './meeting-record';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Attendance history: one line per meeting with its totals, ten meetings at a time ("Load more"); a
 * meeting opens its records, a page at a time.
 */
export function AttendanceHistory() {
  const meetings = useMeetings();
  const loaded = loadedItems(meetings);
  const [picked, setOpen] = useState<MeetingSummary | null>(null);
  // The opened meeting as last loaded, so its totals follow an edit or a delete.
  const open = picked && (loaded.data?.find((m) => m.date === picked.date) ?? picked);
  // Focus follows the view (issue 38.3): the opened meeting's heading, and on Back the meeting's line.
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) detailHeading.current?.focus();
    else if (lastOpened)
      list.current?.querySelector<HTMLButtonElement>(`[data-date="${lastOpened}"]`)?.focus();
  }, [open, lastOpened]);
  const show = (meeting: MeetingSummary | null) => {
    if (open) setLastOpened(open.date);
    setOpen(meeting);
  };
  return (
    <Card className="p-4 sm:p-6 print:hidden">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Attendance History</h2>
        <a
          className="text-sm font-medium text-brand-700 hover:underline"
          href={withActingChapter(`/api/attendance/records.csv${open ? `?date=${open.date}` : ''}`)}
          download
        >
          Export CSV
        </a>
      </div>
      {open ? (
        <MeetingDetail meeting={open} headingRef={detailHeading} onBack={() => show(null)} />
      ) : (
        <QueryState
          query={loaded}
          loading={<Spinner />}
          error="We could not load attendance. Please try again."
          empty="No attendance submissions found"
          isEmpty={(items) => items.length === 0}
        >
          {(items) => (
            <>
              <ul ref={list} className="mt-3 divide-y divide-slate-100">
                {items.map((s) => (
                  <li key={s.date}>
                    <button
                      type="button"
                      onClick={() => show(s)}
                      data-date={s.date}
                      className="flex w-full flex-wrap items-center justify-between gap-2 py-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                      data-testid="attendance-meeting"
                    >
                      <span>
                        <span className="font-medium text-slate-900">{formatDate(s.date, 'long')}</span>
                        <span className="ml-2 text-sm text-slate-600">
                          {plural(s.totalMembers, 'submission')}
                        </span>
                      </span>
                      <span className="text-sm text-slate-700">
                        {s.totalPresent} present · {s.totalAbsent} absent · {s.totalExcused} excused
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <LoadMore query={meetings} />
            </>
          )}
        </QueryState>
      )}
    </Card>
  );
}

/** One meeting's records by name, a page at a time. */
function MeetingDetail({
  meeting,
  headingRef,
  onBack,
}: {
  meeting: MeetingSummary;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
}) {
  const records = useMeetingRecords(meeting.date);
  return (
    <div className="mt-3" data-testid="attendance-detail">
      <Button variant="outline" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden /> Back
      </Button>
      <h3 ref={headingRef} tabIndex={-1} className="mt-3 font-semibold text-slate-900 focus:outline-none">
        {formatDate(meeting.date, 'long')}
      </h3>
      <p className="text-sm text-slate-600">{plural(meeting.totalMembers, 'member')}</p>
      <QueryState
        query={loadedItems(records)}
        loading={<Spinner />}
        error="We could not load this meeting's records. Please try again."
        empty="No records for this meeting"
        isEmpty={(items) => items.length === 0}
      >
        {(items) => (
          <>
            <ul className="mt-2 divide-y divide-slate-100">
              {items.map((record) => (
                <MeetingRecord key={record.id} record={record} />
              ))}
            </ul>
            <LoadMore query={records} />
          </>
        )}
      </QueryState>
    </div>
  );
}
