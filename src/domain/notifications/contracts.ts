import { z } from 'zod';
import { pageQuery, pageSchema } from '../paging';
import { NOTIFICATION_KIND_IDS, NOTIFICATION_PANEL_SIZE, type NotificationKind } from './kinds';

/** GET /api/notifications?limit=&cursor=: older notifications a page at a time. */
export const MAX_NOTIFICATION_PAGE_SIZE = 50;
export const notificationPageQuerySchema = pageQuery(NOTIFICATION_PANEL_SIZE, MAX_NOTIFICATION_PAGE_SIZE);

const kindSchema = z.enum(NOTIFICATION_KIND_IDS as [NotificationKind, ...NotificationKind[]]);

export const notificationSchema = z.object({
  id: z.string(),
  kind: kindSchema,
  title: z.string(),
  body: z.string(),
  /** A path inside the app, never a full address. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** The bell's panel: a page of my notifications, newest first, with the unread count. */
export const notificationListSchema = pageSchema(notificationSchema).extend({ unread: z.number() });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Mark some (`ids`) or every (`all: true`) notification of mine as read. */
export const markReadSchema = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({
    ids: z
      .array(z.uuid('Each id must be a notification id'))
      .min(1, 'Name at least one notification')
      .max(100, 'At most 100 notifications at a time'),
  }),
]);
export type MarkRead = z.infer<typeof markReadSchema>;

export const unreadSchema = z.object({ unread: z.number() });

/** How much waits on me in one place (the dashboard tabs' badges: referrals to answer, applications). */
export const waitingCountSchema = z.object({ count: z.number() });
export type WaitingCount = z.infer<typeof waitingCountSchema>;

export const emailPreferenceSchema = z.object({ kind: kindSchema, label: z.string(), email: z.boolean() });
export const emailPreferencesSchema = z.object({ items: z.array(emailPreferenceSchema) });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** Switch one kind's email on or off. */
export const emailPreferenceInputSchema = z.strictObject({
  kind: kindSchema,
  email: z.boolean({ error: 'email must be true or false' }),
});
export type EmailPreferenceInput = z.infer<typeof emailPreferenceInputSchema>;

export const NOTIFICATION_MESSAGES = {
  kindNotForYou: 'You do not receive this kind of notification',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Change your email settings in Account Settings.',
  unsubscribeFormExpired:
    'This page was open too long or was already sent. Press the button again to stop these emails.',
} as const;
