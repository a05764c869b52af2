import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { create as createTar, extract as extractTar } from 'tar';
import { LOCK_FILE, lockDataDir } from '../data-dir-lock';

/** A refusal the operator acts on: the command prints its one line and exits 1, having changed nothing. */
export class BackupRefused extends Error {}

export const BACKUP_MESSAGES = {
  postgres:
    'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore it with pg_restore (docs/operations.md, "Backups").',
  noDatabase: (dataDir: string) => `${dataDir} holds no embedded database to back up.`,
  exists: (file: string) => `${file} already exists: name another file.`,
  missing: (file: string) => `${file} does not exist.`,
  unsafe: (file: string, reason: string) => `${file} is not a backup this command can restore: ${reason}`,
  notEmpty: (dataDir: string) =>
    `${dataDir} is not empty: restore into a new, empty DATA_DIR (or move this one away first).`,
};

/** `noco-backup-2026-11-27T04-50-31Z.tar.gz`: sorts by time, no characters a shell or Windows minds. */
export const defaultBackupName = (now = new Date()) =>
  `noco-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

const openEmbedded = (dataDir: string) =>
  // pg_trgm as the server loads it (migration 0005's index needs it).
  new PGlite(dataDir, { extensions: { pg_trgm } });

/**
 * Files a backup never carries: PostgreSQL's and the server's process ids (a restored folder has no running
 * process, and a stale id would make the next start think one is).
 */
const PROCESS_FILES = new Set(['postmaster.pid', LOCK_FILE]);
/** An archive's entry name as a path inside DATA_DIR (backups before relative names began with `/`). */
const inDataDir = (entry: string) => entry.replace(/^\/+/, '').replace(/^\.\//, '');
const carried = (entry: string) => !PROCESS_FILES.has(inDataDir(entry));

/**
 * Writes one gzipped tar of the embedded database's folder (DATA_DIR): the database, shut down cleanly
 * first so the copy is consistent, and the uploads folder, which lives inside it. Names inside are relative
 * to DATA_DIR (extracting it anywhere writes only below where it is extracted). Holds the folder's lock
 * meanwhile, so it refuses (with the owner's PID) while a server uses the folder. Written to a temporary name
 * first: a backup that stops half-way never looks complete.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupRefused(BACKUP_MESSAGES.noDatabase(dataDir));
  if (existsSync(file)) throw new BackupRefused(BACKUP_MESSAGES.exists(file));
  const unlock = lockDataDir(dataDir);
  try {
    // Opening recovers a folder a crashed server left; closing writes the shutdown checkpoint.
    const db = openEmbedded(dataDir);
    try {
      await db.waitReady;
    } finally {
      await db.close();
    }
    const partial = `${file}.partial`;
    const entries = readdirSync(dataDir).filter(carried).sort();
    await createTar({ file: partial, gzip: true, cwd: dataDir, portable: true }, entries);
    renameSync(partial, file);
    return { bytes: statSync(file).size };
  } finally {
    unlock();
  }
}

/**
 * Restores a backup into an empty (or new) DATA_DIR: unpacks the database and the uploads folder below it
 * (never elsewhere: tar's own guard refuses `..` and absolute names), then opens the database to prove it
 * starts. A failure removes what it unpacked.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new BackupRefused(BACKUP_MESSAGES.missing(file));
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupRefused(BACKUP_MESSAGES.notEmpty(dataDir));
  }
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    // tar skips (and warns of) an entry it will not write: a name with `..`, a link out of the folder. Any such
    // entry fails the restore; the one notice it gives for names that began with `/` is expected.
    const refused: string[] = [];
    await extractTar({
      file,
      cwd: dataDir,
      filter: carried,
      onwarn: (code, message) => {
        if (code !== 'TAR_ENTRY_INFO') refused.push(message);
      },
    });
    if (refused.length > 0) throw new BackupRefused(BACKUP_MESSAGES.unsafe(file, refused[0] ?? ''));
    const db = openEmbedded(dataDir);
    await db.waitReady;
    // A read proves the unpacked database opens.
    await db.query('select 1');
    await db.close();
  } catch (err) {
    unlock();
    for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    throw err;
  }
  unlock();
}
