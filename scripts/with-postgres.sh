#!/usr/bin/env bash
# Run a command with a throwaway PostgreSQL cluster: `scripts/with-postgres.sh cargo test --test service`.
#
# Starts a private cluster (initdb in a temp dir, listening on 127.0.0.1 on a free port and on a
# socket in that dir), creates the user `bitwa` (password auth, allowed to create databases) and the
# database `bitwa`, exports
#   BITWA_TEST_POSTGRES_URL=postgres://bitwa:…@127.0.0.1:PORT/bitwa
# (the test harness creates one throwaway database per test from it) and runs the command. The
# cluster is stopped and its directory deleted when the command ends, however it ends.
#
# Needs PostgreSQL's server binaries (Debian: `apt-get install postgresql`; `.ci/run` installs them
# when missing). As root the cluster runs as the `postgres` user (PostgreSQL refuses to run as root).
# The cluster trades durability for speed (fsync off): it is for tests, never for data. With
# PG_DURABLE=1 it keeps PostgreSQL's durable defaults (fsync, synchronous commit): for measurements.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

bindir=""
if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
  bindir="$(pg_config --bindir)"
fi
if [ -z "$bindir" ]; then
  # Debian keeps the server binaries out of PATH, one folder per major version: take the newest.
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "with-postgres: PostgreSQL server binaries not found (Debian: apt-get install postgresql)" >&2
  exit 1
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/bitwa-pg.XXXXXX")"
run_as=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir "$dir" --no-create-home postgres
  chown postgres "$dir"
  run_as=(runuser -u postgres --)
fi

# A port on loopback that nothing listens on (a connection attempt is refused).
port=""
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 40000))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
    port="$candidate"
    break
  fi
done
[ -n "$port" ] || { echo "with-postgres: no free port found" >&2; exit 1; }
password="bitwa-test-$RANDOM$RANDOM"

stop() {
  "${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${run_as[@]}" "$bindir/initdb" -D "$dir/data" --username=postgres --auth-local=trust --auth-host=scram-sha-256 \
  --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
speed="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
[ "${PG_DURABLE:-}" = 1 ] && speed=""
"${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=400 $speed -c shared_buffers=128MB" >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }

psql_admin=("${run_as[@]}" "$bindir/psql" -v ON_ERROR_STOP=1 -q -h "$dir" -p "$port" -U postgres -d postgres)
"${psql_admin[@]}" -c "CREATE ROLE bitwa LOGIN CREATEDB PASSWORD '$password'"
"${psql_admin[@]}" -c "CREATE DATABASE bitwa OWNER bitwa"

export BITWA_TEST_POSTGRES_URL="postgres://bitwa:$password@127.0.0.1:$port/bitwa"
# pg_dump of the same major version as the server, for `bitwa backup` and its restore test.
export PATH="$bindir:$PATH"
echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
