import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, migrationsFolder, selectRows } from './client';
import { hasSqlState } from './errors';

let committed: number[] | undefined;

/** The committed migrations' timestamps (read once: they change only with a new build). */
function committedMigrations(): number[] {
  committed ??= readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((m) => m.folderMillis);
  return committed;
}

/**
 * How many committed migrations the database has not applied, by Drizzle's own bookkeeping (it applies
 * those newer than the last one recorded). One query; throws when the database does not answer.
 */
export async function migrationsBehind(db: Pick<Database, 'execute'>): Promise<number> {
  let last: number | undefined;
  try {
    const [row] = await selectRows<{ last: string | null }>(
      db,
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    last = row?.last ? Number(row.last) : undefined;
  } catch (err) {
    // No bookkeeping table yet: nothing was ever migrated.
    if (!hasSqlState(err, UNDEFINED_TABLE)) throw err;
  }
  return committedMigrations().filter((millis) => last === undefined || millis > last).length;
}

const UNDEFINED_TABLE = '42P01';
