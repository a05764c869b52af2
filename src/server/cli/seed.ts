import { seedDemoNetwork } from '../db/seed/seed-demo';
import { withCommandDatabase } from './command-database';

/** `npm run db:seed`: migrate, then seed the demo network on whatever database the config names. */
await withCommandDatabase(async (handle) => {
  const { seeded } = await seedDemoNetwork(handle.db);
  console.log(seeded ? 'Demo network seeded.' : 'Demo network already present; nothing changed.');
});
