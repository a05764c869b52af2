import { canReviewApplications, hasRole, type Role } from '../roles/roles';

/**
 * What a member can be told about. In-app notifications are always on; each kind's email can be
 * switched off in Account Settings (default on). `for` says who can receive the kind at all, so the
 * preferences list shows only what applies to the member.
 */
export const NOTIFICATION_KINDS = {
  referral_awaiting: {
    label: 'A referral waits for your decision',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  referral_decided: {
    label: 'A referral you passed or reported was approved or declined',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  referral_changed: {
    label: 'The other member edited or deleted a referral you are part of',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  referral_proposal: {
    label: 'The other member asks to change or remove an approved referral, or answered your request',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  referral_reminder: {
    label: 'Reminders about referrals still pending after 3 and 7 days',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  one_to_one: {
    label: 'A member logged a one-to-one with you, changed one, or said one did not happen',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  testimonial: {
    label: 'A member wrote you a testimonial',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  slips_entered: {
    label: 'Leadership entered a paper slip of yours at the slips desk',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  application_new: {
    label: 'A new membership application arrived',
    for: (role: Role) => canReviewApplications(role),
  },
  application_decided: {
    label: 'Your membership application was decided',
    for: () => true,
  },
  attendance_limit: {
    label: 'You are one absence from the attendance limit',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  meeting_not_recorded: {
    label: "A meeting's day passed without it being opened or made a holiday",
    for: (role: Role) => hasRole(role, 'LEADERSHIP'),
  },
  visitor_registered: {
    label: 'A visitor registered for a meeting (leadership and visitor hosts)',
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  visitor_follow_up: {
    label: "A visitor's follow-up call is overdue (the visitor host, then the chapter's president)",
    for: (role: Role) => hasRole(role, 'MEMBER'),
  },
  week_report: {
    label: "The week's PALMS report when a meeting closes",
    for: (role: Role) => hasRole(role, 'LEADERSHIP'),
  },
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_IDS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && value in NOTIFICATION_KINDS;

/** The kinds a member with this role may hear about, in display order. */
export const notificationKindsFor = (role: Role): NotificationKind[] =>
  NOTIFICATION_KIND_IDS.filter((kind) => NOTIFICATION_KINDS[kind].for(role));

/** Follow-up nudges: who is reminded of a pending referral, and after how many days. */
export const REFERRAL_NUDGES = [
  { kind: 'decider_3d', afterDays: 3 },
  { kind: 'creator_7d', afterDays: 7 },
] as const;
export type ReferralNudgeKind = (typeof REFERRAL_NUDGES)[number]['kind'];

/** Where each place in the app lives; notifications link there. */
export const NOTIFICATION_LINKS = {
  referrals: '/dashboard?tab=referrals',
  /** The one-to-ones card on the Referral Metrics tab. */
  oneToOnes: '/dashboard?tab=referrals#panel-one-to-ones',
  /** The testimonials card on the Referral Metrics tab. */
  testimonials: '/dashboard?tab=referrals#panel-testimonials',
  /** One referral: the Referral Metrics tab scrolls to it and highlights it (in Pending Referrals first). */
  referral: (id: string) => `/dashboard?tab=referrals&referral=${encodeURIComponent(id)}`,
  myApplication: '/dashboard?tab=applications',
  application: (id: string) => `/applications/${id}`,
  accountSettings: '/dashboard?tab=account',
  /** One meeting in the Attendance tab. */
  meeting: (meetingId: string) => `/dashboard?tab=attendance&meeting=${encodeURIComponent(meetingId)}`,
  /** The Visitors tab, where leadership sees the chapter's visitors. */
  visitors: '/dashboard?tab=visitors',
  /** A closed meeting's PALMS report. */
  weekReport: (meetingId: string) => `/meetings/${encodeURIComponent(meetingId)}/report`,
} as const;

/** How many notifications the bell's panel lists. */
export const NOTIFICATION_PANEL_SIZE = 20;
