import { loadConfig } from '../config';
import { openDatabase } from './client';

/** `npm run db:migrate`: apply the committed SQL migrations to the configured database. */
const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await handle.migrate();
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
