import { Download, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import {
  WEEK_REPORT_COLUMNS,
  type WeekFigures,
  type WeekReport,
} from '../../../../domain/attendance/week-report';
import { formatUsd } from '../../../../domain/money';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { meetingInDashboard, meetingUrl } from '../api/meeting-queries';
import { useWeekReport } from '../api/week-report-queries';
import { BackToMeeting } from '../components/back-to-meeting';

const cell = (figures: WeekFigures, key: keyof WeekFigures) =>
  key === 'closedBusiness' ? formatUsd(figures.closedBusiness) : String(figures[key]);

/**
 * The week's PALMS report: a closed meeting's figures per member and the chapter's totals,
 * with the CSV and a print view (the site's header, footer and buttons stay off paper).
 */
export default function WeekReportPage() {
  const { id = '' } = useParams<{ id: string }>();
  const report = useWeekReport(id);
  const data = report.data;
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-4 sm:py-6 print:max-w-none print:p-0">
      <BackToMeeting meetingId={id} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">PALMS report</h1>
          {data && (
            <p className="text-slate-700">
              {data.meeting.chapterName} · {formatDate(data.meeting.meetingDate, 'long')} · the week{' '}
              {formatDate(data.week.from)} to {formatDate(data.week.to)}
              {data.meeting.edition > 1 && (
                <Badge variant="warning" className="ml-2">
                  Corrected after a reopen
                </Badge>
              )}
            </p>
          )}
        </div>
        {data && (
          <div className="flex flex-wrap gap-2 print:hidden">
            <a
              className="inline-flex min-h-11 items-center gap-1 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
              href={meetingUrl(id, 'report.csv')}
              download
            >
              <Download aria-hidden className="size-4" /> Download CSV
            </a>
            <Button variant="outline" className="min-h-11" onClick={() => window.print()}>
              <Printer aria-hidden className="size-4" /> Print
            </Button>
          </div>
        )}
      </div>
      {report.isError && !data ? (
        <ReportError error={report.error} meetingId={id} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <div role="status" aria-label="Loading the report" className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <ReportTable report={data} />
      )}
    </div>
  );
}

function ReportError({
  error,
  meetingId,
  onRetry,
}: {
  error: Error;
  meetingId: string;
  onRetry: () => void;
}) {
  // Not allowed (403), not found (404) or a week not closed yet (409) says so; anything else can be retried.
  const known = error instanceof ApiError && [403, 404, 409].includes(error.status);
  return (
    <Card role="alert" className="space-y-3 p-4">
      <p className={known ? 'text-slate-700' : 'text-red-700'}>
        {known ? (error as ApiError).serverMessage : 'We could not load the report. Please try again.'}
      </p>
      {known ? (
        <Link className="font-medium text-brand-700 hover:underline" href={meetingInDashboard(meetingId)}>
          Go to the meeting
        </Link>
      ) : (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Card>
  );
}

const LEGEND =
  'P present · A absent · L late · M medical (excused) · S substitute · RGI / RGO referrals given inside / outside the chapter · RRI / RRO referrals received inside / outside · V visitors · 1-2-1 one-to-ones · TYFCB closed business · CEU education units · T testimonials written.';

/** The report: a member per card on a phone, where every figure is read without scrolling; a table wider up. */
function ReportTable({ report }: { report: WeekReport }) {
  if (report.rows.length === 0) {
    return <Card className="p-4 text-slate-700">No one was recorded at this meeting.</Card>;
  }
  return (
    <>
      <ReportCards report={report} />
      <ReportGrid report={report} />
    </>
  );
}

/** One card per member, each figure named, then the chapter's totals: a phone's whole report, top to bottom. */
function ReportCards({ report }: { report: WeekReport }) {
  const card = (key: string, title: ReactNode, figures: WeekFigures, testId?: string) => (
    <li key={key} className="rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <div className="font-medium text-slate-900">{title}</div>
      <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-1 text-sm">
        {WEEK_REPORT_COLUMNS.map((c) => (
          <div
            key={c.key}
            className={`flex items-baseline justify-between gap-1 whitespace-nowrap ${c.key === 'closedBusiness' ? 'col-span-2' : ''}`}
          >
            <dt className="text-slate-600">
              <abbr title={c.header} className="no-underline">
                {c.short}
              </abbr>
            </dt>
            <dd className={`tabular-nums ${figures[c.key] === 0 ? 'text-slate-500' : 'text-slate-900'}`}>
              {cell(figures, c.key)}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
  return (
    <section
      className="sm:hidden print:hidden"
      aria-label="Each member's figures"
      data-testid="week-report-cards"
    >
      <ul className="space-y-2">
        {report.rows.map((row) =>
          card(
            row.memberId,
            <>
              {row.memberName}
              {row.businessName && (
                <span className="block text-xs font-normal text-slate-600">{row.businessName}</span>
              )}
            </>,
            row,
          ),
        )}
        {card('totals', 'Chapter totals', report.totals, 'week-report-card-totals')}
      </ul>
      <p className="px-1 py-2 text-xs text-slate-600">{LEGEND}</p>
    </section>
  );
}

/** Members down, PALMS and slips across, from a small tablet up and on paper. */
function ReportGrid({ report }: { report: WeekReport }) {
  // Classes are exclusive (no class merging): a figure is right-aligned, a name left-aligned.
  const th = 'border-b border-slate-300 px-2 py-2 font-semibold text-slate-900';
  const td = 'border-b border-slate-200 px-2 py-1.5 tabular-nums';
  const figure = 'text-right';
  const nameCell = 'sticky left-0 bg-white text-left print:static';
  return (
    <section
      className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block print:block print:overflow-visible print:border-0"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
      aria-label="Each member's figures"
    >
      <table className="w-full min-w-[44rem] sm:min-w-[56rem] border-collapse text-sm print:min-w-0 print:text-xs">
        <caption className="sr-only">
          PALMS and slips per member for the week, with the chapter&apos;s totals last
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${th} ${nameCell}`}>
              Member
            </th>
            {WEEK_REPORT_COLUMNS.map((c) => (
              <th key={c.key} scope="col" className={`${th} ${figure}`}>
                <abbr title={c.header} className="no-underline">
                  {c.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.memberId}>
              <th scope="row" className={`${td} ${nameCell} font-medium text-slate-900`}>
                {row.memberName}
                {row.businessName && (
                  <span className="block text-xs font-normal text-slate-600">{row.businessName}</span>
                )}
              </th>
              {WEEK_REPORT_COLUMNS.map((c) => (
                <td
                  key={c.key}
                  className={`${td} ${figure} ${row[c.key] === 0 ? 'text-slate-500' : 'text-slate-900'}`}
                >
                  {cell(row, c.key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold text-slate-900" data-testid="week-report-totals">
            <th scope="row" className={`${td} ${nameCell}`}>
              Chapter totals
            </th>
            {WEEK_REPORT_COLUMNS.map((c) => (
              <td key={c.key} className={`${td} ${figure}`}>
                {cell(report.totals, c.key)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
      <p className="px-2 py-2 text-xs text-slate-600">{LEGEND}</p>
    </section>
  );
}
