import { useState } from 'react';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useSetPresident } from '../api/pipeline-queries';
import { useSetVisitorHost, useVisitorHosts } from '../api/visitor-queries';

/** Leadership picks the members who welcome visitors: each hears of every registration, as leadership does. */
export function VisitorHosts() {
  const choices = useVisitorHosts();
  const setHost = useSetVisitorHost();
  const setPresident = useSetPresident();
  const [adding, setAdding] = useState('');
  const change = (memberId: string, name: string, host: boolean) =>
    setHost.mutate(
      { memberId, host },
      {
        onSuccess: () => {
          setAdding('');
          toast({ title: host ? 'Visitor host added' : 'Visitor host removed', description: name });
        },
        onError: (error) => toastApiError(error, 'We could not change the visitor hosts. Please try again.'),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Visitor hosts</CardTitle>
        <p className="text-sm text-slate-600">
          Members who welcome visitors. Like leadership, each hears of every registration.
        </p>
      </CardHeader>
      <CardContent>
        <QueryState
          query={choices}
          loading={<Skeleton className="h-16 w-full" />}
          error="We could not load the chapter's members. Please try again."
          empty={<p className="text-sm text-slate-600">The chapter has no members yet.</p>}
          isEmpty={(list) => list.length === 0}
        >
          {(list) => {
            const hosts = list.filter((m) => m.visitorHost);
            const others = list.filter((m) => !m.visitorHost);
            const picked = others.find((m) => m.id === adding);
            return (
              <div className="space-y-4">
                {hosts.length === 0 ? (
                  <p className="text-sm text-slate-600">No visitor hosts yet.</p>
                ) : (
                  <ul className="divide-y divide-slate-200" data-testid="visitor-hosts">
                    {hosts.map((m) => (
                      <li key={m.id} className="flex items-center justify-between gap-3 py-2">
                        <span className="text-slate-900">{m.name}</span>
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={setHost.isPending}
                          onClick={() => change(m.id, m.name, false)}
                        >
                          Remove<span className="sr-only"> {m.name}</span>
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="max-w-sm space-y-1">
                  <Label htmlFor="chapter-president">Chapter president</Label>
                  <NativeSelect
                    id="chapter-president"
                    value={list.find((m) => m.president)?.id ?? ''}
                    disabled={setPresident.isPending}
                    onChange={(e) =>
                      setPresident.mutate(e.target.value || null, {
                        onSuccess: () => toast({ title: 'Chapter president updated' }),
                        onError: (error) =>
                          toastApiError(error, 'We could not change the president. Please try again.'),
                      })
                    }
                  >
                    <option value="">Not named (the longest-standing leader)</option>
                    {list.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.name}
                      </option>
                    ))}
                  </NativeSelect>
                  <p className="text-xs text-slate-600">
                    Overdue visitor calls go to them after three reminders to the host.
                  </p>
                </div>
                <div className="flex flex-wrap items-end gap-2">
                  <div className="min-w-0 flex-1 space-y-1">
                    <Label htmlFor="add-visitor-host">Add a visitor host</Label>
                    <NativeSelect
                      id="add-visitor-host"
                      value={adding}
                      onChange={(e) => setAdding(e.target.value)}
                    >
                      <option value="">Choose a member</option>
                      {others.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.name}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  <Button
                    disabled={!picked || setHost.isPending}
                    onClick={() => picked && change(picked.id, picked.name, true)}
                  >
                    Add
                  </Button>
                </div>
              </div>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}
