import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createEmptyPostgresDatabase, postgresReachable } from '../src/server/test/test-database';
import { healthy, type Server, start } from './server-process';

/**
 * The production recipe of docs/operations.md, as one script, in a clean copy of the repository: install,
 * build, prune to production dependencies; then the built commands and server on PostgreSQL with
 * NODE_ENV=production. The Dockerfile runs the same script.
 */

/** The repository's files as they stand (committed or not, never ignored ones: no node_modules, no dist). */
function cleanCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'noco-production-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    encoding: 'utf8',
  });
  for (const file of files.split('\0').filter(Boolean)) {
    if (!existsSync(file)) continue; // deleted in the working tree, not yet committed
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(file, join(copy, file));
  }
  return copy;
}

/** Runs a command in the copy to its end; answers its exit code and output. */
async function finished(server: Server) {
  return { code: await server.exited, output: server.output().trim() };
}

test('scripts/install-production.sh in a clean copy: built, pruned, and it runs in production on PostgreSQL', async () => {
  test.skip(!(await postgresReachable()), 'no PostgreSQL on this machine');
  test.setTimeout(6 * 60_000);
  const copy = cleanCopy();
  const database = await createEmptyPostgresDatabase();
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    SESSION_SECRET: 'production-install-test-secret-0123456789',
    PUBLIC_URL: 'https://network.example.com',
    OIDC_CLIENT_ID: 'client-id.apps.googleusercontent.com',
    OIDC_CLIENT_SECRET: 'client-secret',
    EMAIL_NOTIFICATIONS: 'false',
    LOG_LEVEL: 'warn',
  };
  const inCopy = (command: string, args: string[], env: Record<string, string> = {}) =>
    start(command, args, { ...production, ...env }, undefined, copy);
  let server: Server | undefined;
  try {
    const install = await finished(inCopy('bash', ['scripts/install-production.sh']));
    expect(install.code, install.output).toBe(0);
    // Pruned: the build tools the old recipe needed at run time are gone, the build is there.
    for (const tool of ['tsx', 'vite', 'esbuild', 'drizzle-kit'])
      expect(existsSync(join(copy, 'node_modules', '.bin', tool)), tool).toBe(false);
    expect(existsSync(join(copy, 'dist', 'web', 'index.html'))).toBe(true);

    // Migrations and the admin command from the built output, without tsx.
    expect(await finished(inCopy('npm', ['run', '-s', 'db:migrate']))).toEqual({
      code: 0,
      output: 'Migrations applied (postgres).',
    });
    expect(await finished(inCopy('npm', ['run', '-s', 'admin', '--', 'list']))).toEqual({
      code: 0,
      output: 'No one holds a role above Member yet.\n0 members, 0 guests.',
    });

    server = inCopy('npm', ['start'], { BOOTSTRAP_ADMIN_EMAIL: 'Owner@Example.com' });
    await healthy(server);
    const base = `http://127.0.0.1:${server.port}`;
    const ready = await (await fetch(`${base}/api/ready`)).json();
    expect(ready).toMatchObject({
      status: 'ok',
      database: 'up',
      databaseKind: 'postgres',
      migrationsPending: 0,
    });
    const html = await (await fetch(`${base}/`)).text();
    // Painted by the server: the entry is named on the script that loads it after the first paint.
    const script = /<script[^>]+(?:src|data-app)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect((await fetch(`${base}${script}`)).status).toBe(200);
    // BOOTSTRAP_ADMIN_EMAIL made the owner the first agency administrator at start.
    expect(await finished(inCopy('npm', ['run', '-s', 'admin', '--', 'list']))).toEqual({
      code: 0,
      output: 'Agency Administrator   owner@example.com: has not signed in yet\n0 members, 0 guests.',
    });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  } finally {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database.drop();
    rmSync(copy, { recursive: true, force: true });
  }
});
