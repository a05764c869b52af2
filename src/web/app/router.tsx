import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { FullPageSpinner } from '../components/ui/spinner';
import { HomePage } from '../features/marketing/pages/home-page';
import { useCurrentUser } from '../lib/auth/auth-queries';
import { Layout } from './layout';
import { PageErrorBoundary } from './page-error-boundary';
import { ProtectedRoute } from './protected-route';

// Only the home page ships in the entry; every other screen loads on demand (issue 9's entry budget).
const AboutPage = lazy(() => import('../features/marketing/pages/about-page'));
const ArticlesPage = lazy(() => import('../features/marketing/pages/articles-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));
const AuthSuccessPage = lazy(() => import('../features/auth/pages/auth-success-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const DashboardPage = lazy(() => import('./dashboard/dashboard-page'));
const ApplyPage = lazy(() => import('../features/applications/pages/apply-page'));
const ApplicationDetailPage = lazy(() => import('../features/applications/pages/application-detail-page'));
const MembersPage = lazy(() => import('../features/directory/pages/members-page'));
const MemberProfilePage = lazy(() => import('../features/directory/pages/member-profile-page'));
const ChaptersPage = lazy(() => import('../features/directory/pages/chapters-page'));
const ChapterPage = lazy(() => import('../features/directory/pages/chapter-page'));
const DoorPage = lazy(() => import('../features/attendance/pages/door-page'));
const WeekReportPage = lazy(() => import('../features/attendance/pages/week-report-page'));
const CheckInPage = lazy(() => import('../features/attendance/pages/check-in-page'));
const RoomPage = lazy(() => import('../features/attendance/pages/room-page'));

function Home() {
  const { user } = useCurrentUser();
  // A signed-in user opening / goes straight on (replace) to /auth-success.
  if (user) return <Redirect to="/auth-success" replace />;
  return <HomePage />;
}

/**
 * Public routes render at once; only protected routes wait for the current user (ProtectedRoute). The
 * paths are domain/page-paths.ts's PAGE_PATHS (the server answers 404 for any other); page-paths.test.ts
 * keeps the two lists equal.
 */
export function AppRouter() {
  const [location] = useLocation();
  // The room's screen hangs on a wall: the agenda alone, without the site's header and footer.
  if (location.startsWith('/room/')) {
    return (
      <PageErrorBoundary key={location}>
        <Suspense fallback={<FullPageSpinner />}>
          <Route path="/room/:token" component={RoomPage} />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return (
    <Layout>
      <PageErrorBoundary key={location}>
        <Suspense fallback={<FullPageSpinner />}>
          <Switch>
            <Route path="/" component={Home} />
            <Route path="/about" component={AboutPage} />
            <Route path="/members" component={MembersPage} />
            <Route path="/member/:name" component={MemberProfilePage} />
            <Route path="/chapters" component={ChaptersPage} />
            <Route path="/chapters/:slug" component={ChapterPage} />
            <Route path="/articles" component={ArticlesPage} />
            <Route path="/apply" component={ApplyPage} />
            <Route path="/login" component={LoginPage} />
            <Route path="/auth-success" component={AuthSuccessPage} />
            <Route path="/dashboard">
              <ProtectedRoute>
                <DashboardPage />
              </ProtectedRoute>
            </Route>
            <Route path="/check-in/:token" component={CheckInPage} />
            <Route path="/meetings/:id/door">
              <ProtectedRoute>
                <DoorPage />
              </ProtectedRoute>
            </Route>
            <Route path="/meetings/:id/report">
              <ProtectedRoute>
                <WeekReportPage />
              </ProtectedRoute>
            </Route>
            <Route path="/applications/:id">
              <ProtectedRoute>
                <ApplicationDetailPage />
              </ProtectedRoute>
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </PageErrorBoundary>
    </Layout>
  );
}
