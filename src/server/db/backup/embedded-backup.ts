import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { LOCK_FILE, lockDataDir } from '../data-dir-lock';

/** A refusal the operator acts on: the command prints its one line and exits 1, having changed nothing. */
export class BackupRefused extends Error {}

export const BACKUP_MESSAGES = {
  postgres:
    'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore it with pg_restore (README, "Backups").',
  noDatabase: (dataDir: string) => `${dataDir} holds no embedded database to back up.`,
  exists: (file: string) => `${file} already exists: name another file.`,
  missing: (file: string) => `${file} does not exist.`,
  notEmpty: (dataDir: string) =>
    `${dataDir} is not empty: restore into a new, empty DATA_DIR (or move this one away first).`,
};

/** `noco-backup-2026-11-27T04-50-31Z.tar.gz`: sorts by time, no characters a shell or Windows minds. */
export const defaultBackupName = (now = new Date()) =>
  `noco-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

const openEmbedded = (dataDir: string, loadDataDir?: Blob) =>
  // pg_trgm as the server loads it (migration 0005's index needs it).
  new PGlite(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });

/**
 * Writes one gzipped tar of the embedded database's folder (DATA_DIR): the database, checkpointed by
 * PGlite so the copy is consistent, and the uploads folder, which lives inside it. Holds the folder's
 * lock meanwhile, so it refuses (with the owner's PID) while a server uses the folder. Written to a
 * temporary name first: a backup that stops half-way never looks complete.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupRefused(BACKUP_MESSAGES.noDatabase(dataDir));
  if (existsSync(file)) throw new BackupRefused(BACKUP_MESSAGES.exists(file));
  const unlock = lockDataDir(dataDir);
  try {
    const db = openEmbedded(dataDir);
    let dump: Blob;
    try {
      // Dumping before PGlite has started waits forever.
      await db.waitReady;
      dump = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
    const partial = `${file}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return { bytes: dump.size };
  } finally {
    unlock();
  }
}

/**
 * Restores a backup into an empty (or new) DATA_DIR: PGlite unpacks the database and the uploads folder;
 * the lock file the backing-up process left inside is removed. A failure removes what it unpacked.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new BackupRefused(BACKUP_MESSAGES.missing(file));
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupRefused(BACKUP_MESSAGES.notEmpty(dataDir));
  }
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const db = openEmbedded(dataDir, new Blob([readFileSync(file)]));
    await db.waitReady;
    // A read proves the unpacked database opens.
    await db.query('select 1');
    await db.close();
  } catch (err) {
    unlock();
    for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    throw err;
  }
  // The backup holds the lock file of the process that made it: this one's replaced it, and goes now.
  unlock();
  rmSync(resolve(dataDir, LOCK_FILE), { force: true });
}
