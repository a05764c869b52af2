import { withCommandDatabase } from './command-database';

/**
 * `npm run db:migrate`: apply the committed SQL migrations to the configured database. It needs only
 * DATABASE_URL and MIGRATION_DATABASE_URL (or DATA_DIR for the embedded one), so a release step can run it
 * before any instance starts.
 */
await withCommandDatabase(async (handle) => {
  console.log(`Migrations applied (${handle.kind}).`);
});
