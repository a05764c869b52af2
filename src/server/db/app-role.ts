/**
 * The app's own database role (docs/decisions/0039): it reads and writes rows but owns no table, so the
 * row-level security policies bind it. Migrations run as the owner. docs/operations.md gives the same statements for
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
 * What `role` may do, run by the owner in its database: every row operation on the app's tables (schema
 * `public`), no DDL, and only reading the migrations' journal (schema `drizzle`): an app role that could delete
 * the journal's rows would make every instance see migrations pending and leave the load balancer. The default
 * privileges cover what later migrations create, so it may run before the first migration or after any; the
 * grants cover what exists already, and the revokes take back what an earlier recipe gave (default privileges in
 * every schema, which reached the journal).
 */
export function grantAppRoleSql(role: string): string {
  const r = quoted(role);
  return [
    `alter default privileges revoke usage on schemas from ${r}`,
    `alter default privileges revoke select, insert, update, delete on tables from ${r}`,
    `alter default privileges revoke usage, select on sequences from ${r}`,
    `alter default privileges in schema public grant select, insert, update, delete on tables to ${r}`,
    `alter default privileges in schema public grant usage, select on sequences to ${r}`,
    `grant usage on schema public to ${r}`,
    `grant select, insert, update, delete on all tables in schema public to ${r}`,
    `grant usage, select on all sequences in schema public to ${r}`,
    // The migrator makes this schema when it is missing; made here, the journal is read-only from its first row.
    'create schema if not exists drizzle',
    `grant usage on schema drizzle to ${r}`,
    `alter default privileges in schema drizzle grant select on tables to ${r}`,
    `revoke all on all tables in schema drizzle from ${r}`,
    `revoke all on all sequences in schema drizzle from ${r}`,
    `grant select on all tables in schema drizzle to ${r}`,
  ].join(';\n');
}
