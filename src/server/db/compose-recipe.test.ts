import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../config';
import { projectRoot } from '../lib/project-root';
import { appRoleRights } from '../test/test-database';
import { openDatabase, selectRows } from './client';
import { chapterLockBinds } from './lock-binds';

const ROLES_SCRIPT = 'deploy/postgres/init-roles.sh';

interface Service {
  environment: Record<string, string>;
  volumes?: string[];
}
const compose = parse(readFileSync(join(projectRoot(), 'compose.yaml'), 'utf8')) as {
  services: { db: Service; app: Service };
};

/** compose.yaml's recipe: two roles, the owner migrates and the app serves, passwords never spliced into a URL. */
describe('compose.yaml', () => {
  const { db, app } = compose.services;

  it('connects the app as the app role and migrates as the owner, neither the superuser', () => {
    const serving = new URL(app.environment.DATABASE_URL!);
    const migrating = new URL(app.environment.MIGRATION_DATABASE_URL!);
    expect([serving.username, serving.host, serving.pathname]).toEqual([
      'network_app',
      'db:5432',
      '/network',
    ]);
    expect([migrating.username, migrating.host, migrating.pathname]).toEqual([
      'network_owner',
      'db:5432',
      '/network',
    ]);
    expect(db.environment.POSTGRES_USER).toBe('postgres');
  });

  it('passes each password as its own setting, never inside a URL, and keeps the superuser in the database', () => {
    for (const url of [app.environment.DATABASE_URL!, app.environment.MIGRATION_DATABASE_URL!]) {
      expect(new URL(url).password).toBe('');
      expect(url).not.toContain('${');
    }
    expect(app.environment.DATABASE_PASSWORD).toMatch(/^\$\{NETWORK_APP_PASSWORD:\?/);
    expect(app.environment.MIGRATION_DATABASE_PASSWORD).toMatch(/^\$\{NETWORK_OWNER_PASSWORD:\?/);
    expect(db.environment.NETWORK_APP_PASSWORD).toMatch(/^\$\{NETWORK_APP_PASSWORD:\?/);
    expect(db.environment.NETWORK_OWNER_PASSWORD).toMatch(/^\$\{NETWORK_OWNER_PASSWORD:\?/);
    // The app's .env holds them too: compose's environment blanks them for the app container.
    expect(app.environment.POSTGRES_PASSWORD).toBe('');
  });

  it('makes the roles with the init script when the database volume is first created', () => {
    expect(db.volumes).toContain(`./${ROLES_SCRIPT}:/docker-entrypoint-initdb.d/10-network-roles.sh:ro`);
  });
});

/** The init script run as the postgres image runs it, against a real PostgreSQL, then the app started on its roles. */
describe.runIf(process.env.TEST_DATABASE_URL)('the roles init script', () => {
  it('makes an owner that migrates and an app role row-level security binds, whatever the passwords hold', async () => {
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    const tag = randomBytes(4).toString('hex');
    const names = { database: `t_compose_${tag}`, owner: `t_owner_${tag}`, app: `t_app_${tag}` };
    const passwords = { owner: "own'er@:/%41 pw", app: `app"pw'; drop role postgres; --` };
    const run = spawnSync('bash', [join(projectRoot(), ROLES_SCRIPT)], {
      env: {
        PATH: process.env.PATH,
        PGHOST: admin.hostname,
        PGPORT: admin.port || '5432',
        POSTGRES_USER: decodeURIComponent(admin.username),
        POSTGRES_DB: admin.pathname.slice(1) || 'postgres',
        NETWORK_DATABASE: names.database,
        NETWORK_OWNER: names.owner,
        NETWORK_APP: names.app,
        NETWORK_OWNER_PASSWORD: passwords.owner,
        NETWORK_APP_PASSWORD: passwords.app,
      },
      encoding: 'utf8',
    });
    const superuser = new pg.Client({ connectionString: admin.href });
    await superuser.connect();
    try {
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const roles = await superuser.query<{ rolname: string; rolsuper: boolean; has_password: boolean }>(
        `select rolname, rolsuper, rolpassword is not null as has_password from pg_authid
          where rolname in ($1, $2) order by rolname`,
        [names.app, names.owner],
      );
      expect(roles.rows).toEqual([
        { rolname: names.app, rolsuper: false, has_password: true },
        { rolname: names.owner, rolsuper: false, has_password: true },
      ]);

      // As compose.yaml configures the app: each URL without its password, each password a setting of its own.
      const base = `postgres://%s@${admin.host}/${names.database}`;
      const config = loadConfig({
        DATABASE_URL: base.replace('%s', names.app),
        DATABASE_PASSWORD: passwords.app,
        MIGRATION_DATABASE_URL: base.replace('%s', names.owner),
        MIGRATION_DATABASE_PASSWORD: passwords.owner,
      });
      const handle = openDatabase({
        databaseUrl: config.databaseUrl,
        migrationUrl: config.migrationDatabaseUrl,
        dataDir: 'unused',
      });
      try {
        await handle.migrate();
        expect(await chapterLockBinds(handle.db)).toBe(true);
        const owned = await selectRows<{ owner: string }>(
          handle.db,
          sql`select distinct tableowner as owner from pg_tables where schemaname = 'public'
                and tablename in ('users', 'referrals', 'chapters')`,
        );
        expect(owned).toEqual([{ owner: names.owner }]);
      } finally {
        await handle.close();
      }
      // The app writes rows, never the migrations' journal nor the schema.
      const rights = await appRoleRights(config.databaseUrl!);
      expect(rights).toMatchObject({
        readJournal: 'ok',
        writeAppTable: 'ok',
        deleteJournal: '42501',
        createTable: '42501',
      });
    } finally {
      await superuser.query(`drop database if exists ${names.database} with (force)`);
      for (const role of [names.app, names.owner]) await superuser.query(`drop role if exists ${role}`);
      await superuser.end();
    }
  }, 60_000);
});
