import type { ReactNode } from 'react';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { useSeveralChapters } from '../features/directory/api/public-chapters';
import { lazyPart, PartBoundary } from '../lib/lazy-part';
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

export function Layout({ children }: { children: ReactNode }) {
  useRouteFocus();
  const severalChapters = Boolean(useSeveralChapters());
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header signedInExtras={bell} severalChapters={severalChapters} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}
