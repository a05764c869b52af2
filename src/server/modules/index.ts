import type { FastifyInstance } from 'fastify';
import { activityRoutes } from './activity/routes';
import { applicationRoutes } from './applications/routes';
import { chapterRoutes } from './chapters/routes';
import { crawlerRoutes } from './crawlers/routes';
import { educationUnitRoutes } from './education-units/routes';
import { healthRoutes } from './health/routes';
import { importRoutes } from './imports/routes';
import { industryRoutes } from './industries/routes';
import { attendanceRoutes } from './meetings/attendance-routes';
import { checkInRoutes } from './meetings/check-in-routes';
import { meetingRoutes } from './meetings/routes';
import type { DirectoryCache } from './members/directory-cache';
import { memberRoutes } from './members/routes';
import { networkRoutes } from './network/routes';
import { notificationRoutes } from './notifications/routes';
import { unsubscribeRoutes } from './notifications/unsubscribe-routes';
import { oneToOneRoutes } from './one-to-ones/routes';
import { profileRoutes } from './profile/routes';
import { referralRoutes } from './referrals/routes';
import { scorecardRoutes } from './scorecard/routes';
import { settingsRoutes } from './settings/routes';
import { slipDeskRoutes } from './slip-desk/routes';
import { testimonialRoutes } from './testimonials/routes';
import { userRoutes } from './users/routes';
import { visitorRoutes } from './visitors/routes';

/** What the app shares with every feature's routes: one directory cache behind every public answer. */
export interface FeatureServices {
  directory: DirectoryCache;
}

/** A feature's routes as a Fastify plugin; each takes the shared services, most ignore them. */
export type FeatureRoutes = (app: FastifyInstance, services: FeatureServices) => Promise<void>;

/**
 * Every feature's routes, registered by `buildApp` in this order, each as its own plugin. A new feature adds
 * one line here and nowhere else.
 */
export const FEATURE_ROUTES: readonly FeatureRoutes[] = [
  healthRoutes,
  crawlerRoutes,
  memberRoutes,
  applicationRoutes,
  industryRoutes,
  networkRoutes,
  referralRoutes,
  oneToOneRoutes,
  educationUnitRoutes,
  testimonialRoutes,
  slipDeskRoutes,
  scorecardRoutes,
  attendanceRoutes,
  meetingRoutes,
  checkInRoutes,
  profileRoutes,
  activityRoutes,
  settingsRoutes,
  chapterRoutes,
  userRoutes,
  visitorRoutes,
  importRoutes,
  notificationRoutes,
  unsubscribeRoutes,
];
