import { describe, expect, it } from 'vitest';
import { emailPreferenceInputSchema, markReadSchema, notificationPageQuerySchema } from './contracts';
import { isNotificationKind, NOTIFICATION_LINKS, notificationKindsFor } from './kinds';

const N1 = '11111111-1111-4111-8111-111111111111';
type Issue = { message: string; errors?: Issue[][] };
// A union's issue carries each option's issues: read them all.
const messagesOf = (list: Issue[]): string[] =>
  list.flatMap((i) => (i.errors ? i.errors.flatMap(messagesOf) : [i.message]));
const issues = (result: { error?: { issues: Issue[] } }) => messagesOf(result.error?.issues ?? []);

// Written by hand from the kinds' `for` rules: members hear about referrals and the attendance limit,
// leadership and above about new applications too, everyone about their own application's decision; any member
// may be made a visitor host, so every member may hear of a visitor registering.
describe('who hears about what', () => {
  const memberKinds = [
    'referral_awaiting',
    'referral_decided',
    'referral_changed',
    'referral_proposal',
    'referral_reminder',
    'one_to_one',
    'testimonial',
    'slips_entered',
    'application_decided',
    'attendance_limit',
    'visitor_registered',
    'visitor_follow_up',
  ];
  it('tells a guest only about their application', () => {
    expect(notificationKindsFor('GUEST')).toEqual(['application_decided']);
  });

  it('tells a member about referrals and attendance, in display order', () => {
    expect(notificationKindsFor('MEMBER')).toEqual(memberKinds);
  });

  it('tells leadership and admins about new applications, a meeting not recorded and the weekly PALMS report as well', () => {
    const forLeaders = [
      ...memberKinds.slice(0, 8),
      'application_new',
      'application_decided',
      'attendance_limit',
      'meeting_not_recorded',
      'visitor_registered',
      'visitor_follow_up',
      'week_report',
    ];
    expect(notificationKindsFor('LEADERSHIP')).toEqual(forLeaders);
    expect(notificationKindsFor('AGENCY_ADMIN')).toEqual(forLeaders);
    expect(notificationKindsFor('MEMBER')).not.toContain('week_report');
    expect(notificationKindsFor('MEMBER')).not.toContain('meeting_not_recorded');
  });

  it('knows its kinds and nothing else', () => {
    expect(isNotificationKind('referral_awaiting')).toBe(true);
    expect(isNotificationKind('application_new')).toBe(true);
    expect(isNotificationKind('referral')).toBe(false);
    expect(isNotificationKind(7)).toBe(false);
  });

  it('links into the app, escaping an id', () => {
    expect(NOTIFICATION_LINKS.referral('a b')).toBe('/dashboard?tab=referrals&referral=a%20b');
    expect(NOTIFICATION_LINKS.application('x1')).toBe('/applications/x1');
    expect(NOTIFICATION_LINKS.weekReport('m 1')).toBe('/meetings/m%201/report');
  });
});

describe('marking notifications read', () => {
  it('takes all, or 1 to 100 notification ids', () => {
    expect(markReadSchema.parse({ all: true })).toEqual({ all: true });
    expect(markReadSchema.parse({ ids: [N1] })).toEqual({ ids: [N1] });
    expect(markReadSchema.safeParse({ all: false }).success).toBe(false);
    expect(markReadSchema.safeParse({ ids: Array.from({ length: 100 }, () => N1) }).success).toBe(true);
  });

  it('says what is wrong with the ids', () => {
    expect(issues(markReadSchema.safeParse({ ids: [] }))).toContain('Name at least one notification');
    expect(issues(markReadSchema.safeParse({ ids: Array.from({ length: 101 }, () => N1) }))).toContain(
      'At most 100 notifications at a time',
    );
    expect(issues(markReadSchema.safeParse({ ids: ['x'] }))).toContain('Each id must be a notification id');
  });

  it('switches one kind’s email with a true or false, and pages the panel by 20, at most 50', () => {
    expect(issues(emailPreferenceInputSchema.safeParse({ kind: 'referral_awaiting', email: 'yes' }))).toEqual(
      ['email must be true or false'],
    );
    expect(emailPreferenceInputSchema.safeParse({ kind: 'nope', email: true }).success).toBe(false);
    expect(notificationPageQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(notificationPageQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
  });
});
