import { AUDIT_ACTOR_LABELS } from '../../domain/admin/audit';
import { ROLES } from '../../domain/roles/roles';
import { describeGrant, GrantRefused, grantRole, parseGrant } from '../modules/users/grant-role';
import { listRoleHolders } from '../modules/users/role-holders';
import { withCommandDatabase } from './command-database';

const USAGE = `Usage:
  npm run admin -- grant <email> <ROLE>   give the account with this email a role (created if missing)
  npm run admin -- list                   who holds a role above Member
Roles: ${ROLES.join(', ')}. Uses DATABASE_URL (or DATA_DIR).`;

/**
 * `npm run admin`: the operator's way in on a fresh database, where no one can sign in as an
 * administrator yet. Works on PostgreSQL and on the embedded database; runs the migrations first.
 */
const [command, ...args] = process.argv.slice(2);
if (command !== 'grant' && command !== 'list') {
  console.error(USAGE);
  process.exit(command === undefined || command === 'help' || command === '--help' ? 0 : 1);
}
let grant: ReturnType<typeof parseGrant> | undefined;
try {
  grant = command === 'grant' ? parseGrant(args[0], args[1]) : undefined;
} catch (err) {
  printRefusal(err);
  process.exit(1);
}
await withCommandDatabase(async (handle) => {
  try {
    if (grant) console.log(describeGrant(await grantRole(handle.db, grant, AUDIT_ACTOR_LABELS.commandLine)));
    else for (const line of await listRoleHolders(handle.db)) console.log(line);
  } catch (err) {
    printRefusal(err);
    process.exitCode = 1;
  }
});

/** A refusal is one line for the operator; anything else is a bug and keeps its stack. */
function printRefusal(err: unknown): void {
  if (!(err instanceof GrantRefused)) throw err;
  console.error(err.message);
}
