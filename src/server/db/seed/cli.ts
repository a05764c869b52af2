import { loadDatabaseConfig } from '../../config';
import { orExit } from '../../lib/or-exit';
import { openDatabase } from '../client';
import { seedDemoNetwork } from './seed-demo';

/** `npm run db:seed`: migrate, then seed the demo network on whatever database the config names. */
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
  const { seeded } = await seedDemoNetwork(handle.db);
  console.log(seeded ? 'Demo network seeded.' : 'Demo network already present; nothing changed.');
} finally {
  await handle.close();
}
