import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Form tokens already spent (docs/decisions/0018): a server-rendered form's token works once. Rows are
 * kept until the token would have expired anyway, then swept.
 */
export const formTokenUses = pgTable('form_token_uses', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
