import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A picture upload URL this server issued: bound to one member, valid for 10 minutes,
 * used once for the bytes and once to set the picture. The id is the secret in the URL.
 */
export const profileUploads = pgTable(
  'profile_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the bytes arrived: the stored object's key. */
    objectKey: text('object_key'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** Set when the member made it their picture. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    // Uploads that still point at a file (received, not yet applied): such a file is never deleted.
    index('profile_uploads_pending_object_idx')
      .on(t.objectKey)
      .where(sql`${t.appliedAt} is null and ${t.objectKey} is not null`),
  ],
);
