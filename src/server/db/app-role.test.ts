import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { asAppRole, createEmptyPostgresDatabase, ensureAppRole, TEST_APP_ROLE } from '../test/test-database';
import { grantAppRoleSql } from './app-role';
import { openDatabase } from './client';

/**
 * The app role's grants (README, "Database roles"): rows of the app's tables, and only reading the migrations'
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

  /** The SQLSTATE a statement ends with, or 'ok'. */
  async function outcome(url: string, text: string): Promise<string> {
    try {
      await query(url, text);
      return 'ok';
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
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

  /** What the app role may do to the journal and to an app table. */
  async function rightsOf(ownerUrl: string) {
    const app = asAppRole(ownerUrl);
    return {
      readJournal: await outcome(app, 'select count(*) from drizzle.__drizzle_migrations'),
      deleteJournal: await outcome(app, 'delete from drizzle.__drizzle_migrations'),
      addToJournal: await outcome(
        app,
        "insert into drizzle.__drizzle_migrations (hash, created_at) values ('forged', 1)",
      ),
      emptyJournal: await outcome(app, 'truncate drizzle.__drizzle_migrations'),
      writeAppTable: await outcome(app, 'update network_settings set time_zone = time_zone'),
      createTable: await outcome(app, 'create table public.intruder (id int)'),
    };
  }

  const expected = {
    readJournal: 'ok',
    deleteJournal: '42501',
    addToJournal: '42501',
    emptyJournal: '42501',
    writeAppTable: 'ok',
    createTable: '42501',
  };

  it('granted before the first migration, as the README allows: the journal is read-only', async () => {
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
