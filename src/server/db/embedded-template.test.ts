import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { count, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/project-root';
import { openDatabase, selectRows } from './client';
import { users } from './schema';

/** A first start copies a prepared, migrated data folder instead of running initdb. */
describe('the embedded database template', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'template-test-'));
  const template = join(scratch, 'template');
  beforeAll(async () => {
    const client = new PGlite(template, { extensions: { pg_trgm } });
    await migrate(drizzle({ client }), { migrationsFolder: join(projectRoot(), 'drizzle') });
    // A marker only the template has, to tell a copy from a fresh initdb.
    await client.exec('create table template_marker (id int)');
    await client.close();
  }, 60_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('starts an empty data folder from the template, already migrated', async () => {
    const dataDir = join(scratch, 'fresh');
    const handle = openDatabase({ dataDir, templatePath: template });
    await handle.migrate();
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    await handle.db.execute(sql`select * from template_marker`);
    expect((await handle.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
    await handle.close();
  }, 60_000);

  it('never replaces a data folder that already holds a database', async () => {
    const dataDir = join(scratch, 'existing');
    const first = openDatabase({ dataDir });
    await first.migrate();
    await first.db.insert(users).values({ email: 'kept@example.com', slug: 'kept' });
    await first.close();
    const again = openDatabase({ dataDir, templatePath: template });
    await again.migrate();
    expect((await again.db.select({ n: count() }).from(users))[0]?.n).toBe(1);
    await expect(again.db.execute(sql`select * from template_marker`)).rejects.toThrow();
    await again.close();
  }, 60_000);

  it("keeps a 32 MB buffer cache, not PostgreSQL's 128 MB, on a copied folder as on a new one", async () => {
    // The whole cache is resident from the start, so its size is the embedded server's idle memory.
    const handle = openDatabase({ dataDir: join(scratch, 'buffers'), templatePath: template });
    await handle.migrate();
    expect(await selectRows(handle.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '32MB' }]);
    await handle.close();
  }, 60_000);
});
