#!/usr/bin/env bash
# Start the services the tests need, run the command given, stop them again.
#
#   scripts/ci-services.sh .venv/bin/python -m pytest -n 2
#
# PostgreSQL: Debian's server (apt-get install postgresql when it is missing), a throw-away
# cluster made with initdb in a temporary folder (as the postgres user when run as root: initdb
# refuses root), listening on a Unix socket in that folder and on 127.0.0.1 at a free port.
# The command sees its URL in $WOODLANDS_TEST_PG; tests/web needs it and FAILS without it, so
# a missing piece stops the run instead of skipping tests.  An existing server can be used
# instead by setting WOODLANDS_TEST_PG before calling this script.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

if [ -n "${WOODLANDS_TEST_PG:-}" ]; then
    exec "$@"
fi

pg_bin() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

BIN="$(pg_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
    echo "ci-services: PostgreSQL is missing; installing Debian's postgresql..." >&2
    if [ "$(id -u)" -ne 0 ]; then
        echo "ci-services: cannot install postgresql without root: run 'sudo apt-get install -y postgresql' first" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq postgresql >/dev/null
    BIN="$(pg_bin)"
    if [ -z "$BIN" ]; then
        echo "ci-services: postgresql did not install" >&2
        exit 1
    fi
fi

D="$(mktemp -d /tmp/woodlands-pg.XXXXXX)"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
if [ "$(id -u)" -eq 0 ]; then
    chown postgres:postgres "$D"
    AS=(runuser -u postgres --)
else
    AS=()
fi

stop() {
    "${AS[@]}" "$BIN/pg_ctl" -D "$D/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$D"
}
trap stop EXIT

"${AS[@]}" "$BIN/initdb" -D "$D/data" -U woodlands --auth=trust -E UTF8 --locale=C.UTF-8 >"$D/initdb.log" 2>&1 \
    || { cat "$D/initdb.log" >&2; exit 1; }
"${AS[@]}" "$BIN/pg_ctl" -D "$D/data" -l "$D/server.log" -w \
    -o "-k $D -p $PORT -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null \
    || { cat "$D/server.log" >&2; exit 1; }
"${AS[@]}" "$BIN/createdb" -h "$D" -p "$PORT" -U woodlands woodlands

export WOODLANDS_TEST_PG="postgresql+psycopg://woodlands@/woodlands?host=$D&port=$PORT"
echo "ci-services: PostgreSQL at $WOODLANDS_TEST_PG" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
