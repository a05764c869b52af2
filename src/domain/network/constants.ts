/** The product's business constants. */
export const DEFAULT_ANNUAL_DUES = 400;
export const OFFICER_DISCOUNT_PERCENT = 50;
export const DEFAULT_MISSED_MEETING_LIMIT = 4;
export const REVIEW_BUSINESS_DAYS = '3-5';
export const MEETING_MINUTES = '60-90';
export const DIRECTORY_PAGE_SIZE = 9;
/** The most members one directory page may ask for. */
export const MAX_DIRECTORY_PAGE_SIZE = 50;
/** The picker shows this many choices at a time: it narrows on the server as the member types. */
export const MEMBER_CHOICE_PAGE_SIZE = 20;
/** A longer page, for a screen that lists the whole roster a page at a time (logging a meeting). */
export const MAX_MEMBER_CHOICE_PAGE_SIZE = 200;
export const MEMBER_TABLE_PAGE_SIZE = 15;
export const SKELETON_CARD_COUNT = 6;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a final action (approve, decline, remove) waits behind its Undo toast before it is sent. */
export const UNDO_WINDOW_MS = 6000;

/** Fixed marketing statistics on the home page. */
export const MARKETING_STATS = [
  { value: '15+', label: 'Active Members' },
  { value: '200+', label: 'Referrals Passed' },
  { value: '$1.2M+', label: 'Business Generated' },
  { value: '100%', label: 'Local Businesses' },
] as const;

/** Cache lifetimes in seconds, used for Cache-Control and client staleness. */
export const CACHE_SECONDS = {
  members: 5 * 60,
  industriesPublic: 10 * 60,
  industries: 5 * 60,
  users: 5 * 60,
  pendingReferrals: 30,
  networkStats: 60,
  networkSettings: 10 * 60,
  attendanceStatsBatch: 5 * 60,
  recentActivity: 2 * 60,
} as const;
