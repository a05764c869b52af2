import { type SQL, sql } from 'drizzle-orm';

/**
 * A sum of numeric(12,2) amounts as its exact decimal string ("0.00" when there is nothing to sum).
 * The result stays plain `numeric` (no precision), so no count of rows can overflow it; a cast to
 * numeric(14,2) once answered 500 for a network past $999 billion.
 */
export const moneyTotal = (sum: SQL) => sql<string>`round(coalesce(${sum}, 0), 2)::text`;
