#!/usr/bin/env bash
# Measure every public page kind of the service against a hello-world anchor, in one run, on this
# machine (docs/service.md, "Page speed", has the targets and the last table):
#   1. the anchor (examples/hello.rs: actix-web serving a 2 KB page) and the 24-player demo
#      (`bitwa demo`), every page kind, wrk -t2 -c64, runs interleaved: throughput and p99 against
#      the anchor's; then the live page with 4 games being recorded, a line a second
#      (scripts/live-in-play.py, as the demo's referee);
#   3. 2,000 players x 5 rounds (`bitwa demo --players 2000 --rounds 5 --complete`), every page kind,
#      wrk -t2 -c16: p99, and the server's peak memory (VmHWM) after all of it.
# Clients send `Accept-Encoding: br, gzip` as browsers do. Freshness (the first request after a save
# shows it) is measured by `cargo bench --bench load` (add `-- --players 2000` for the big field).
#
# Usage: scripts/measure-pages.sh                   (DURATION=5 seconds per run, REPS=3 runs each)
#        DURATION=2 REPS=1 scripts/measure-pages.sh (quicker, noisier)
#        DATABASE=postgres scripts/with-postgres.sh scripts/measure-pages.sh
#                                                   (the demos in PostgreSQL databases of the cluster
#                                                   with-postgres.sh starts)
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-5}
REPS=${REPS:-3}
PLAYERS_BIG=${PLAYERS_BIG:-2000}
ROUNDS_BIG=${ROUNDS_BIG:-5}
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

# A free loopback port.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

wait_up() {
  for _ in $(seq 1 200); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.05
  done
  echo "not up: $1" >&2
  exit 1
}

# wrk CONNECTIONS URL -> "req_per_s p99_ms"; fails on any non-2xx answer or socket error.
measure() {
  local conns=$1 url=$2 out
  out=$(wrk -t2 -c"$conns" -d"${DURATION}s" --latency -H 'Accept-Encoding: br, gzip' "$url")
  if grep -q 'Non-2xx' <<<"$out"; then echo "non-2xx answers from $url:" >&2; echo "$out" >&2; exit 1; fi
  if grep -q 'Socket errors' <<<"$out"; then echo "socket errors from $url:" >&2; echo "$out" >&2; exit 1; fi
  local rps p99
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; printf "%.2f", v}' <<<"$out")
  echo "$rps $p99"
}

# The public page URLs of tournament 1 of the server at BASE, one per kind: "kind path" lines.
page_kinds() {
  local base=$1 round=$2 t=1 m p g pairings match
  pairings=$(curl -fsS "$base/t/$t/round/$round")
  m=$(grep -o "/t/$t/match/[0-9]*" <<<"$pairings" | sed -n 1p | grep -o '[0-9]*$')
  p=$(grep -o "/t/$t/player/[0-9]*" <<<"$pairings" | sed -n 3p | grep -o '[0-9]*$')
  match=$(curl -fsS "$base/t/$t/match/$m")
  g=$(grep -o "/t/$t/game/[0-9]*" <<<"$match" | sed -n 1p | grep -o '[0-9]*$')
  if [ -z "$m" ] || [ -z "$p" ] || [ -z "$g" ]; then
    echo "no match, player or game found in round $round at $base" >&2
    return 1
  fi
  cat <<EOF
home /
tournament /t/$t
pairings /t/$t/round/$round
why /t/$t/round/$round/why
standings /t/$t/standings
bracket /t/$t/bracket
player /t/$t/player/$p
match /t/$t/match/$m
game /t/$t/game/$g
live /t/$t/live
csv /t/$t/export/results
EOF
}

