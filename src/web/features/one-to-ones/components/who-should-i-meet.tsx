import { CalendarPlus, Handshake, Sparkles } from 'lucide-react';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/dates';
import { useSuggestions } from '../api/one-to-one-queries';

/**
 * "Who should I meet?": members of my chapter I have not met one-to-one in six months, never met first, then
 * the longest ago; marked where their industry often exchanges referrals with mine.
 */
export function WhoShouldIMeet({
  onLog,
  onBook,
}: {
  onLog: (memberId: string) => void;
  onBook: (memberId: string) => void;
}) {
  const suggestions = useSuggestions();
  return (
    <Card className="p-4 sm:p-6" data-testid="who-should-i-meet">
      <h2 className="text-lg font-semibold text-slate-900">Who should I meet?</h2>
      <p className="text-sm text-slate-600">
        Members of your chapter you have not met one-to-one in six months.
      </p>
      <QueryState
        query={suggestions}
        loading={<Skeleton className="mt-4 h-16 w-full" />}
        error="We could not load who to meet. Please try again."
        empty="You have met every member of your chapter in the last six months."
        isEmpty={(data) => data.items.length === 0}
      >
        {(data) => (
          <ul className="mt-2 max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
            {data.items.map(({ member, lastMetOn, exchangesWithMine }) => (
              <li
                key={member.id}
                className="flex flex-wrap items-center justify-between gap-2 py-3"
                data-testid="suggestion"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{member.name}</p>
                  <p className="text-sm text-slate-600">
                    {[member.businessName, member.industry].filter(Boolean).join(' · ')}
                  </p>
                  <p className="text-sm text-slate-600">
                    {lastMetOn ? `Last met ${formatDate(lastMetOn)}` : 'Never met one-to-one'}
                  </p>
                  {exchangesWithMine && (
                    <Badge variant="secondary" className="mt-1">
                      <Sparkles aria-hidden className="size-3" /> Often exchanges referrals with your industry
                    </Badge>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onLog(member.id)}
                    aria-label={`Log a one-to-one with ${member.name}`}
                  >
                    <Handshake aria-hidden /> Log a one-to-one
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onBook(member.id)}
                    aria-label={`Book one with ${member.name}`}
                  >
                    <CalendarPlus aria-hidden /> Book one
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
