import { useState } from 'react';
import { todayIn } from '../../../../domain/dates';
import type { FunnelCounts } from '../../../../domain/visitors/contracts';
import { previousQuarter, quarterOf } from '../../../../domain/visitors/quarter';
import { QueryState } from '../../../components/list/query-state';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useVisitorFunnel } from '../api/pipeline-queries';

const STEPS: [keyof FunnelCounts, string][] = [
  ['registered', 'Registered'],
  ['attended', 'Attended'],
  ['applied', 'Applied'],
  ['member', 'Member'],
];

/** The quarter's funnel: visitors who reached each step, for the chapter and per inviting member. */
export function VisitorFunnel() {
  const current = quarterOf(todayIn());
  const quarters = [current, previousQuarter(current), previousQuarter(previousQuarter(current))];
  const [quarter, setQuarter] = useState(current);
  const funnel = useVisitorFunnel(quarter);
  return (
    <div className="space-y-3">
      <div className="max-w-xs space-y-1">
        <Label htmlFor="funnel-quarter">Quarter</Label>
        <NativeSelect id="funnel-quarter" value={quarter} onChange={(e) => setQuarter(e.target.value)}>
          {quarters.map((q) => (
            <option key={q} value={q}>
              {q.replace('-', ' ')}
            </option>
          ))}
        </NativeSelect>
      </div>
      <QueryState
        query={funnel}
        loading={<Skeleton className="h-24 w-full" />}
        error="We could not load the funnel. Please try again."
        empty={null}
        isEmpty={() => false}
      >
        {(data) => (
          <>
            <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4" data-testid="visitor-funnel">
              {STEPS.map(([key, label]) => (
                <div key={key} className="rounded-md bg-slate-50 px-1 py-2">
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums text-slate-900">{data.chapter[key]}</dd>
                </div>
              ))}
            </dl>
            {data.byInviter.length > 0 && (
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">The funnel per inviting member</caption>
                  <thead>
                    <tr className="text-left text-slate-600">
                      <th scope="col" className="py-1 font-medium">
                        Invited by
                      </th>
                      {STEPS.map(([key, label]) => (
                        <th
                          key={key}
                          scope="col"
                          className="whitespace-nowrap py-1 pl-3 text-right font-medium"
                        >
                          {label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {data.byInviter.map((row) => (
                      <tr key={row.memberId ?? 'none'}>
                        <th scope="row" className="py-1 text-left font-normal text-slate-900">
                          {row.name}
                        </th>
                        {STEPS.map(([key]) => (
                          <td key={key} className="py-1 pl-3 text-right tabular-nums">
                            {row[key]}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
