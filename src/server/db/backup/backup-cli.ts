import { resolve } from 'node:path';
import { loadDatabaseConfig } from '../../config';
import { orExit } from '../../lib/or-exit';
import { DataDirInUseError } from '../data-dir-lock';
import { BACKUP_MESSAGES, BackupRefused, backupEmbedded, defaultBackupName } from './embedded-backup';

/**
 * `npm run db:backup [-- <file>]`: the embedded database and its uploads folder in one file (by default
 * `noco-backup-<time>.tar.gz` here). Stop the server first: the data folder has one process at a time.
 */
const config = orExit(() => loadDatabaseConfig());
if (config.databaseUrl) {
  console.error(BACKUP_MESSAGES.postgres);
  process.exit(1);
}
const file = resolve(process.argv[2] ?? defaultBackupName());
try {
  const { bytes } = await backupEmbedded(config.dataDir, file);
  console.log(`Backed up ${resolve(config.dataDir)} (database and uploads) to ${file} (${bytes} bytes).`);
} catch (err) {
  // A refusal (or a server holding the folder) is one line; anything else is a bug and keeps its stack.
  if (!(err instanceof BackupRefused || err instanceof DataDirInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
}
