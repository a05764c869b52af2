import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, postgresReachable } from '../test/test-database';
import { type DatabaseHandle, openDatabase, selectRows } from './client';

const EXPECTED_TABLES = [
  'activity',
  'application_review_notes',
  'applications',
  'attendance_records',
  'chapters',
  'industries',
  'network_settings',
  'referrals',
  'sessions',
  'sign_in_attempts',
  'users',
];

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const rows = await selectRows<{ table_name: string }>(
    handle.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function uniqueIndexes(handle: DatabaseHandle): Promise<string[]> {
  const rows = await selectRows<{ indexname: string }>(
    handle.db,
    sql`select indexname from pg_indexes where schemaname = 'public' and indexdef ilike 'create unique%'`,
  );
  return rows.map((r) => r.indexname);
}

async function checkMigrated(handle: DatabaseHandle) {
  await handle.migrate();
  expect(await tableNames(handle)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
  expect(await uniqueIndexes(handle)).toEqual(
    expect.arrayContaining([
      'users_email_lower_key',
      'users_slug_key',
      'industries_chapter_name_lower_key',
      'attendance_member_date_key',
      'applications_one_open_per_user_key',
      'sessions_token_hash_key',
    ]),
  );
  // Applying again is a no-op.
  await handle.migrate();
}

const hasPostgres = await postgresReachable();

describe('migrations', () => {
  it('apply to an empty PGlite database', async () => {
    const handle = openDatabase({ dataDir: 'memory://' });
    try {
      await checkMigrated(handle);
    } finally {
      await handle.close();
    }
  });

  it.runIf(hasPostgres)('apply to an empty PostgreSQL database', async () => {
    const empty = await createEmptyPostgresDatabase();
    const handle = openDatabase({ databaseUrl: empty.url, dataDir: 'unused' });
    try {
      expect(await tableNames(handle)).toEqual([]);
      await checkMigrated(handle);
    } finally {
      await handle.close();
      await empty.drop();
    }
  });
});

describe.runIf(hasPostgres)('migrations with several instances', () => {
  it('apply once when four instances start together on one empty database', async () => {
    const empty = await createEmptyPostgresDatabase();
    const handles = Array.from({ length: 4 }, () =>
      openDatabase({ databaseUrl: empty.url, dataDir: 'unused', poolSize: 2 }),
    );
    try {
      const results = await Promise.allSettled(handles.map((h) => h.migrate()));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      expect(await tableNames(handles[0]!)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
      const applied = await selectRows<{ n: number }>(
        handles[0]!.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const files = await selectRows<{ n: number }>(
        handles[0]!.db,
        sql`select count(distinct hash)::int as n from drizzle.__drizzle_migrations`,
      );
      // Each migration recorded exactly once.
      expect(applied[0]?.n).toBe(files[0]?.n);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await empty.drop();
    }
  });

  it('npm run db:migrate needs nothing but DATABASE_URL, even in production', async () => {
    const empty = await createEmptyPostgresDatabase();
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/migrate.ts'],
        { env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: empty.url } },
      );
      expect(stdout).toContain('Migrations applied (postgres).');
      const handle = openDatabase({ databaseUrl: empty.url, dataDir: 'unused' });
      expect(await tableNames(handle)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
      await handle.close();
    } finally {
      await empty.drop();
    }
  }, 30_000);
});
