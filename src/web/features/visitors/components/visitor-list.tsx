import type { ReactNode } from 'react';
import { longDay } from '../../../../domain/calendar/day-name';
import type { Visitor } from '../../../../domain/visitors/contracts';
import { VISITOR_STAGE_LABELS as STAGE_LABELS } from '../../../../domain/visitors/pipeline';
import { Badge } from '../../../components/ui/badge';

/** Visitors as rows: name and business, stage, the meetings they hold a seat at; `actions` adds buttons per row. */
export function VisitorList({
  visitors,
  actions,
  showInviter = true,
}: {
  visitors: Visitor[];
  /** Off in a member's own list: they invited every one. */
  showInviter?: boolean;
  actions?: (v: Visitor) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-slate-200" data-testid="visitor-list">
      {visitors.map((v) => (
        <li key={v.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {v.firstName} {v.lastName}
              {v.business && <span className="font-normal text-slate-600"> · {v.business}</span>}
            </p>
            <p className="text-sm break-all text-slate-600">{v.email}</p>
            <p className="text-sm text-slate-600">
              {v.meetings.length > 0
                ? `Visiting ${v.meetings.map((d) => longDay(d)).join('; ')}`
                : 'No meeting yet'}
              {showInviter && v.invitedByName && ` · invited by ${v.invitedByName}`}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant="secondary">{STAGE_LABELS[v.stage]}</Badge>
            {actions?.(v)}
          </div>
        </li>
      ))}
    </ul>
  );
}
