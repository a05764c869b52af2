import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem, narrowLock, runInLockContext } from './chapter-lock';
import { type DatabaseHandle, openDatabase, selectRows } from './client';

/**
 * The embedded database (PGlite) runs the same policies. Its one connection switches to the app's
 * role after migrating, and every statement sets the chapter scope in a transaction of its own, as on
 * PostgreSQL; this file runs on PGlite whatever TEST_DATABASE_URL says.
 */
let handle: DatabaseHandle;
let chapterA: string;
let chapterB: string;

const count = async (where: ReturnType<typeof sql>) =>
  (await selectRows<{ n: number }>(handle.db, sql`select count(*)::int as n from users where ${where}`))[0]
    ?.n;

/** Runs `work` as a request narrowed to `scope` would. */
const asRequest = <T>(scope: string, work: () => Promise<T>) =>
  runInLockContext(async () => {
    narrowLock(scope);
    return work();
  });

beforeAll(async () => {
  handle = openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const rows = await selectRows<{ id: string }>(
    handle.db,
    sql`insert into chapters (name, slug) values ('Loveland', 'loveland'), ('Greeley', 'greeley') returning id`,
  );
  [chapterA, chapterB] = rows.map((row) => row.id) as [string, string];
  await handle.db.execute(sql`insert into users (email, slug, role, chapter_id) values
    ('a@example.com', 'a', 'MEMBER', ${chapterA}), ('b@example.com', 'b', 'MEMBER', ${chapterB})`);
}, 60_000);
afterAll(() => handle?.close());

describe('the embedded database runs the same policies', () => {
  it("runs as the app's role, which neither is a superuser nor owns the tables", async () => {
    const [me] = await selectRows<{ user: string; superuser: boolean; owns: boolean }>(
      handle.db,
      sql`select current_user as user, r.rolsuper as superuser, t.tableowner = current_user as owns
            from pg_roles r, pg_tables t where r.rolname = current_user and t.tablename = 'users'`,
    );
    expect(me).toEqual({ user: 'noco_app', superuser: false, owns: false });
  });

  it("keeps a request of chapter A to A's rows, even with no condition on the chapter", async () => {
    expect(await asRequest(chapterA, () => count(sql`true`))).toBe(1);
    expect(await asRequest(chapterA, () => count(sql`chapter_id = ${chapterB}`))).toBe(0);
    expect(await asRequest(chapterB, () => count(sql`chapter_id = ${chapterB}`))).toBe(1);
    expect(await asRequest('', () => count(sql`true`))).toBe(0);
  });

  it('holds inside a transaction too, and lets the system see every chapter', async () => {
    const inTransaction = await asRequest(chapterA, () =>
      handle.db.transaction(async (tx) => {
        const [row] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from users`);
        return row?.n;
      }),
    );
    expect(inTransaction).toBe(1);
    expect(await asSystem(() => count(sql`true`))).toBe(2);
    expect(await count(sql`true`)).toBe(2);
  });

  it('refuses a row written into another chapter, and writes nothing', async () => {
    await expect(
      asRequest(chapterA, () =>
        handle.db.execute(sql`insert into industries (chapter_id, name) values (${chapterB}, 'Probe')`),
      ),
    ).rejects.toThrow();
    await asRequest(chapterA, () => handle.db.execute(sql`update users set position = 'Moved'`));
    const moved = await selectRows<{ email: string }>(
      handle.db,
      sql`select email from users where position = 'Moved' order by email`,
    );
    expect(moved).toEqual([{ email: 'a@example.com' }]);
    expect(await count(sql`true`)).toBe(2);
    expect(
      (
        await selectRows<{ n: number }>(
          handle.db,
          sql`select count(*)::int as n from industries where name = 'Probe'`,
        )
      )[0]?.n,
    ).toBe(0);
  });

  it('migrates again as the owner (a second start), and is back on the app role after', async () => {
    await handle.migrate();
    const [me] = await selectRows<{ user: string }>(handle.db, sql`select current_user as user`);
    expect(me?.user).toBe('noco_app');
  });
});
