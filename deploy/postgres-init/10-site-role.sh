#!/bin/sh
# PostgreSQL's first start (docker-entrypoint-initdb.d): the site's own login role, which may read
# and write the site's rows but not change the schema. The owner role (POSTGRES_USER) applies the
# migrations (`npm run migrate`); what it creates is granted to the site role as it is created.
# The password: SITE_DB_PASSWORD_FILE (compose secret) or SITE_DB_PASSWORD. Runs on an empty data
# folder only; for an existing database run the same statements by hand (docs/operations.md).
set -eu
if [ -n "${SITE_DB_PASSWORD_FILE:-}" ]; then SITE_DB_PASSWORD=$(cat "$SITE_DB_PASSWORD_FILE"); fi
: "${SITE_DB_PASSWORD:?set SITE_DB_PASSWORD_FILE or SITE_DB_PASSWORD for the site role}"
SITE_DB_USER=${SITE_DB_USER:-skadeservice_site}
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v site_user="$SITE_DB_USER" -v site_password="$SITE_DB_PASSWORD" -v owner="$POSTGRES_USER" -v db="$POSTGRES_DB" <<'SQL'
create role :"site_user" login password :'site_password'
  nosuperuser nocreatedb nocreaterole noinherit noreplication connection limit 40;
revoke create on schema public from public;
grant connect on database :"db" to :"site_user";
grant usage on schema public to :"site_user";
alter default privileges for role :"owner" grant usage on schemas to :"site_user";
alter default privileges for role :"owner" grant select, insert, update, delete on tables to :"site_user";
alter default privileges for role :"owner" grant usage, select, update on sequences to :"site_user";
SQL
