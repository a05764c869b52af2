import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_APP_ROLE } from './test-database';

export const PGBOUNCER_PATH = '/usr/sbin/pgbouncer';

export const pgbouncerInstalled = () => existsSync(PGBOUNCER_PATH);

export interface Pgbouncer {
  port: number;
  /** `url` with its host and port pointed at this PgBouncer. */
  through(url: string): string;
  stop(): Promise<void>;
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A real PgBouncer on loopback in transaction mode, in front of the machine's PostgreSQL, with fewer
 * server connections than the app's pool so sessions share them. It refuses to run as root, so as root
 * it drops to the `postgres` user.
 */
export async function startPgbouncer(): Promise<Pgbouncer> {
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  chmodSync(dir, 0o777);
  // Below Linux's ephemeral range (32768 up), so no connection's local port already holds it.
  const port = 21000 + Math.floor(Math.random() * 11000);
  // The admin and the app's role (test-database.ts), whom the row-level security policies bind.
  writeFileSync(join(dir, 'userlist.txt'), `"postgres" ""\n"${TEST_APP_ROLE}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      '* = host=127.0.0.1 port=5432',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 3',
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  chmodSync(join(dir, 'pgbouncer.ini'), 0o644);
  chmodSync(join(dir, 'userlist.txt'), 0o644);
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(
    PGBOUNCER_PATH,
    [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100 && !(await accepting(port)); i++) await sleep(50);
  if (!(await accepting(port))) {
    child.kill('SIGKILL');
    throw new Error(`PgBouncer did not start on port ${port} (see ${dir}/pgbouncer.log)`);
  }
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}
