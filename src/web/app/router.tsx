import { Redirect, Route, Switch, useLocation } from 'wouter';
import { FullPageSpinner } from '../components/ui/spinner';
import { HomePage } from '../features/marketing/pages/home-page';
import { useCurrentUser } from '../lib/auth/auth-queries';
import { lazyPart, PartBoundary } from '../lib/lazy-part';
import { Layout } from './layout';
import { PageErrorBoundary } from './page-error-boundary';
import { ProtectedRoute } from './protected-route';

// Only the home page ships in the entry; every other screen loads on demand, to keep the entry small.
const AboutPage = lazyPart(
  'features/marketing/pages/about-page.tsx',
  () => import('../features/marketing/pages/about-page'),
);
const ArticlesPage = lazyPart(
  'features/marketing/pages/articles-page.tsx',
  () => import('../features/marketing/pages/articles-page'),
);
const NotFoundPage = lazyPart('pages/not-found-page.tsx', () => import('../pages/not-found-page'));
const AuthSuccessPage = lazyPart(
  'features/auth/pages/auth-success-page.tsx',
  () => import('../features/auth/pages/auth-success-page'),
);
const LoginPage = lazyPart(
  'features/auth/pages/login-page.tsx',
  () => import('../features/auth/pages/login-page'),
);
const DashboardPage = lazyPart(
  'app/dashboard/dashboard-page.tsx',
  () => import('./dashboard/dashboard-page'),
);
const ApplyPage = lazyPart(
  'features/applications/pages/apply-page.tsx',
  () => import('../features/applications/pages/apply-page'),
);
const ApplicationDetailPage = lazyPart(
  'features/applications/pages/application-detail-page.tsx',
  () => import('../features/applications/pages/application-detail-page'),
);
const MembersPage = lazyPart(
  'features/directory/pages/members-page.tsx',
  () => import('../features/directory/pages/members-page'),
);
const MemberProfilePage = lazyPart(
  'features/directory/pages/member-profile-page.tsx',
  () => import('../features/directory/pages/member-profile-page'),
);
const ChaptersPage = lazyPart(
  'features/directory/pages/chapters-page.tsx',
  () => import('../features/directory/pages/chapters-page'),
);
const ChapterPage = lazyPart(
  'features/directory/pages/chapter-page.tsx',
  () => import('../features/directory/pages/chapter-page'),
);
const VisitPage = lazyPart(
  'features/visitors/pages/visit-page.tsx',
  () => import('../features/visitors/pages/visit-page'),
);
const DoorPage = lazyPart(
  'features/attendance/pages/door-page.tsx',
  () => import('../features/attendance/pages/door-page'),
);
const WeekReportPage = lazyPart(
  'features/attendance/pages/week-report-page.tsx',
  () => import('../features/attendance/pages/week-report-page'),
);
const SlipDeskPage = lazyPart(
  'features/slip-desk/pages/slip-desk-page.tsx',
  () => import('../features/slip-desk/pages/slip-desk-page'),
);
const CheckInPage = lazyPart(
  'features/attendance/pages/check-in-page.tsx',
  () => import('../features/attendance/pages/check-in-page'),
);
const RoomPage = lazyPart(
  'features/attendance/pages/room-page.tsx',
  () => import('../features/attendance/pages/room-page'),
);

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
        <PartBoundary fallback={<FullPageSpinner />}>
          <Route path="/room/:token" component={RoomPage} />
        </PartBoundary>
      </PageErrorBoundary>
    );
  }
  return (
    <Layout>
      <PageErrorBoundary key={location}>
        <PartBoundary fallback={<FullPageSpinner />}>
          <Switch>
            <Route path="/" component={Home} />
            <Route path="/about" component={AboutPage} />
            <Route path="/members" component={MembersPage} />
            <Route path="/member/:name" component={MemberProfilePage} />
            <Route path="/chapters" component={ChaptersPage} />
            <Route path="/chapters/:slug/visit" component={VisitPage} />
            <Route path="/chapters/:slug" component={ChapterPage} />
            <Route path="/visit" component={VisitPage} />
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
            <Route path="/meetings/:id/slips">
              <ProtectedRoute>
                <SlipDeskPage />
              </ProtectedRoute>
            </Route>
            <Route path="/applications/:id">
              <ProtectedRoute>
                <ApplicationDetailPage />
              </ProtectedRoute>
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </PartBoundary>
      </PageErrorBoundary>
    </Layout>
  );
}
