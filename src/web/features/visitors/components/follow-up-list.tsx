import { Phone } from 'lucide-react';
import { useState } from 'react';
import { longDay } from '../../../../domain/calendar/day-name';
import { todayIn } from '../../../../domain/dates';
import type { FollowUp } from '../../../../domain/visitors/contracts';
import { FOLLOW_UP_OUTCOME_LABELS } from '../../../../domain/visitors/pipeline';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { RecordCallDialog } from './record-call-dialog';

/** Visitors' follow-up calls: who, met when, due when (overdue marked), the host, and the way to record one. */
export function FollowUpList({ calls, showHost }: { calls: FollowUp[]; showHost: boolean }) {
  const [recording, setRecording] = useState<FollowUp | null>(null);
  const today = todayIn();
  return (
    <>
      <ul className="divide-y divide-slate-200" data-testid="follow-up-list">
        {calls.map((call) => {
          const overdue = !call.recordedAt && call.dueOn < today;
          return (
            <li
              key={call.id}
              className="flex flex-wrap items-start justify-between gap-3 py-3"
              data-testid="follow-up"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {call.visitorName}
                  {call.business && <span className="font-normal text-slate-600"> · {call.business}</span>}
                </p>
                <p className="text-sm text-slate-600">
                  Visited {longDay(call.meetingDate)} · call by {longDay(call.dueOn)}
                  {showHost && ` · ${call.hostName ?? 'no host'}`}
                </p>
                {call.phone && (
                  <a
                    className="inline-flex items-center gap-1 text-sm font-medium text-brand-700"
                    href={`tel:${call.phone}`}
                  >
                    <Phone aria-hidden className="size-3" /> {call.phone}
                  </a>
                )}
              </div>
              <div className="flex items-center gap-2">
                {call.outcome ? (
                  <Badge variant="secondary">{FOLLOW_UP_OUTCOME_LABELS[call.outcome]}</Badge>
                ) : (
                  <>
                    {overdue && <Badge variant="warning">Overdue</Badge>}
                    <Button size="sm" onClick={() => setRecording(call)}>
                      Record the call
                    </Button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {recording && <RecordCallDialog call={recording} onClose={() => setRecording(null)} />}
    </>
  );
}
