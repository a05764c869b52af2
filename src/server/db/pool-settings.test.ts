import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, postgresReachable } from '../test/test-database';
import { type DatabaseHandle, DEFAULT_APPLICATION_NAME, openDatabase, selectRows } from './client';

const hasPostgres = await postgresReachable();

describe.runIf(hasPostgres)('pool settings (DATABASE_POOL_SIZE, DATABASE_APPLICATION_NAME)', () => {
  let empty: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
  });
  afterAll(() => empty.drop());

  const backend = (handle: DatabaseHandle) =>
    selectRows<{ pid: number; name: string }>(
      handle.db,
      sql`select pg_backend_pid() as pid, application_name as name, pg_sleep(0.1) from pg_stat_activity where pid = pg_backend_pid()`,
    ).then((rows) => rows[0]!);

  it('opens at most the configured number of connections, named as configured', async () => {
    const handle = openDatabase({
      databaseUrl: empty.url,
      dataDir: 'unused',
      poolSize: 2,
      applicationName: 'noco-eu-west-2',
    });
    try {
      const seen = await Promise.all(Array.from({ length: 8 }, () => backend(handle)));
      expect(new Set(seen.map((s) => s.pid)).size).toBe(2);
      expect(new Set(seen.map((s) => s.name))).toEqual(new Set(['noco-eu-west-2']));
    } finally {
      await handle.close();
    }
  });

  it('names its connections after the app by default', async () => {
    const handle = openDatabase({ databaseUrl: empty.url, dataDir: 'unused' });
    try {
      expect((await backend(handle)).name).toBe(DEFAULT_APPLICATION_NAME);
      expect(DEFAULT_APPLICATION_NAME).toBe('noco-network');
    } finally {
      await handle.close();
    }
  });
});
