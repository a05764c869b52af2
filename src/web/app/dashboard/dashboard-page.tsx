import { Suspense, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AuthUser } from '../../../domain/auth/contracts';
import { displayName } from '../../../domain/members/display-name';
import { roleDisplayName } from '../../../domain/roles/roles';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../../lib/auth/auth-queries';
import { dashboardTabs, initialTab } from './dashboard-tabs';
import { TabBar } from './tab-bar';
import { useTabCounts } from './use-tab-counts';

export default function DashboardPage() {
  const { user } = useCurrentUser();
  const search = useSearch();
  const [, navigate] = useLocation();

  useEffect(() => {
    document.title = 'Dashboard';
  }, []);

  // ProtectedRoute only renders this page with a user.
  if (!user) return null;
  return <Dashboard user={user} search={search} navigate={navigate} />;
}

function Dashboard({
  user,
  search,
  navigate,
}: {
  user: AuthUser;
  search: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}) {
  const counts = useTabCounts(user);
  const tabs = dashboardTabs(user);
  const active = initialTab(user, tabs, new URLSearchParams(search).get('tab'));
  const Panel = tabs.find((t) => t.id === active)?.Panel;
  const select = (id: string) => navigate(`/dashboard?tab=${encodeURIComponent(id)}`, { replace: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome back, {displayName(user)}</h1>
        <Badge variant="secondary" data-testid="role-badge">
          {roleDisplayName(user.role)}
        </Badge>
      </div>
      <div className="mt-6 print:hidden">
        <TabBar tabs={tabs} active={active} onSelect={select} counts={counts} />
      </div>
      <section id={`panel-${active}`} role="tabpanel" aria-labelledby={`tab-${active}`} className="mt-6">
        {Panel && (
          <Suspense fallback={<Spinner />}>
            <Panel user={user} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
