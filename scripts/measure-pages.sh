#!/usr/bin/env bash
# Measure every public page kind of the service against a hello-world anchor, in one run, on this
# machine (docs/service.md, "Page speed", has the targets and the last table):
#   1. the anchor (examples/hello.rs: actix-web serving a 2 KB page), wrk -t2 -c64;
#   2. the 24-player demo (`bitwa demo`), every page kind, wrk -t2 -c64: throughput against the
#      anchor's and p99 against the anchor's;
#   3. 2,000 players x 5 rounds (`bitwa demo --players 2000 --rounds 5 --complete`), every page kind,
#      wrk -t2 -c16: p99, and the server's peak memory (VmHWM) after all of it.
# Clients send `Accept-Encoding: br, gzip` as browsers do. Freshness (the first request after a save
# shows it) is measured by `cargo bench --bench load` (add `-- --players 2000` for the big field).
#
# Usage: scripts/measure-pages.sh            (DURATION=10 seconds per page kind by default)
#        DURATION=3 scripts/measure-pages.sh (quicker, noisier)
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
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
csv /t/$t/export/results
EOF
}

echo "== demo databases"
"$BIN" demo --database-url "sqlite://$work/small.db" | head -1
"$BIN" demo --players "$PLAYERS_BIG" --rounds "$ROUNDS_BIG" --complete --database-url "sqlite://$work/big.db" | head -1

# The anchor is measured before and after the 24-player pages; the better figures of the two are
# kept (the ratios are then on the conservative side when other work shares the machine).
hello_port=$(free_port)
target/release/examples/hello "127.0.0.1:$hello_port" >/dev/null &
pids+=($!)
hello_pid=$!
wait_up "http://127.0.0.1:$hello_port/"
anchor() {
  local rps p99
  local result
  result=$(measure 64 "http://127.0.0.1:$hello_port/")
  read -r rps p99 <<<"$result"
  echo "hello world: $rps req/s, p99 $p99 ms"
  hello_rps=$(awk -v a="$rps" -v b="${hello_rps:-0}" 'BEGIN {print (a > b ? a : b)}')
  hello_p99=$(awk -v a="$p99" -v b="${hello_p99:-1e9}" 'BEGIN {print (a < b ? a : b)}')
}
echo "== anchor: hello world (2 KB page), wrk -t2 -c64 -d${DURATION}s"
anchor

serve() {
  local db=$1 port
  port=$(free_port)
  BITWA_LOG=warn "$BIN" serve --database-url "sqlite://$db" --bind "127.0.0.1:$port" >/dev/null &
  pids+=($!)
  server_pid=$!
  base="http://127.0.0.1:$port"
  wait_up "$base/"
}

echo
echo "== 24 players (demo), wrk -t2 -c64 -d${DURATION}s"
serve "$work/small.db"
kinds=$(page_kinds "$base" 4)
declare -A small_rps small_p99 small_size
while read -r kind path; do
  result=$(measure 64 "$base$path")
  read -r rps p99 <<<"$result"
  small_rps[$kind]=$rps
  small_p99[$kind]=$p99
  small_size[$kind]="$(curl -fsS -H 'Accept-Encoding: br' "$base$path" | wc -c) / $(curl -fsS "$base$path" | wc -c)"
  echo "$kind: $rps req/s, p99 $p99 ms"
done <<<"$kinds"
kill "$server_pid"
anchor
kill "$hello_pid"

echo
echo "targets: >= 25% of the anchor's req/s, p99 <= 2x the anchor's (anchor: the better of its two runs)"
echo "| page | req/s | % of hello world | p99 ms | p99 / hello world's | size br / identity (bytes) |"
echo "|---|---|---|---|---|---|"
fail=0
measured=0
while read -r kind path; do
  rps=${small_rps[$kind]}
  p99=${small_p99[$kind]}
  share=$(awk -v a="$rps" -v b="$hello_rps" 'BEGIN {printf "%.0f", 100*a/b}')
  ratio=$(awk -v a="$p99" -v b="$hello_p99" 'BEGIN {printf "%.1f", a/b}')
  echo "| $kind | $rps | $share % | $p99 | $ratio | ${small_size[$kind]} |"
  awk -v s="$share" -v r="$ratio" 'BEGIN {exit !(s < 25 || r > 2)}' && fail=1
  measured=$((measured + 1))
done <<<"$kinds"
echo "| hello world (anchor) | $hello_rps | 100 % | $hello_p99 | 1.0 | 2048 (identity) |"

echo
echo "== $PLAYERS_BIG players x $ROUNDS_BIG rounds, wrk -t2 -c16 -d${DURATION}s; targets: p99 < 100 ms, server < 200 MiB"
serve "$work/big.db"
kinds=$(page_kinds "$base" "$ROUNDS_BIG")
echo "| page | req/s | p99 ms | size br / identity (bytes) |"
echo "|---|---|---|---|"
while read -r kind path; do
  # The first request builds the view and renders the page: its time, then the steady state.
  first=$(curl -fsS -o /dev/null -w '%{time_total}' -H 'Accept-Encoding: br, gzip' "$base$path")
  result=$(measure 16 "$base$path")
  read -r rps p99 <<<"$result"
  br=$(curl -fsS -H 'Accept-Encoding: br' "$base$path" | wc -c)
  plain=$(curl -fsS "$base$path" | wc -c)
  echo "| $kind | $rps | $p99 (first request $(awk -v f="$first" 'BEGIN {printf "%.0f", f*1000}') ms) | $br / $plain |"
  awk -v p="$p99" 'BEGIN {exit !(p >= 100)}' && fail=1
  measured=$((measured + 1))
done <<<"$kinds"
hwm=$(awk '/^VmHWM/ {printf "%.0f", $2/1024}' "/proc/$server_pid/status")
rss=$(awk '/^VmRSS/ {printf "%.0f", $2/1024}' "/proc/$server_pid/status")
echo
echo "server memory: peak $hwm MiB, now $rss MiB"
[ "$hwm" -lt 200 ] || fail=1
kill "$server_pid"

if [ "$measured" -ne 20 ]; then
  echo "measured $measured page kinds instead of 2 x 10" >&2
  exit 1
fi
if [ "$fail" -ne 0 ]; then
  echo "some target was missed (see above)"
  exit 1
fi
echo "every target met"
