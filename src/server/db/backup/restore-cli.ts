import { resolve } from 'node:path';
import { loadDatabaseConfig } from '../../config';
import { orExit } from '../../lib/or-exit';
import { DataDirInUseError } from '../data-dir-lock';
import { BACKUP_MESSAGES, BackupRefused, restoreEmbedded } from './embedded-backup';

/** `npm run db:restore -- <file>`: a `db:backup` file into an empty DATA_DIR (the database and its uploads). */
const config = orExit(() => loadDatabaseConfig());
if (config.databaseUrl) {
  console.error(BACKUP_MESSAGES.postgres);
  process.exit(1);
}
const [file] = process.argv.slice(2);
if (!file) {
  console.error('Name the backup file: npm run db:restore -- <file>');
  process.exit(1);
}
try {
  await restoreEmbedded(resolve(file), config.dataDir);
  console.log(`Restored ${resolve(file)} into ${resolve(config.dataDir)}.`);
} catch (err) {
  // A refusal (or a server holding the folder) is one line; anything else is a bug and keeps its stack.
  if (!(err instanceof BackupRefused || err instanceof DataDirInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
}
