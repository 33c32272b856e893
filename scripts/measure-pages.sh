#!/usr/bin/env bash
# Measure every public page kind of the service against a hello-world anchor, in one run, on this
# machine, and write the tables into docs/service.md ("Page speed", between the measure-pages
# markers; the commit, the date and the machine's load are written with them).
#
#   1. The demo (`bitwa serve --demo` on a fresh database: the 24-player Swiss tournament, the
#      16-player final in groups and a knockout, a small finished season): every page kind, and the
#      live page while 4 games are being recorded, a line a second (scripts/live-in-play.py).
#   2. A season of REGIONS x PLAYERS (`bitwa demo --season`, 16 x 300 by default): the season's
#      pages, a regional qualifier's pages, the final's group page, a person's page.
#   Both with wrk -t2 -c64 -d DURATION, the anchor (examples/hello.rs: actix-web serving a 2 KB
#   page) measured between the pages so that both see the same conditions; every figure the median
#   of REPS runs. Targets (issue 40): every page kind at least 50 % of the anchor's requests/s with a
#   p99 under 10 ms, and the server under 150 MiB at season scale. Exits non-zero if one is missed.
#
# Clients send `Accept-Encoding: br, gzip` as browsers do. Freshness (the first request after a save
# shows it) is measured by `cargo bench --bench load`.
#
# Usage: scripts/measure-pages.sh                    (DURATION=3 seconds per run, REPS=2 runs each)
#        DURATION=5 REPS=3 scripts/measure-pages.sh  (slower, steadier)
#        REGIONS=2 PLAYERS=24 WRITE=0 scripts/measure-pages.sh   (a quick try; docs untouched)
#        DATABASE=postgres scripts/with-postgres.sh scripts/measure-pages.sh
set -euo pipefail
cd "$(dirname "$0")/.."
load_before=$(cut -d" " -f1-3 /proc/loadavg)

DURATION=${DURATION:-3}
REPS=${REPS:-2}
REGIONS=${REGIONS:-16}
PLAYERS=${PLAYERS:-300}
WRITE=${WRITE:-1}
SHARE_TARGET=50
P99_TARGET_MS=10
MEMORY_TARGET_MIB=150
if ! command -v wrk >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi

cargo build --release --quiet --bin bitwa --example hello
BIN=target/release/bitwa
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

wait_up() {
  for _ in $(seq 1 600); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "not up: $1" >&2
  exit 1
}

# wrk URL -> "req_per_s p99_ms"; fails on any non-2xx answer or socket error.
measure() {
  local url=$1 out
  out=$(wrk -t2 -c64 -d"${DURATION}s" --latency -H 'Accept-Encoding: br, gzip' "$url")
  if grep -q 'Non-2xx' <<<"$out"; then echo "non-2xx answers from $url:" >&2; echo "$out" >&2; exit 1; fi
  if grep -q 'Socket errors' <<<"$out"; then echo "socket errors from $url:" >&2; echo "$out" >&2; exit 1; fi
  local rps p99
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; printf "%.2f", v}' <<<"$out")
  echo "$rps $p99"
}

# The first link matching REGEX on the page at BASE PATH (empty if none).
first_link() { curl -fsS "$1$2" | grep -oE "$3" | sed -n 1p || true; }

