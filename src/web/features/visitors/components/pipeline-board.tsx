import { useState } from 'react';
import { VISITOR_STAGE_LABELS, type Visitor } from '../../../../domain/visitors/contracts';
import { VISITOR_STAGES, type VisitorStage } from '../../../../domain/visitors/status';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useStageVisitors, useVisitorBoard } from '../api/pipeline-queries';

function VisitorCardButton({ visitor, onOpen }: { visitor: Visitor; onOpen: (id: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(visitor.id)}
      data-testid="pipeline-visitor"
      className="w-full rounded-md border border-slate-200 bg-white px-3 py-2 text-left shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className="block truncate font-medium text-slate-900">
        {visitor.firstName} {visitor.lastName}
      </span>
      {visitor.business && <span className="block truncate text-xs text-slate-600">{visitor.business}</span>}
      {visitor.openSeat && (
        <Badge variant="success" className="mt-1">
          Open seat: {visitor.industry}
        </Badge>
      )}
    </button>
  );
}

/** One stage's visitors in full (a bounded page from the server), as the list a phone shows. */
function StageList({ stage, onOpen }: { stage: VisitorStage; onOpen: (id: string) => void }) {
  const visitors = useStageVisitors(stage, true);
  return (
    <QueryState
      query={visitors}
      loading={<Skeleton className="h-24 w-full" />}
      error="We could not load these visitors. Please try again."
      empty={<p className="text-sm text-slate-600">No visitors at this stage.</p>}
      isEmpty={(list) => list.length === 0}
    >
      {(list) => (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="stage-list">
          {list.map((v) => (
            <li key={v.id}>
              <VisitorCardButton visitor={v} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/**
 * The pipeline by stage: a board of columns on a wide screen (each stage's newest dozen, "Show all" for
 * the rest), one stage at a time as a list on a phone.
 */
export function PipelineBoard({ onOpen }: { onOpen: (id: string) => void }) {
  const board = useVisitorBoard();
  const [stage, setStage] = useState<VisitorStage>('registered');
  const [showAll, setShowAll] = useState(false);
  return (
    <QueryState
      query={board}
      loading={<Skeleton className="h-48 w-full" />}
      error="We could not load the chapter's visitors. Please try again."
      empty={null}
      isEmpty={() => false}
    >
      {(stages) => (
        <div className="space-y-4">
          <div className="hidden gap-2 lg:grid lg:grid-cols-7" data-testid="visitor-board">
            {stages.map((column) => (
              <section
                key={column.stage}
                aria-label={VISITOR_STAGE_LABELS[column.stage]}
                className="min-w-0 space-y-2"
              >
                <h3 className="text-sm font-semibold text-slate-800">
                  {VISITOR_STAGE_LABELS[column.stage]}{' '}
                  <span className="font-normal text-slate-600">({column.count})</span>
                </h3>
                <ul className="space-y-2">
                  {column.visitors.map((v) => (
                    <li key={v.id}>
                      <VisitorCardButton visitor={v} onOpen={onOpen} />
                    </li>
                  ))}
                </ul>
                {column.count > column.visitors.length && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setStage(column.stage);
                      setShowAll(true);
                    }}
                  >
                    Show all {column.count}
                  </Button>
                )}
              </section>
            ))}
          </div>
          <div className={showAll ? 'space-y-3' : 'space-y-3 lg:hidden'}>
            <div className="max-w-xs space-y-1">
              <Label htmlFor="pipeline-stage">Stage</Label>
              <NativeSelect
                id="pipeline-stage"
                value={stage}
                onChange={(e) => setStage(e.target.value as VisitorStage)}
              >
                {VISITOR_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {VISITOR_STAGE_LABELS[s]} ({stages.find((c) => c.stage === s)?.count ?? 0})
                  </option>
                ))}
              </NativeSelect>
            </div>
            <StageList stage={stage} onOpen={onOpen} />
          </div>
        </div>
      )}
    </QueryState>
  );
}
