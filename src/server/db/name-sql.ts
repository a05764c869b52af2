import { sql } from 'drizzle-orm';
import { users } from './schema';

/** A user's "first last" in SQL, or null when they have neither (the caller picks the fallback). */
export const userFullName = sql<
  string | null
>`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`;
