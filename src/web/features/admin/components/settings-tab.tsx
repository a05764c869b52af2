import { useState } from 'react';
import { AUDIT_PAGE_SIZE } from '../../../../domain/admin/audit';
import { Pager } from '../../../components/list/pager';
import { QueryState } from '../../../components/list/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../lib/dates';
import { useAuditLog, useNetworkSettings } from '../api/admin-queries';
import { AttendanceLimitEditor } from './attendance-limit-settings';
import { DuesEditor, DuesStatistics } from './dues-settings';
import { ImportCard } from './import-card';

/** Who changed roles, seats and dues, newest first. */
function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={log}
          loading={<Skeleton className="h-24 w-full" />}
          error="We could not load the audit log. Please try again."
          empty="No administrative changes recorded yet."
          isEmpty={(data) => data.items.length === 0}
        >
          {(data) => (
            <>
              <ol className="divide-y divide-slate-100" data-testid="audit-log">
                {data.items.map((entry) => (
                  <li key={entry.id} className="py-2 text-sm">
                    <p className="text-slate-900">{entry.summary}</p>
                    <p className="text-xs text-slate-600">
                      {entry.actorName ?? 'A former administrator'} · {formatDateTime(entry.createdAt)}
                    </p>
                  </li>
                ))}
              </ol>
              <Pager
                page={page}
                pageSize={AUDIT_PAGE_SIZE}
                total={data.total}
                onPage={setPage}
                label="Audit log pages"
              />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** The dashboard's Settings tab (network admins and above). */
export default function SettingsTab() {
  const settings = useNetworkSettings();
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        {settings.isError ? (
          <Card>
            <CardContent className="pt-6">
              <p role="alert" className="text-sm text-red-700">
                We could not load the network settings. Please try again.
              </p>
            </CardContent>
          </Card>
        ) : settings.data ? (
          <DuesEditor settings={settings.data} />
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
        <DuesStatistics />
      </div>
      <AttendanceLimitEditor />
      <ImportCard />
      <AuditLog />
    </div>
  );
}
