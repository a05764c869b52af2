import { sql } from 'drizzle-orm';
import { type Database, selectRows } from './client';

/**
 * Whether the row-level security policies bind the app's connection. A superuser, a BYPASSRLS role or the
 * tables' owner skips them, leaving the scoping helper the only lock: start-up says so (docs/operations.md, "Database roles").
 */
export async function chapterLockBinds(db: Database): Promise<boolean> {
  const [row] = await selectRows<{ binds: boolean }>(
    db,
    sql`select not (r.rolsuper or r.rolbypassrls or t.tableowner = current_user) as binds
          from pg_roles r, pg_tables t
         where r.rolname = current_user and t.schemaname = 'public' and t.tablename = 'users'`,
  );
  return row?.binds === true;
}

export const LOCK_SKIPPED_WARNING =
  "DATABASE_URL's role skips row-level security (a superuser, BYPASSRLS or the tables' owner): connect as the " +
  'app role and migrate with MIGRATION_DATABASE_URL (docs/operations.md, "Database roles")';
