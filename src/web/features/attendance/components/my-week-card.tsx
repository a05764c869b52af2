import { palmsLine } from '../../../../domain/attendance/palms';
import { ATTENDANCE_STATUS_LABELS } from '../../../../domain/attendance/status';
import type { MyWeek } from '../../../../domain/attendance/week-report';
import { formatUsd } from '../../../../domain/money';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/dates';
import { useMyWeek } from '../api/week-report-queries';

/** The member's status at the week's meeting, as a short badge. */
function statusText(week: MyWeek): { text: string; tone: 'success' | 'warning' | 'secondary' | 'outline' } {
  if (week.meeting?.state === 'holiday') return { text: 'No meeting (holiday)', tone: 'secondary' };
  if (week.status === 'absent') return { text: 'Absent', tone: 'warning' };
  if (week.status) return { text: ATTENDANCE_STATUS_LABELS[week.status], tone: 'success' };
  return { text: 'Not recorded yet', tone: 'outline' };
}

/**
 * A member's own week on their dashboard: their status at the week's meeting, the slips they
 * wrote in it, and the chapter's totals for the same week.
 */
export function MyWeekCard() {
  const week = useMyWeek();
  return (
    <Card className="p-4 sm:p-6" data-testid="my-week">
      <h2 className="text-lg font-semibold text-slate-900">This week</h2>
      {week.isError ? (
        <div role="alert" className="mt-2 space-y-2">
          <p className="text-red-700">We could not load your week. Please try again.</p>
          <Button variant="outline" size="sm" onClick={() => void week.refetch()}>
            Try again
          </Button>
        </div>
      ) : !week.data ? (
        <Skeleton aria-busy="true" className="mt-3 h-24" />
      ) : (
        <WeekFigures week={week.data} />
      )}
    </Card>
  );
}

function WeekFigures({ week }: { week: MyWeek }) {
  const status = statusText(week);
  const chapter = week.chapter;
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        {week.meeting ? `Meeting ${formatDate(week.meeting.meetingDate, 'long')}` : 'No meeting planned'} ·
        the week {formatDate(week.week.from)} to {formatDate(week.week.to)}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-900">Your status</span>
        <Badge variant={status.tone} data-testid="my-week-status">
          {status.text}
        </Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center sm:grid-cols-4" data-testid="my-week-slips">
        {[
          ['Referrals given', String(week.mine.referralsGiven)],
          ['Referrals received', String(week.mine.referralsReceived)],
          ['Visitors brought', String(week.mine.visitors)],
          ['One-to-ones', String(week.mine.oneToOnes)],
          ['Education units', String(week.mine.educationUnits)],
          ['Testimonials written', String(week.mine.testimonials)],
          ['Closed business', formatUsd(week.mine.closedBusiness)],
        ].map(([label, value]) => (
          // Money takes the whole line on a phone, so "$4,094.00" never breaks.
          <div
            key={label}
            className={`rounded-md bg-slate-50 px-2 py-2 ${label === 'Closed business' ? 'col-span-2' : ''}`}
          >
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700" data-testid="my-week-chapter">
        <span className="font-medium text-slate-900">The chapter this week:</span> {palmsLine(chapter)};{' '}
        {chapter.referralsGiven} {chapter.referralsGiven === 1 ? 'referral' : 'referrals'} passed,{' '}
        {formatUsd(chapter.closedBusiness)} closed business.
      </p>
    </>
  );
}
