import { desc, inArray, sql } from 'drizzle-orm';
import { type Role, roleDisplayName } from '../../../domain/roles/roles';
import type { Database } from '../../db/client';
import { userFullName } from '../../db/name-sql';
import { users } from '../../db/schema';

const ABOVE_MEMBER: Role[] = ['AGENCY_ADMIN', 'NETWORK_ADMIN', 'LEADERSHIP'];

/**
 * `npm run admin -- list`: everyone above Member (highest role first), how each signs in, and how many
 * members and guests there are. Two queries.
 */
export async function listRoleHolders(db: Database): Promise<string[]> {
  const [holders, counts] = await Promise.all([
    db
      .select({
        email: users.email,
        role: users.role,
        name: userFullName,
        linked: sql<boolean>`${users.oidcSubject} is not null`,
        password: sql<boolean>`${users.passwordHash} is not null`,
      })
      .from(users)
      .where(inArray(users.role, ABOVE_MEMBER))
      // The enum is declared in rank order, so this is highest role first.
      .orderBy(desc(users.role), users.email),
    db
      .select({ role: users.role, n: sql<number>`count(*)::int` })
      .from(users)
      .where(inArray(users.role, ['MEMBER', 'GUEST']))
      .groupBy(users.role),
  ]);
  const lines = holders.map((h) => {
    const signIn = h.linked
      ? 'signs in with the identity provider'
      : h.password
        ? 'signs in with a password'
        : 'has not signed in yet';
    return `${roleDisplayName(h.role).padEnd(22)} ${h.email}${h.name ? ` (${h.name})` : ''}: ${signIn}`;
  });
  if (lines.length === 0) lines.push('No one holds a role above Member yet.');
  const countOf = (role: Role) => counts.find((c) => c.role === role)?.n ?? 0;
  const members = countOf('MEMBER');
  const guests = countOf('GUEST');
  lines.push(
    `${members} ${members === 1 ? 'member' : 'members'}, ${guests} ${guests === 1 ? 'guest' : 'guests'}.`,
  );
  return lines;
}
