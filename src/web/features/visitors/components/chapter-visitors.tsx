import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryState } from '../../../components/list/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useChapterFollowUps } from '../api/follow-up-queries';
import { FollowUpList } from './follow-up-list';
import { PipelineBoard } from './pipeline-board';
import { VisitorDetailDialog } from './visitor-detail-dialog';
import { VisitorFunnel } from './visitor-funnel';
import { VisitorHosts } from './visitor-hosts';

/** The chapter's open follow-up calls, soonest due first (overdue marked). */
function OpenCalls() {
  const calls = useChapterFollowUps();
  return (
    <QueryState
      query={calls}
      loading={<Skeleton className="h-16 w-full" />}
      error="We could not load the open calls. Please try again."
      empty={<p className="text-sm text-slate-600">No calls waiting. Every visitor has been called.</p>}
      isEmpty={(list) => list.length === 0}
    >
      {(list) => <FollowUpList calls={list} showHost />}
    </QueryState>
  );
}

/** The dashboard's Visitors tab (leadership): the pipeline, the open calls, the quarter's funnel, the hosts. */
export default function VisitorsTab() {
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Visitors';
  }, []);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div>
            <CardTitle>Visitors</CardTitle>
            <p className="text-sm text-slate-600">Every visitor by stage; open one for their history.</p>
          </div>
          <a
            href="/api/visitors/export.csv"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            download
          >
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        </CardHeader>
        <CardContent>
          <PipelineBoard onOpen={setOpen} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Open calls</CardTitle>
        </CardHeader>
        <CardContent>
          <OpenCalls />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>This quarter's funnel</CardTitle>
        </CardHeader>
        <CardContent>
          <VisitorFunnel />
        </CardContent>
      </Card>
      <VisitorHosts />
      {open && <VisitorDetailDialog id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
