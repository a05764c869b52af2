import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AuthUser } from '../../../domain/auth/contracts';
import { displayName } from '../../../domain/members/display-name';
import { hasRole, roleDisplayName } from '../../../domain/roles/roles';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { ChapterSelector } from '../../features/chapters/components/chapter-selector';
import { useCurrentUser } from '../../lib/auth/auth-queries';
import { PartBoundary } from '../../lib/lazy-part';
import { dashboardTabs, initialTab } from './dashboard-tabs';
import { TabBar } from './tab-bar';
import { useActingChapter } from './use-acting-chapter';
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
  return <ActingDashboard user={user} search={search} navigate={navigate} />;
}

type DashboardProps = {
  user: AuthUser;
  search: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
};

/** The dashboard in the chapter it acts in: an agency administrator's pick, kept in the URL (`?chapter=`). */
function ActingDashboard(props: DashboardProps) {
  const requested = new URLSearchParams(props.search).get('chapter');
  const chapter = hasRole(props.user.role, 'AGENCY_ADMIN') ? requested : null;
  useActingChapter(chapter);
  return <Dashboard key={chapter ?? ''} {...props} chapter={chapter} />;
}

/** The dashboard's URL for a tab, keeping the chapter acted in. */
export function dashboardHref(tab: string, chapter: string | null): string {
  const params = new URLSearchParams({ tab });
  if (chapter) params.set('chapter', chapter);
  return `/dashboard?${params}`;
}

function Dashboard({ user, search, navigate, chapter }: DashboardProps & { chapter: string | null }) {
  const counts = useTabCounts(user);
  const tabs = dashboardTabs(user);
  const active = initialTab(user, tabs, new URLSearchParams(search).get('tab'));
  const Panel = tabs.find((t) => t.id === active)?.Panel;
  // The same element while the tab and the user stay: when the dashboard redraws (a count arrives) before
  // a painted tab's code has, React keeps waiting to adopt the tab's HTML instead of drawing it anew
  // (an update reaching a boundary not yet hydrated makes React render it from scratch).
  const panel = useMemo(
    () =>
      Panel && (
        <PartBoundary fallback={<Spinner />}>
          <Panel user={user} />
        </PartBoundary>
      ),
    [Panel, user],
  );
  const select = (id: string) => navigate(dashboardHref(id, chapter), { replace: true });
  const actIn = (slug: string | null) => navigate(dashboardHref(active, slug));

  return (
    // At least a screen tall while its tab loads, so the footer never shows and then jumps away (CLS).
    <div className="mx-auto min-h-screen max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome back, {displayName(user)}</h1>
        <Badge variant="secondary" data-testid="role-badge">
          {roleDisplayName(user.role)}
        </Badge>
        {hasRole(user.role, 'AGENCY_ADMIN') && (
          <div className="sm:ml-auto">
            <ChapterSelector value={chapter} onChange={actIn} />
          </div>
        )}
      </div>
      <div className="mt-6 print:hidden">
        <TabBar tabs={tabs} active={active} onSelect={select} counts={counts} />
      </div>
      <section id={`panel-${active}`} role="tabpanel" aria-labelledby={`tab-${active}`} className="mt-6">
        {panel}
      </section>
    </div>
  );
}
