import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

export const LOCK_FILE = 'server.pid';

/** A second process opening the embedded data folder: the one line main.ts prints before exiting. */
export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readOwner = (path: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Claims the embedded database folder for this process with a lock file holding its PID. PGlite has no
 * lock of its own: two processes on one folder each write their own copy and silently diverge. A lock
 * whose process is gone (a crash, SIGKILL) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = resolve(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        if (readOwner(path) === process.pid) unlinkSync(path);
      };
    } catch (err) {
      if (errorCode(err) !== 'EEXIST') throw err;
    }
    const owner = readOwner(path);
    if (owner !== undefined && isAlive(owner)) throw inUse(owner, dataDir);
    takeOverStale(path, owner, dataDir);
  }
  throw new DataDirInUseError(
    `The data folder ${resolve(dataDir)} is locked (${path}) and could not be claimed.`,
  );
}

/**
 * Removes a dead process's lock. Moving it aside first (rename is atomic) and reading what was moved makes
 * sure a lock another starter has just taken in its place is put back, not deleted.
 */
function takeOverStale(path: string, staleOwner: number | undefined, dataDir: string) {
  const aside = `${path}.${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return; // someone else removed it; try to create again
    throw err;
  }
  const moved = readOwner(aside);
  if (moved !== staleOwner && moved !== undefined && isAlive(moved)) {
    try {
      linkSync(aside, path);
    } catch {
      // A third starter got in meanwhile; its lock stands.
    }
    unlinkSync(aside);
    throw inUse(moved, dataDir);
  }
  unlinkSync(aside);
}

const inUse = (owner: number, dataDir: string) =>
  new DataDirInUseError(
    `Another process (PID ${owner}) is using the data folder ${resolve(dataDir)}: stop it, or give this one its own DATA_DIR.`,
  );