# The database URL of a demo database named NAME (a SQLite file, or a fresh PostgreSQL database).
database() {
  if [ "${DATABASE:-sqlite}" = postgres ]; then
    : "${BITWA_TEST_POSTGRES_URL:?DATABASE=postgres runs under scripts/with-postgres.sh}"
    psql -q "$BITWA_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS measure_$1" -c "CREATE DATABASE measure_$1" >/dev/null
    echo "${BITWA_TEST_POSTGRES_URL%/*}/measure_$1"
  else
    echo "sqlite://$work/$1.db"
  fi
}
small_url=$(database small)
big_url=$(database big)

echo "== demo databases (${DATABASE:-sqlite})"
"$BIN" demo --database-url "$small_url" >"$work/demo.txt"
"$BIN" demo --players "$PLAYERS_BIG" --rounds "$ROUNDS_BIG" --complete --database-url "$big_url" >>"$work/demo.txt"
grep 'demo tournament' "$work/demo.txt"

# The machine may be shared (other builds): every figure is the median of REPS runs, and the runs
# of the anchor and of the pages are interleaved so that both see the same conditions.
median() { tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

serve() {
  local url=$1 port
  port=$(free_port)
  BITWA_LOG=warn "$BIN" serve --database-url "$url" --bind "127.0.0.1:$port" >/dev/null &
  pids+=($!)
  server_pid=$!
  base="http://127.0.0.1:$port"
  wait_up "$base/"
}

hello_port=$(free_port)
target/release/examples/hello "127.0.0.1:$hello_port" >/dev/null &
pids+=($!)
hello_pid=$!
wait_up "http://127.0.0.1:$hello_port/"
serve "$small_url"
kinds=$(page_kinds "$base" 4)

echo
echo "== anchor (hello world, 2 KB page) and 24 players (demo): wrk -t2 -c64 -d${DURATION}s, median of $REPS"
declare -A runs_rps runs_p99 small_size
for rep in $(seq 1 "$REPS"); do
  result=$(measure 64 "http://127.0.0.1:$hello_port/")
  read -r rps p99 <<<"$result"
  runs_rps[hello]+=" $rps"
  runs_p99[hello]+=" $p99"
  echo "run $rep: hello world: $rps req/s, p99 $p99 ms"
  while read -r kind path; do
    result=$(measure 64 "$base$path")
    read -r rps p99 <<<"$result"
    runs_rps[$kind]+=" $rps"
    runs_p99[$kind]+=" $p99"
    echo "run $rep: $kind: $rps req/s, p99 $p99 ms"
  done <<<"$kinds"
done
while read -r kind path; do
  small_size[$kind]="$(curl -fsS -H 'Accept-Encoding: br' "$base$path" | wc -c) / $(curl -fsS "$base$path" | wc -c)"
done <<<"$kinds"

# The live page as on a tournament day: IN_PLAY games being recorded by the demo's referee, who
# records one line a second meanwhile (scripts/live-in-play.py), so the page's body changes while
# it is measured; interleaved with the anchor as above.
IN_PLAY=${IN_PLAY:-4}
python3 scripts/live-in-play.py "$base" start "$IN_PLAY"
in_play="live-$IN_PLAY-in-play"
for rep in $(seq 1 "$REPS"); do
  result=$(measure 64 "http://127.0.0.1:$hello_port/")
  read -r rps p99 <<<"$result"
  runs_rps[hello]+=" $rps"
  runs_p99[hello]+=" $p99"
  echo "run $rep: hello world: $rps req/s, p99 $p99 ms"
  python3 scripts/live-in-play.py "$base" push "$DURATION" &
  pusher=$!
  result=$(measure 64 "$base/t/1/live")
  wait "$pusher"
  read -r rps p99 <<<"$result"
  runs_rps[$in_play]+=" $rps"
  runs_p99[$in_play]+=" $p99"
  echo "run $rep: $in_play: $rps req/s, p99 $p99 ms"
done
small_size[$in_play]="$(curl -fsS -H 'Accept-Encoding: br' "$base/t/1/live" | wc -c) / $(curl -fsS "$base/t/1/live" | wc -c)"
kill "$server_pid" "$hello_pid"
hello_rps=$(median "${runs_rps[hello]}")
hello_p99=$(median "${runs_p99[hello]}")

echo
echo "targets: >= 25% of the anchor's req/s, p99 <= 2x the anchor's"
echo "| page | req/s | % of hello world | p99 ms | p99 / hello world's | size br / identity (bytes) |"
echo "|---|---|---|---|---|---|"
fail=0
measured=0
while read -r kind path; do
  rps=$(median "${runs_rps[$kind]}")
  p99=$(median "${runs_p99[$kind]}")
  share=$(awk -v a="$rps" -v b="$hello_rps" 'BEGIN {printf "%.0f", 100*a/b}')
  ratio=$(awk -v a="$p99" -v b="$hello_p99" 'BEGIN {printf "%.1f", a/b}')
  echo "| $kind | $(printf '%.0f' "$rps") | $share % | $p99 | $ratio | ${small_size[$kind]} |"
  awk -v s="$share" -v r="$ratio" 'BEGIN {exit !(s < 25 || r > 2)}' && fail=1
  measured=$((measured + 1))
done <<<"$kinds
$in_play -"
echo "| hello world (anchor) | $(printf '%.0f' "$hello_rps") | 100 % | $hello_p99 | 1.0 | 2048 (identity) |"

echo
echo "== $PLAYERS_BIG players x $ROUNDS_BIG rounds: wrk -t2 -c16 -d${DURATION}s, median of $REPS; targets: p99 < 100 ms, server < 200 MiB"
serve "$big_url"
kinds=$(page_kinds "$base" "$ROUNDS_BIG")
declare -A first_ms big_size
while read -r kind path; do
  # The first request for each page renders it (the view was built when the URLs were looked up).
  first=$(curl -fsS -o /dev/null -w '%{time_total}' -H 'Accept-Encoding: br, gzip' "$base$path")
  first_ms[$kind]=$(awk -v f="$first" 'BEGIN {printf "%.0f", f*1000}')
  big_size[$kind]="$(curl -fsS -H 'Accept-Encoding: br' "$base$path" | wc -c) / $(curl -fsS "$base$path" | wc -c)"
done <<<"$kinds"
declare -A big_rps big_p99
for rep in $(seq 1 "$REPS"); do
  while read -r kind path; do
    result=$(measure 16 "$base$path")
    read -r rps p99 <<<"$result"
    big_rps[$kind]+=" $rps"
    big_p99[$kind]+=" $p99"
    echo "run $rep: $kind: $rps req/s, p99 $p99 ms"
  done <<<"$kinds"
done
echo "| page | req/s | p99 ms | first render ms | size br / identity (bytes) |"
echo "|---|---|---|---|---|"
while read -r kind path; do
  rps=$(median "${big_rps[$kind]}")
  p99=$(median "${big_p99[$kind]}")
  echo "| $kind | $(printf '%.0f' "$rps") | $p99 | ${first_ms[$kind]} | ${big_size[$kind]} |"
  awk -v p="$p99" 'BEGIN {exit !(p >= 100)}' && fail=1
  measured=$((measured + 1))
done <<<"$kinds"
hwm=$(awk '/^VmHWM/ {printf "%.0f", $2/1024}' "/proc/$server_pid/status")
rss=$(awk '/^VmRSS/ {printf "%.0f", $2/1024}' "/proc/$server_pid/status")
echo
echo "server memory: peak $hwm MiB, now $rss MiB"
[ "$hwm" -lt 200 ] || fail=1
kill "$server_pid"

# Every page kind of the list (the live page too) in both parts, and the live page with games in play.
expected=$((2 * $(wc -l <<<"$kinds") + 1))
if [ "$measured" -ne "$expected" ]; then
  echo "measured $measured page kinds instead of $expected" >&2
  exit 1
fi
if [ "$fail" -ne 0 ]; then
  echo "some target was missed (see above)"
  exit 1
fi
echo "every target met"
