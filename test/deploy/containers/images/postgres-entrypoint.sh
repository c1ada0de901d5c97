#!/bin/sh
# TEST STAND-IN entrypoint (postgres.containerfile): initialises PGDATA on first start the way the
# official image does, then runs the server as the postgres user.
set -eu
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
mkdir -p "$PGDATA" /var/run/postgresql
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "${POSTGRES_HOST_AUTH_METHOD:-}" != trust ]; then
    echo "Database is uninitialized and superuser password is not specified (POSTGRES_PASSWORD or POSTGRES_HOST_AUTH_METHOD=trust)" >&2
    exit 1
  fi
  if [ -n "${POSTGRES_PASSWORD:-}" ]; then
    printf '%s' "$POSTGRES_PASSWORD" > /tmp/pwfile
    chown postgres /tmp/pwfile
    as_postgres initdb --username="$user" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f /tmp/pwfile
  else
    as_postgres initdb --username="$user" --auth-local=trust --auth-host=trust >/dev/null
  fi
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all ${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}" >> "$PGDATA/pg_hba.conf"
  as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [ "$db" != postgres ]; then as_postgres psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -c "CREATE DATABASE \"$db\""; fi
  as_postgres pg_ctl -D "$PGDATA" -m fast -w stop
  echo "PostgreSQL init process complete; ready for start up."
fi
if [ "$1" = postgres ]; then exec setpriv --reuid=postgres --regid=postgres --init-groups "$@"; fi
exec "$@"
