#!/usr/bin/env bash
# The official postgres image's entrypoint, reduced to what the compose stack and the integration suites use:
#   - as root: own PGDATA and the socket directory, then run again as the postgres user;
#   - on an empty PGDATA: initdb (superuser POSTGRES_USER with POSTGRES_PASSWORD), scram-sha-256 for remote
#     hosts (or POSTGRES_HOST_AUTH_METHOD), POSTGRES_DB created, /docker-entrypoint-initdb.d/* run once
#     against a server listening on the socket only;
#   - then postgres in the foreground on 0.0.0.0:5432 with the command's arguments (`postgres -c fsync=off`,
#     or only `-c ...`). SIGTERM and SIGINT are a fast shutdown, SIGQUIT an immediate one.
set -Eeuo pipefail

# `docker run image -c fsync=off`: the arguments are postgres's.
if [ "${1:0:1}" = "-" ]; then set -- postgres "$@"; fi

if [ "$1" != "postgres" ]; then exec "$@"; fi

: "${PGDATA:=/var/lib/postgresql/data}"
export PGDATA
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
: "${POSTGRES_PASSWORD:=}"
: "${POSTGRES_HOST_AUTH_METHOD:=}"
: "${POSTGRES_INITDB_ARGS:=}"

if [ "$(id -u)" = "0" ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chmod 00700 "$PGDATA"
  chmod 03775 /var/run/postgresql
  find "$PGDATA" \! -user postgres -exec chown postgres:postgres '{}' +
  chown postgres:postgres /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
fi

log() { printf '%s\n' "$*" >&2; }

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
  if [ -z "$POSTGRES_PASSWORD" ] && [ "$auth" != "trust" ]; then
    log "Error: the database is uninitialized and no superuser password is set."
    log "       Set POSTGRES_PASSWORD, or POSTGRES_HOST_AUTH_METHOD=trust to allow every connection without one."
    exit 1
  fi
  pwfile="$(mktemp)"
  trap 'rm -f "$pwfile"' EXIT
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  pwargs=()
  if [ -n "$POSTGRES_PASSWORD" ]; then pwargs=(--pwfile="$pwfile"); fi
  # shellcheck disable=SC2086 # POSTGRES_INITDB_ARGS is a list of arguments
  initdb --username="$POSTGRES_USER" "${pwargs[@]}" --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust \
    --auth-host="$auth" $POSTGRES_INITDB_ARGS >&2
  rm -f "$pwfile"
  trap - EXIT
  {
    echo
    echo "# Every other host (the container's network), as the official image allows."
    echo "host all all all $auth"
  } >> "$PGDATA/pg_hba.conf"
  printf '%s\n' "listen_addresses = '*'" "jit = off  # the image has no llvmjit" >> "$PGDATA/postgresql.conf"

  # A server on the socket only, while the initialisation runs: nothing outside sees it half made.
  # printf '%q ' with no arguments prints '' (an empty argument postgres rejects): only when there are some.
  extra=""
  if [ $# -gt 1 ]; then extra="$(printf '%q ' "${@:2}")"; fi
  pg_ctl -D "$PGDATA" -w -t 60 -o "-c listen_addresses='' -p 5432 ${extra}" start >&2
  psql_run=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc --dbname postgres)
  if [ "$POSTGRES_DB" != "postgres" ]; then
    exists="$("${psql_run[@]}" -At --set db="$POSTGRES_DB" <<<"SELECT 1 FROM pg_database WHERE datname = :'db'")"
    if [ -z "$exists" ]; then "${psql_run[@]}" --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";' >&2; fi
  fi
  psql_db=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc --dbname "$POSTGRES_DB")
  shopt -s nullglob
  for file in /docker-entrypoint-initdb.d/*; do
    case "$file" in
      *.sh)
        if [ -x "$file" ]; then log "running $file"; "$file"; else log "sourcing $file"; . "$file"; fi
        ;;
      *.sql) log "running $file"; "${psql_db[@]}" -f "$file" >&2 ;;
      *.sql.gz) log "running $file"; gunzip -c "$file" | "${psql_db[@]}" >&2 ;;
      *) log "ignoring $file" ;;
    esac
  done
  shopt -u nullglob
  pg_ctl -D "$PGDATA" -m fast -w stop >&2
  log "PostgreSQL init process complete; ready for start up."
fi

# postgres is a child, not this shell's replacement: SIGTERM (docker kill, a plain `kill`) is a smart shutdown
# for postgres, which waits for every client to leave; here it becomes SIGINT, the fast shutdown.
postgres "${@:2}" &
pid=$!
trap 'kill -INT "$pid" 2>/dev/null || true' TERM INT
trap 'kill -QUIT "$pid" 2>/dev/null || true' QUIT
while kill -0 "$pid" 2>/dev/null; do wait "$pid" || true; done
wait "$pid"
