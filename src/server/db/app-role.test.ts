import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APP_ROLE_RIGHTS,
  appRoleRights,
  asAppRole,
  createEmptyPostgresDatabase,
  ensureAppRole,
  TEST_APP_ROLE,
} from '../test/test-database';
import { grantAppRoleSql } from './app-role';
import { openDatabase } from './client';

/**
 * The app role's grants (docs/operations.md, "Database roles"): rows of the app's tables, and only reading the migrations'
 * journal, whether the owner grants before the first migration or after the last, and on an installation an
 * earlier recipe left with write rights on the journal.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("the app role's grants", () => {
  const dropped: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const drop of dropped.splice(0)) await drop();
  });

  async function query(url: string, text: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  }

  async function emptyDatabase() {
    const database = await createEmptyPostgresDatabase();
    dropped.push(database.drop);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await ensureAppRole(admin);
    await admin.end();
    return database.url;
  }

  async function migrate(ownerUrl: string) {
    const handle = openDatabase({ databaseUrl: ownerUrl, dataDir: 'unused' });
    await handle.migrate();
    await handle.close();
  }

  const rightsOf = (ownerUrl: string) => appRoleRights(asAppRole(ownerUrl));
  const expected = APP_ROLE_RIGHTS;

  it('granted before the first migration, as docs/operations.md allows: the journal is read-only', async () => {
    const url = await emptyDatabase();
    await query(url, grantAppRoleSql(TEST_APP_ROLE));
    await migrate(url);
    expect(await rightsOf(url)).toEqual(expected);
    const [journal] = (await query(url, 'select count(*)::int as n from drizzle.__drizzle_migrations')).rows;
    expect(journal.n).toBeGreaterThan(30);
  });

  it("granted again on an installation the earlier recipe left, it takes back the journal's write rights", async () => {
    const url = await emptyDatabase();
    const r = `"${TEST_APP_ROLE}"`;
    // The earlier recipe: default privileges in every schema, so the journal got them too.
    await query(
      url,
      [
        `alter default privileges grant usage on schemas to ${r}`,
        `alter default privileges grant select, insert, update, delete on tables to ${r}`,
        `alter default privileges grant usage, select on sequences to ${r}`,
      ].join(';\n'),
    );
    await migrate(url);
    expect((await rightsOf(url)).deleteJournal).toBe('ok');
    await query(url, grantAppRoleSql(TEST_APP_ROLE));
    expect(await rightsOf(url)).toEqual(expected);
  });
});
