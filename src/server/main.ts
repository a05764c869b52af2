import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from 'drizzle-orm';
import { type App, buildApp } from './app';
import { demoAccounts } from './auth/demo-accounts';
import { loadConfig } from './config';
import { nameUnnamedChapter } from './db/chapter-settings';
import { openDatabase } from './db/client';
import { chapterLockBinds, LOCK_SKIPPED_WARNING } from './db/lock-binds';
import { users } from './db/schema';
import { seedDemoNetwork } from './db/seed/seed-demo';
import { orExit } from './lib/or-exit';
import { projectRoot } from './lib/project-root';
import { bootstrapAgencyAdmin } from './modules/users/bootstrap-admin';
import { describeGrant } from './modules/users/grant-role';
import { startBanner } from './start-banner';

const startedAt = performance.now();
const config = orExit(() => loadConfig());
// The pool reports lost connections through the app's logger once there is one.
let appLog: Pick<App['log'], 'warn'> = console;
const database = orExit(() =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    migrationUrl: config.migrationDatabaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePool.size,
    applicationName: config.databasePool.applicationName,
    namedStatements: config.databasePool.namedStatements,
    logger: { warn: (obj: object, msg?: string) => appLog.warn(obj, msg) },
    templatePath: join(projectRoot(), 'dist', 'embedded-template'),
  }),
);
await database.migrate();
const lockBinds = await chapterLockBinds(database.db);
// The chapter migration 0025 made from today's network takes the network's name (a no-op once named).
await nameUnnamedChapter(database.db, config.networkName);

if (config.seedDemo) {
  const [row] = await database.db.select({ n: count() }).from(users);
  if (row?.n === 0) await seedDemoNetwork(database.db);
}

const app = await buildApp({ config, database, runJobs: true });
appLog = app.log;
// Through the app's logger, once there is one: a JSON line like every other.
if (!lockBinds) app.log.warn(LOCK_SKIPPED_WARNING);
if (config.bootstrapAdminEmail) {
  const granted = await bootstrapAgencyAdmin(database.db, config.bootstrapAdminEmail);
  app.log.info(
    granted
      ? `BOOTSTRAP_ADMIN_EMAIL: ${describeGrant(granted)}`
      : 'BOOTSTRAP_ADMIN_EMAIL ignored: the network already has an agency administrator.',
  );
}
app.addHook('onClose', async () => database.close());

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  // First out of the load balancer: still serving while its readiness checks see 503 and move traffic away.
  app.drain.start();
  if (config.shutdownDrainMs > 0) {
    app.log.info(
      { signal, shutdownDrainMs: config.shutdownDrainMs },
      'draining: /api/ready answers 503, connections close after their answer, requests are still served',
    );
    await sleep(config.shutdownDrainMs);
  }
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // Stop a hung request from holding the process forever.
  const force = setTimeout(() => {
    app.log.error(
      { shutdownTimeoutMs: config.shutdownTimeoutMs },
      'shutdown timed out with requests still in flight (SHUTDOWN_TIMEOUT_MS): exiting now',
    );
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  try {
    await app.close();
    app.log.info('shut down: in-flight requests finished, database closed');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
  `${config.networkName} is listening on http://localhost:${config.port}`,
);

// In development a person started this: tell them where to go and who to sign in as, in words (a test's or
// production's output stays one JSON line per entry).
if (config.env === 'development') {
  const demo = config.authTestDomain ? await demoAccounts(database.db) : null;
  const first = demo?.items[0];
  process.stdout.write(
    startBanner({
      networkName: config.networkName,
      url: config.publicUrl ?? `http://localhost:${config.port}`,
      demo: first && demo ? { email: first.email, password: demo.password } : null,
      developmentProvider: !config.oidc,
    }),
  );
}
