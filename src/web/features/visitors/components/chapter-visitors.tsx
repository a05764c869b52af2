import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Visitor } from '../../../../domain/visitors/contracts';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useChapterVisitors, useDeleteVisitor } from '../api/visitor-queries';
import { VisitorHosts } from './visitor-hosts';
import { VisitorList } from './visitor-list';

/** The Visitors tab (leadership): the chapter's visitors, newest first; a visitor's data is deleted on request. */
export function ChapterVisitors() {
  const visitors = useChapterVisitors();
  const remove = useDeleteVisitor();
  const [deleting, setDeleting] = useState<Visitor | null>(null);
  useEffect(() => {
    document.title = 'Visitors';
  }, []);
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({
          title: 'Visitor deleted',
          description: `${deleting.firstName} ${deleting.lastName} and their visits are gone.`,
        });
        setDeleting(null);
      },
      onError: (error) => toastApiError(error, 'We could not delete this visitor. Please try again.'),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Visitors</CardTitle>
        <p className="text-sm text-slate-600">
          Everyone who registered for a meeting or was invited by a member, newest first.
        </p>
      </CardHeader>
      <CardContent>
        <QueryState
          query={visitors}
          loading={<Skeleton className="h-24 w-full" />}
          error="We could not load the chapter's visitors. Please try again."
          empty={
            <p className="text-sm text-slate-600">
              No visitors yet. Share the chapter's visit page to invite some.
            </p>
          }
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <VisitorList
              visitors={list}
              actions={(v) => (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${v.firstName} ${v.lastName}`}
                  onClick={() => setDeleting(v)}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            />
          )}
        </QueryState>
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete visitor"
        description={
          deleting &&
          `This permanently removes ${deleting.firstName} ${deleting.lastName}'s details and visits, as they asked. The deletion is recorded in the audit log.`
        }
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete visitor'}
        onConfirm={confirm}
        destructive
        busy={remove.isPending}
      />
    </Card>
  );
}

/** The dashboard's Visitors tab: the chapter's visitors, and who hosts them. */
export default function VisitorsTab() {
  return (
    <div className="space-y-6">
      <ChapterVisitors />
      <VisitorHosts />
    </div>
  );
}
