import { ConfigError, loadDatabaseConfig } from '../config';
import { openDatabase } from './client';

/**
 * `npm run db:migrate`: apply the committed SQL migrations to the configured database. It needs only
 * DATABASE_URL (or DATA_DIR for the embedded one), so a release step can run it before any instance starts.
 */
let config: ReturnType<typeof loadDatabaseConfig>;
try {
  config = loadDatabaseConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await handle.migrate();
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
