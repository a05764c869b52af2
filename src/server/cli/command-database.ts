import { loadDatabaseConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { orExit } from '../lib/or-exit';

/**
 * The start every database command shares: the settings checked (a wrong one is one line and exit 1), the
 * configured database opened, migrated unless the command only reads, and closed on every path, since the
 * embedded database's folder lock must not outlive the command.
 */
export async function withCommandDatabase(
  work: (handle: DatabaseHandle) => Promise<void>,
  options: { migrate: boolean } = { migrate: true },
): Promise<void> {
  const config = orExit(() => loadDatabaseConfig());
  const handle = orExit(() =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      migrationUrl: config.migrationDatabaseUrl,
      dataDir: config.dataDir,
    }),
  );
  try {
    if (options.migrate) await handle.migrate();
    await work(handle);
  } finally {
    await handle.close();
  }
}
