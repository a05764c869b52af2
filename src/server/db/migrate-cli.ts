import { loadDatabaseConfig } from '../config';
import { orExit } from '../lib/or-exit';
import { openDatabase } from './client';

/**
 * `npm run db:migrate`: apply the committed SQL migrations to the configured database. It needs only
 * DATABASE_URL and MIGRATION_DATABASE_URL (or DATA_DIR for the embedded one), so a release step can run it before any instance starts.
 */
const config = orExit(() => loadDatabaseConfig());
const handle = orExit(() =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    migrationUrl: config.migrationDatabaseUrl,
    dataDir: config.dataDir,
  }),
);
try {
  await handle.migrate();
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
