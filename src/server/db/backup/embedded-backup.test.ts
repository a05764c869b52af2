import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { create as createTar, list as listTar } from 'tar';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from '../client';
import { LOCK_FILE } from '../data-dir-lock';
import { seedDemoNetwork } from '../seed/seed-demo';
import { BACKUP_MESSAGES } from './embedded-backup';

/** `npm run db:backup` / `db:restore` as an operator runs them, in a data folder of the test's own. */
function run(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['scripts/run-cli.mjs', command, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}`.trim() };
}

/** Every table's rows (public and Drizzle's bookkeeping), each as JSON, in one order. */
async function everyTable(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = await selectRows<{ name: string }>(
    handle.db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const contents: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await selectRows<{ row: string }>(
      handle.db,
      sql.raw(`select to_jsonb(t)::text as row from ${name} t order by 1`),
    );
    contents[name] = rows.map((r) => r.row);
  }
  return contents;
}

/** The names inside a gzipped tar, as an operator's `tar -tzf` lists them. */
async function entriesOf(file: string): Promise<string[]> {
  const names: string[] = [];
  await listTar({ file, onReadEntry: (entry) => names.push(entry.path) });
  return names;
}

async function contentsOf(dataDir: string) {
  const handle = openDatabase({ dataDir });
  try {
    return await everyTable(handle);
  } finally {
    await handle.close();
  }
}

/** One file holds the embedded database and the uploads folder; a restore gives them back. */
describe('db:backup and db:restore (embedded database)', () => {
  const root = mkdtempSync(join(tmpdir(), 'noco-backup-'));
  const source = join(root, 'data');
  const picture = randomBytes(40_000);
  let before: Record<string, string[]>;

  beforeAll(async () => {
    const handle = openDatabase({ dataDir: source });
    await handle.migrate();
    await seedDemoNetwork(handle.db);
    await handle.close();
    mkdirSync(join(source, 'uploads', 'avatars'), { recursive: true });
    writeFileSync(join(source, 'uploads', 'avatars', 'jake.webp'), picture);
    before = await contentsOf(source);
  }, 120_000);

  it('restores into a fresh data folder every table row for row, and the uploads byte for byte', () => {
    const file = join(root, 'network.tar.gz');
    const backup = run('backup', [file], { DATA_DIR: source });
    expect(backup.status).toBe(0);
    expect(backup.out).toMatch(
      /^Backed up .* \(database and uploads\) to .*network\.tar\.gz \(\d+ bytes\)\.$/,
    );
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.partial`)).toBe(false);
    // The source folder is released.
    expect(existsSync(join(source, LOCK_FILE))).toBe(false);

    const target = join(root, 'restored');
    const restore = run('restore', [file], { DATA_DIR: target });
    expect(restore.out).toBe(`Restored ${file} into ${target}.`);
    expect(restore.status).toBe(0);
    expect(readFileSync(join(target, 'uploads', 'avatars', 'jake.webp')).equals(picture)).toBe(true);
    expect(existsSync(join(target, LOCK_FILE))).toBe(false);
  }, 120_000);

  it('names every file relative to the data folder and carries no process id file', async () => {
    const names = await entriesOf(join(root, 'network.tar.gz'));
    expect(names).toEqual(expect.arrayContaining(['PG_VERSION', 'base/', 'uploads/avatars/jake.webp']));
    expect(names.filter((name) => name.startsWith('/') || name.split('/').includes('..'))).toEqual([]);
    expect(names.filter((name) => /(^|\/)(postmaster|server)\.pid$/.test(name))).toEqual([]);
  });

  it('restores a backup of an earlier version, whose names began with / and held the process ids', async () => {
    const legacy = join(root, 'legacy.tar.gz');
    const db = new PGlite(source, { extensions: { pg_trgm } });
    await db.waitReady;
    writeFileSync(legacy, Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()));
    await db.close();
    const names = await entriesOf(legacy);
    expect(names).toEqual(expect.arrayContaining(['/PG_VERSION', '/postmaster.pid']));

    const target = join(root, 'restored-legacy');
    expect(run('restore', [legacy], { DATA_DIR: target })).toEqual({
      status: 0,
      out: `Restored ${legacy} into ${target}.`,
    });
    expect(readdirSync(target)).not.toContain('postmaster.pid');
    expect(readFileSync(join(target, 'uploads', 'avatars', 'jake.webp')).equals(picture)).toBe(true);
    expect((await contentsOf(target))['public.users']).toEqual(before['public.users']);
  }, 120_000);

  it('refuses an archive that would write outside the data folder, writing nothing there', async () => {
    const inner = join(root, 'hostile', 'inner');
    mkdirSync(inner, { recursive: true });
    writeFileSync(join(root, 'hostile', 'escape.txt'), 'outside');
    const hostile = join(root, 'hostile.tar.gz');
    await createTar({ file: hostile, gzip: true, cwd: inner, preservePaths: true }, ['../escape.txt']);
    expect(await entriesOf(hostile)).toEqual(['../escape.txt']);

    const target = join(root, 'restored-hostile', 'data');
    const res = run('restore', [hostile], { DATA_DIR: target });
    expect(res.status).toBe(1);
    expect(res.out).toMatch(new RegExp(`^${hostile} is not a backup this command can restore: .*\\.\\.`));
    expect(existsSync(join(root, 'restored-hostile', 'escape.txt'))).toBe(false);
    expect(readdirSync(target)).toEqual([]);
  });

  it('the restored database holds exactly what the backed-up one did, in every table', async () => {
    const after = await contentsOf(join(root, 'restored'));
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['public.users', 'public.referrals', 'drizzle.__drizzle_migrations']),
    );
    expect(before['public.users']!.length).toBeGreaterThan(15);
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  }, 120_000);

  it('refuses, changing nothing: a folder that is not empty, a file that exists, PostgreSQL, no file', () => {
    const file = join(root, 'network.tar.gz');
    const occupied = join(root, 'restored');
    const entries = readdirSync(occupied).sort();
    expect(run('restore', [file], { DATA_DIR: occupied })).toEqual({
      status: 1,
      out: BACKUP_MESSAGES.notEmpty(occupied),
    });
    expect(readdirSync(occupied).sort()).toEqual(entries);

    const size = readFileSync(file).length;
    expect(run('backup', [file], { DATA_DIR: source })).toEqual({
      status: 1,
      out: BACKUP_MESSAGES.exists(file),
    });
    expect(readFileSync(file).length).toBe(size);

    for (const command of ['backup', 'restore'] as const) {
      expect(run(command, [file], { DATA_DIR: source, DATABASE_URL: 'postgres://127.0.0.1/any' })).toEqual({
        status: 1,
        out: BACKUP_MESSAGES.postgres,
      });
    }
    expect(run('restore', [], { DATA_DIR: join(root, 'never') })).toEqual({
      status: 1,
      out: 'Name the backup file: npm run db:restore -- <file>',
    });
    expect(existsSync(join(root, 'never'))).toBe(false);
  });

  it('refuses to back up a folder a server is using, naming its PID', () => {
    writeFileSync(join(source, LOCK_FILE), `${process.pid}\n`);
    try {
      const res = run('backup', [join(root, 'while-running.tar.gz')], { DATA_DIR: source });
      expect(res.status).toBe(1);
      expect(res.out).toBe(
        `Another process (PID ${process.pid}) is using the data folder ${source}: stop it, or give this one its own DATA_DIR.`,
      );
      expect(existsSync(join(root, 'while-running.tar.gz'))).toBe(false);
    } finally {
      writeFileSync(join(source, LOCK_FILE), '');
    }
  });
});
