import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useRecentActivity } from '../api/profile-queries';

const DOT = { green: 'bg-green-600', blue: 'bg-brand-500', other: 'bg-slate-400' } as const;

/** Recent Activity: my newest entries; a guest sees it blurred with an invitation to apply. */
export function RecentActivity({ guest }: { guest: boolean }) {
  const activity = useRecentActivity(!guest);
  return (
    <Card className="relative p-4" data-testid="recent-activity">
      <h2 className="font-semibold text-slate-900">Recent Activity</h2>
      {guest ? (
        <>
          <ul aria-hidden className="mt-2 space-y-2 blur-sm select-none">
            {['Referral approved', 'Marked present at the meeting', 'Referral credit received'].map(
              (text) => (
                <li key={text} className="text-sm text-slate-700">
                  {text}
                </li>
              ),
            )}
          </ul>
          <p className="mt-2 text-sm font-medium text-slate-800">
            Complete your membership application to start networking!
          </p>
        </>
      ) : activity.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          We could not load your recent activity.
        </p>
      ) : !activity.data ? (
        <Spinner />
      ) : activity.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No recent activity yet. Start by reporting a referral!</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {activity.data.map((item) => (
            <li key={item.id} className="flex gap-2 text-sm">
              <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', DOT[item.color])} />
              <span>
                <span className="text-slate-800">{item.description}</span>
                <span className="block text-xs text-slate-600">{item.timeAgo}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
