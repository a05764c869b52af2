import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { type PanelLink, SkipLinks } from '../components/skip-links/skip-links';
import { useSeveralChapters } from '../features/directory/api/public-chapters';
import { useCurrentUser } from '../lib/auth/auth-queries';
import { lazyPart, PartBoundary } from '../lib/lazy-part';
import { dashboardSkipLinks } from './dashboard/tab-choice';
import { useRouteFocus } from './use-route-focus';

// The bell and its panel load only for signed-in users, once the auth call has answered.
const NotificationBell = lazyPart(
  'features/notifications/components/notification-bell.tsx',
  () => import('../features/notifications/components/notification-bell'),
);

const bell = (
  <PartBoundary fallback={<span className="block size-10" />}>
    <NotificationBell />
  </PartBoundary>
);

const NO_PANELS: readonly PanelLink[] = [];

/** The page's panels to skip to: the open dashboard tab's, read from the address as the dashboard reads it. */
function usePanelLinks(): readonly PanelLink[] {
  const [location] = useLocation();
  const search = useSearch();
  const { user } = useCurrentUser();
  if (location !== '/dashboard' || !user) return NO_PANELS;
  return dashboardSkipLinks(user, new URLSearchParams(search).get('tab'));
}

export function Layout({ children }: { children: ReactNode }) {
  useRouteFocus();
  const severalChapters = Boolean(useSeveralChapters());
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLinks panels={usePanelLinks()} />
      <Header signedInExtras={bell} severalChapters={severalChapters} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}