# The public page URLs of the server at BASE: "kind path" lines, one per kind. A Swiss tournament
# (TOURNAMENT, or the season's first event with rounds), its last round, a match, a game and a
# player of it; the first group page of the season's events (or of tournament GROUPS); the season,
# its ranking and the ranking's first person.
page_kinds() {
  local base=$1 season=$2 t=${3:-} groups=${4:-} events round why pairings m g p group person
  events=$(curl -fsS "$base/season/$season" | grep -oE '/t/[0-9]+' | sort -u | grep -oE '[0-9]+$' || true)
  if [ -z "$t" ]; then
    for e in $events; do
      if curl -fsS "$base/t/$e" | grep -qE "/t/$e/round/[0-9]+"; then t=$e; break; fi
    done
  fi
  round=$(curl -fsS "$base/t/$t" | grep -oE "/t/$t/round/[0-9]+" | grep -oE '[0-9]+$' | sort -n | tail -1)
  # "Why these pairings" exists for the Swiss rounds only: the last round that has it.
  why=""
  for r in $(curl -fsS "$base/t/$t" | grep -oE "/t/$t/round/[0-9]+" | grep -oE '[0-9]+$' | sort -rn | uniq); do
    if curl -fsS -o /dev/null "$base/t/$t/round/$r/why" 2>/dev/null; then why=$r; break; fi
  done
  pairings=$(curl -fsS "$base/t/$t/round/$round")
  m=$(grep -oE "/t/$t/match/[0-9]+" <<<"$pairings" | sed -n 1p)
  p=$(grep -oE "/t/$t/player/[0-9]+" <<<"$pairings" | sed -n 3p)
  g=$(first_link "$base" "$m" "/t/$t/game/[0-9]+")
  for e in $groups $events; do
    group=$(first_link "$base" "/t/$e" "/t/$e/group/[^\"#?]+")
    [ -n "$group" ] && break
  done
  person=$(first_link "$base" "/season/$season/ranking" "/person/[0-9]+")
  for v in t round why m p g group person; do
    if [ -z "${!v}" ]; then echo "page_kinds: no $v found at $base (season $season)" >&2; return 1; fi
  done
  cat <<EOF
home /
tournament /t/$t
round /t/$t/round/$round
why /t/$t/round/$why/why
standings /t/$t/standings
bracket /t/$t/bracket
group $group
player $p
match $m
game $g
live /t/$t/live
csv /t/$t/export/results
season /season/$season
season-ranking /season/$season/ranking
person $person
EOF
}

# The database URL of a database named NAME (a SQLite file, or a fresh PostgreSQL database).
database() {
  if [ "${DATABASE:-sqlite}" = postgres ]; then
    : "${BITWA_TEST_POSTGRES_URL:?DATABASE=postgres runs under scripts/with-postgres.sh}"
    psql -q "$BITWA_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS measure_$1" -c "CREATE DATABASE measure_$1" >/dev/null
    echo "${BITWA_TEST_POSTGRES_URL%/*}/measure_$1"
  else
    echo "sqlite://$work/$1.db"
  fi
}

median() { tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

serve() {
  local port
  port=$(free_port)
  BITWA_LOG=warn "$BIN" serve --database-url "$1" --bind "127.0.0.1:$port" "${@:2}" >/dev/null &
  pids+=($!)
  server_pid=$!
  base="http://127.0.0.1:$port"
  wait_up "$base/"
}

hello_port=$(free_port)
target/release/examples/hello "127.0.0.1:$hello_port" >/dev/null &
pids+=($!)
wait_up "http://127.0.0.1:$hello_port/"

declare -A rps_runs p99_runs size
fail=0
tables=""

# measure_part NAME KINDS: every kind REPS times, the anchor before each kind's runs; then the
# table rows (appended to $tables) against the anchor's median of this part.
measure_part() {
  local name=$1 kinds=$2 hello="" rep kind path result rps p99
  for rep in $(seq 1 "$REPS"); do
    while read -r kind path; do
      result=$(measure "http://127.0.0.1:$hello_port/")
      read -r rps p99 <<<"$result"
      hello+=" $rps"
      p99_runs[$name/hello]+=" $p99"
      result=$(measure "$base$path")
      read -r rps p99 <<<"$result"
      rps_runs[$name/$kind]+=" $rps"
      p99_runs[$name/$kind]+=" $p99"
      echo "$name run $rep: $kind $path: $rps req/s, p99 $p99 ms (hello world: ${hello##* })" >&2
    done <<<"$kinds"
  done
  while read -r kind path; do
    size[$name/$kind]="$(curl -fsS -H 'Accept-Encoding: br' "$base$path" | wc -c) / $(curl -fsS "$base$path" | wc -c)"
  done <<<"$kinds"
  local hello_rps hello_p99
  hello_rps=$(median "$hello")
  hello_p99=$(median "${p99_runs[$name/hello]}")
  tables+=$'\n'"| $name | req/s | % of hello world | p99 ms | size br / identity (B) |"$'\n'"|---|---|---|---|---|"$'\n'
  while read -r kind path; do
    rps=$(median "${rps_runs[$name/$kind]}")
    p99=$(median "${p99_runs[$name/$kind]}")
    share=$(awk -v a="$rps" -v b="$hello_rps" 'BEGIN {printf "%.0f", 100*a/b}')
    mark=""
    if awk -v s="$share" -v p="$p99" -v st="$SHARE_TARGET" -v pt="$P99_TARGET_MS" 'BEGIN {exit !(s < st || p >= pt)}'; then
      fail=1
      mark=" (missed)"
    fi
    tables+="| $kind | $(printf '%.0f' "$rps") | $share %$mark | $p99 | ${size[$name/$kind]} |"$'\n'
  done <<<"$kinds"
  tables+="| **hello world (anchor)** | $(printf '%.0f' "$hello_rps") | 100 % | $hello_p99 | 2,048 (identity) |"$'\n'
}

echo "== the demo (serve --demo, ${DATABASE:-sqlite})" >&2
serve "$(database demo)" --demo
demo_season=$(first_link "$base" "/" "/season/[0-9]+" | grep -oE '[0-9]+$' || true)
if [ -z "$demo_season" ]; then
  for s in 1 2 3 4 5; do curl -fsS -o /dev/null "$base/season/$s" 2>/dev/null && { demo_season=$s; break; }; done
fi
kinds=$(page_kinds "$base" "$demo_season" 1 2)
measure_part "demo" "$kinds"

# The live page as on a tournament day: 4 games being recorded by the demo's referee, one line a
# second, so the page's body changes while it is measured.
python3 scripts/live-in-play.py "$base" start 4
hello="" live="" live_p99=""
for rep in $(seq 1 "$REPS"); do
  read -r rps p99 <<<"$(measure "http://127.0.0.1:$hello_port/")"
  hello+=" $rps"
  python3 scripts/live-in-play.py "$base" push "$DURATION" &
  pusher=$!
  read -r rps p99 <<<"$(measure "$base/t/1/live")"
  wait "$pusher"
  live+=" $rps"
  live_p99+=" $p99"
done
share=$(awk -v a="$(median "$live")" -v b="$(median "$hello")" 'BEGIN {printf "%.0f", 100*a/b}')
mark=""
if awk -v s="$share" -v p="$(median "$live_p99")" -v st="$SHARE_TARGET" -v pt="$P99_TARGET_MS" 'BEGIN {exit !(s < st || p >= pt)}'; then
  fail=1
  mark=" (missed)"
fi
tables+=$'\n'"Live page with 4 games being recorded (a line a second): $(printf '%.0f' "$(median "$live")") req/s, $share %$mark of the anchor's $(printf '%.0f' "$(median "$hello")"), p99 $(median "$live_p99") ms."$'\n'
kill "$server_pid"

echo "== a season of $REGIONS x $PLAYERS (bitwa demo --season)" >&2
season_url=$(database season)
started=$(date +%s)
"$BIN" demo --season --regions "$REGIONS" --players-per-event "$PLAYERS" --database-url "$season_url" >"$work/season.txt"
built=$(($(date +%s) - started))
season=$(grep -oE 'demo season [0-9]+' "$work/season.txt" | grep -oE '[0-9]+$')
serve "$season_url"
kinds=$(page_kinds "$base" "$season")
measure_part "season $REGIONS x $PLAYERS" "$kinds"
hwm=$(awk '/^VmHWM/ {printf "%.0f", $2/1024}' "/proc/$server_pid/status")
kill "$server_pid"
[ "$hwm" -lt "$MEMORY_TARGET_MIB" ] || fail=1
tables+=$'\n'"Server memory at season scale after every page kind: peak $hwm MiB (target under $MEMORY_TARGET_MIB MiB); the season was built in $built s."$'\n'

header="Measured by \`scripts/measure-pages.sh\` (DURATION=$DURATION REPS=$REPS, ${DATABASE:-sqlite}) on $(date -u +%Y-%m-%d) at commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' with uncommitted changes'), $(nproc) cores, load average before the run $load_before; targets: at least $SHARE_TARGET % of the anchor's req/s and p99 under $P99_TARGET_MS ms for every page kind."
echo
echo "$header"
echo "$tables"
if [ "$WRITE" = 1 ]; then
  python3 - "$header" "$tables" <<'EOF'
import sys, re
header, tables = sys.argv[1], sys.argv[2]
path = "docs/service.md"
doc = open(path, encoding="utf-8").read()
begin, end = "<!-- measure-pages:begin -->", "<!-- measure-pages:end -->"
block = f"{begin}\n{header}\n{tables}\n{end}"
if begin in doc and end in doc:
    doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: block, doc, flags=re.S)
else:
    doc = doc.replace("## Page speed\n", "## Page speed\n\n" + block + "\n", 1)
open(path, "w", encoding="utf-8").write(doc)
print("written to docs/service.md")
EOF
fi
if [ "$fail" -ne 0 ]; then
  echo "some target was missed (marked above)"
  exit 1
fi
echo "every target met"
