import { asc, sql } from 'drizzle-orm';
import { users } from './schema';

/** A user's "first last" in SQL, or null when they have neither (the caller picks the fallback). */
export const userFullName = sql<
  string | null
>`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`;

/** The "first last" of the users row under `alias` in a hand-written query, or null when they have neither. */
export const fullNameOf = (alias: string) =>
  sql.raw(`nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`);

/** A person's place in A-to-Z order, as users_directory_order_idx holds it: first name, last name, id. */
export const nameSortKey = {
  first: sql<string>`lower(coalesce(${users.firstName}, ''))`,
  last: sql<string>`lower(coalesce(${users.lastName}, ''))`,
};

/** ORDER BY for A to Z, read in users_directory_order_idx's order. */
export const byName = [asc(nameSortKey.first), asc(nameSortKey.last), asc(users.id)];

/** Where the name key ends a page: the next starts after it. */
export interface NameKey {
  first: string;
  last: string;
  id: string;
}

/** Everyone after `key` in A-to-Z order (a row comparison, so the index range scan starts right there). */
export const afterName = (key: NameKey) =>
  sql`(${nameSortKey.first}, ${nameSortKey.last}, ${users.id}) > (${key.first}, ${key.last}, ${key.id}::uuid)`;
