#!/bin/bash
# The database's two roles (README, "Database roles"), made once when the PostgreSQL volume is first created:
# compose.yaml mounts this file into the postgres image's /docker-entrypoint-initdb.d/, which runs it as the image's
# superuser. The owner (network_owner) holds the tables and migrates; the app (network_app) reads and writes rows
# and owns nothing, so the row-level security policies bind it. Passwords are passed to psql as variables and
# quoted by it: any character is safe. Names may be changed through NETWORK_DATABASE, NETWORK_OWNER, NETWORK_APP.
set -euo pipefail

: "${NETWORK_OWNER_PASSWORD:?set NETWORK_OWNER_PASSWORD}"
: "${NETWORK_APP_PASSWORD:?set NETWORK_APP_PASSWORD}"
database="${NETWORK_DATABASE:-network}"
owner="${NETWORK_OWNER:-network_owner}"
app="${NETWORK_APP:-network_app}"

as_superuser() {
  psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" \
    -v database="$database" -v owner="$owner" -v app="$app" "$@"
}

as_superuser --dbname "${POSTGRES_DB:-postgres}" \
  -v owner_password="$NETWORK_OWNER_PASSWORD" -v app_password="$NETWORK_APP_PASSWORD" <<'SQL'
create role :"owner" login password :'owner_password';
create role :"app" login password :'app_password';
create database :"database" owner :"owner";
-- a request's statements are short: under load, parallel workers cost more than they save
alter role :"app" set max_parallel_workers_per_gather = 0;
SQL

# As the owner, in the new database: what the app may do now and in every table a later migration creates.
as_superuser --dbname "$database" <<'SQL'
set role :"owner";
alter default privileges in schema public grant select, insert, update, delete on tables to :"app";
alter default privileges in schema public grant usage, select on sequences to :"app";
grant usage on schema public to :"app";
grant select, insert, update, delete on all tables in schema public to :"app";
grant usage, select on all sequences in schema public to :"app";
-- the migrations' journal: the app reads it (readiness compares it with the build), never writes it
create schema if not exists drizzle;
grant usage on schema drizzle to :"app";
alter default privileges in schema drizzle grant select on tables to :"app";
grant select on all tables in schema drizzle to :"app";
SQL
