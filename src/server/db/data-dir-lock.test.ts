import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'noco-lock-'));

/** The PID of a process that has exited (so its lock is stale). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the embedded data folder lock', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  it('writes this process’s PID and removes it on release', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a folder a live process holds, naming its PID, and leaves its lock alone', () => {
    const dir = freshDir();
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(owner);
    writeFileSync(join(dir, LOCK_FILE), `${owner.pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(
      `Another process (PID ${owner.pid}) is using the data folder ${dir}`,
    );
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${owner.pid}\n`);
  });

  it('takes over the lock of a process that died', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE), `${await deadPid()}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    release();
  });

  it('takes over an unreadable lock (an empty file left by a crash mid-write)', () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE), '');
    lockDataDir(dir)();
  });

  it('lets one embedded database open a folder at a time, and the next after it closes', async () => {
    const dir = freshDir();
    const first = openDatabase({ dataDir: dir });
    expect(() => openDatabase({ dataDir: dir })).toThrow(DataDirInUseError);
    await first.db.execute(sql`select 1`);
    await first.close();
    const second = openDatabase({ dataDir: dir });
    await second.db.execute(sql`select 1`);
    await second.close();
  }, 60_000);
});
