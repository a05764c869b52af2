import type { MyAttendanceStats } from '../../../../domain/attendance/contracts';
import {
  attendanceBand,
  NO_MEETINGS_YET,
  remainingAbsencesTone,
  type Tone,
} from '../../../../domain/attendance/stats';
import { type Period, PREVIOUS_LABELS } from '../../../../domain/periods/periods';
import { Trend } from '../../../components/figures/trend';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { useMyAttendanceStats } from '../api/attendance-queries';

const TONE_TEXT: Record<Tone, string> = {
  green: 'text-green-800',
  yellow: 'text-amber-800',
  red: 'text-red-700',
};

/**
 * The attendance statistics card on the Referral Metrics tab, over the tab's
 * period with the period before beside the rate; absences remaining always count the rolling window.
 */
export function AttendanceStatsCard({ period = 'all' }: { period?: Period }) {
  const stats = useMyAttendanceStats(period);
  return (
    <Card className="p-4 sm:p-6" data-testid="attendance-stats">
      <h2 className="text-lg font-semibold text-slate-900">Meeting Attendance</h2>
      {stats.isError ? (
        <p role="alert" className="mt-2 text-red-700">
          Unable to load attendance statistics
        </p>
      ) : !stats.data ? (
        <Skeleton aria-busy="true" className="mt-3 h-16" />
      ) : (
        <div className={stats.isPlaceholderData ? 'opacity-60' : undefined} aria-busy={stats.isFetching}>
          <StatsBody {...stats.data} />
        </div>
      )}
    </Card>
  );
}

function StatsBody({
  attendanceRate,
  totalPresent,
  totalAbsent,
  totalExcused,
  totalLate,
  totalSubstitute,
  missedRemaining,
  substitutesRemaining,
  period,
  previous,
}: MyAttendanceStats) {
  const band = attendanceRate === null ? null : attendanceBand(attendanceRate);
  const remaining = remainingAbsencesTone(missedRemaining);
  return (
    <div className="mt-3 grid gap-4 sm:grid-cols-3">
      <div>
        <p className="text-sm text-slate-600">Attendance rate</p>
        {band ? (
          <p className={cn('text-2xl font-bold', TONE_TEXT[band.tone])} data-testid="attendance-rate">
            {attendanceRate}% <span className="text-base font-semibold">{band.label}</span>
          </p>
        ) : (
          <p className="text-slate-700" data-testid="attendance-rate">
            {NO_MEETINGS_YET}
          </p>
        )}
        {previous && period !== 'all' && (
          <Trend
            current={attendanceRate ?? 0}
            previous={previous.attendanceRate ?? 0}
            text={`vs ${previous.attendanceRate === null ? 'no meetings' : `${previous.attendanceRate}%`} ${PREVIOUS_LABELS[period]}`}
            testId="attendance-rate-previous"
          />
        )}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center text-sm">
        {[
          ['Present', totalPresent],
          ['Absent', totalAbsent],
          ['Excused', totalExcused],
          ['Late', totalLate],
          ['Substitute', totalSubstitute],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="text-sm text-slate-600">Absences remaining</p>
        <p className={cn('text-2xl font-bold', TONE_TEXT[remaining.tone])} data-testid="absences-remaining">
          {missedRemaining}
        </p>
        {remaining.warning && <p className="text-sm text-red-700">{remaining.warning}</p>}
        {substitutesRemaining !== null && (
          <p className="mt-1 text-sm text-slate-700" data-testid="substitutes-remaining">
            Substitutes left in six months: {substitutesRemaining}
          </p>
        )}
      </div>
    </div>
  );
}
