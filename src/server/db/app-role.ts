/**
 * The app's own database role (docs/decisions/0039): it reads and writes rows but owns no table, so the
 * row-level security policies bind it. Migrations run as the owner. The README gives the same statements for
 * an operator; the embedded database and the tests run them themselves.
 */

/** The embedded database's app role: PGlite has one connection, which switches to it after migrating. */
export const EMBEDDED_APP_ROLE = 'noco_app';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function quoted(role: string): string {
  if (!IDENTIFIER.test(role)) throw new Error(`Not a plain role name: ${role}`);
  return `"${role}"`;
}

/** Creates `role` unless it exists (LOGIN when the app connects as it, NOLOGIN when a session switches to it). */
export function createRoleSql(role: string, login: boolean): string {
  return `do $$ begin
    if not exists (select from pg_roles where rolname = '${role}') then
      create role ${quoted(role)} ${login ? 'login' : 'nologin'};
    end if;
  end $$`;
}

/**
 * What `role` may do, run by the owner in its database: every row operation, no DDL. The default privileges cover
 * what later migrations create, so it may run before the first migration or after any; the grants cover what
 * exists already.
 */
export function grantAppRoleSql(role: string): string {
  const r = quoted(role);
  return [
    `alter default privileges grant usage on schemas to ${r}`,
    `alter default privileges grant select, insert, update, delete on tables to ${r}`,
    `alter default privileges grant usage, select on sequences to ${r}`,
    `grant usage on schema public to ${r}`,
    `grant select, insert, update, delete on all tables in schema public to ${r}`,
    `grant usage, select on all sequences in schema public to ${r}`,
    `do $$ begin
      if exists (select from pg_namespace where nspname = 'drizzle') then
        grant usage on schema drizzle to ${r};
        grant select on all tables in schema drizzle to ${r};
      end if;
    end $$`,
  ].join(';\n');
}
