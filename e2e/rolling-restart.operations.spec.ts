import { expect, test } from '@playwright/test';
import { createEmptyPostgresDatabase, postgresReachable } from '../src/server/test/test-database';
import { startBalancer } from './round-robin-balancer';
import { healthy, type Server, start } from './server-process';

/**
 * A rolling restart as a deployment does one: two instances behind a round-robin balancer that follows their
 * readiness checks, a third started, then the first stopped with SIGTERM, all under a steady load on four
 * connections. Not one request may fail.
 */
test('a rolling restart under load drops no request: the stopping instance drains first', async () => {
  test.skip(!(await postgresReachable()), 'no PostgreSQL on this machine');
  test.setTimeout(120_000);
  const database = await createEmptyPostgresDatabase();
  const env = { DATABASE_URL: database.url, SHUTDOWN_DRAIN_MS: '1500', LOG_LEVEL: 'info' };
  const servers: Server[] = [];
  const instance = async () => {
    const server = start(process.execPath, ['dist/server/main.js'], env);
    servers.push(server);
    await healthy(server);
    return server;
  };
  const balancer = await startBalancer(100);
  try {
    // One after the other: the first applies the migrations.
    const first = await instance();
    const second = await instance();
    const stopping = await balancer.add(first.port);
    await balancer.add(second.port);

    const failures: string[] = [];
    let answered = 0;
    let loading = true;
    const client = async () => {
      while (loading) {
        try {
          const res = await fetch(`http://127.0.0.1:${balancer.port}/api/network/stats`);
          const body = await res.text();
          if (res.status === 200) answered++;
          else failures.push(`${res.status} ${body}`);
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    const clients = Array.from({ length: 4 }, client);

    const third = await instance();
    await balancer.add(third.port);
    const before = answered;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const duringStop = answered - before;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    loading = false;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    expect(duringStop).toBeGreaterThan(20);
    // The balancer learned of the stop from the instance itself, before it stopped listening.
    expect(stopping.sawDraining).toBe(true);
    expect(first.output()).toContain('"shutdownDrainMs":1500');
    expect(first.output()).toContain('shut down: in-flight requests finished, database closed');
  } finally {
    await balancer.close();
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await database.drop();
  }
});
