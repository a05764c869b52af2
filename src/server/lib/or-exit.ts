import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';

/**
 * Runs one start-up step of a command (the server, db:migrate, db:seed). A refusal the operator must act
 * on (bad configuration, a data folder another process holds) becomes its one-line message and exit 1
 * instead of a stack trace.
 */
export function orExit<T>(step: () => T): T {
  try {
    return step();
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
