#!/usr/bin/env bash
# fiberbench's built-in HTTP generator against wrk, alternated, on one `fiberbench serve`:
# requests/s and client CPU per request (user+sys of the client process, from `times`, over the
# whole process; for `load` also over seconds 4..D+2 alone, read from /proc/PID/stat at its
# per-second lines, which leaves out the JVM's start-up and JIT warm-up). `load` runs 3 s of
# warm-up (left out of its totals, as JMH leaves out warm-up iterations) and then SECONDS measured,
# so both rates cover SECONDS of steady sending. Beside them, the server's CPU per request over the
# same stretch (wrk: its whole run; load: seconds 4..D+2): on one 2-core box the two processes share
# the cores, so a client whose requests cost the server more gets fewer of them answered.
# Usage: scripts/generator-vs-wrk.sh [ROUNDS=3] [SECONDS=15] [PORT=18080] [CONNECTIONS=64]
# Needs wrk on PATH (apt-get install wrk). Take the figures on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3} secs=${2:-15} port=${3:-18080} conns=${4:-64}
url="http://127.0.0.1:$port/thread/name"
work=$(mktemp -d)
tick=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
children_seconds() { tail -1 "$1" | awk '{ split($1, u, "m"); split($2, s, "m"); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }'; }

./fiberbench serve -e virtual --no-auth --port "$port" > "$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 300); do grep -q serving "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
# The server's JIT warm-up, measured by nobody: 5 s wrk runs until two in a row agree within 5% (at
# most 8). One fixed 5 s run was not enough on a slow VM: wrk's first measured round there ran at
# 14-15k req/s and its later ones at 31-42k, which favoured whichever client went second.
prev=0
for i in $(seq 1 8); do
  now=$(wrk -t2 -c"$conns" -d5s "$url" | awk '/Requests\/sec/ {printf "%d", $2}')
  echo "server warm-up $i: $now req/s" >&2
  if [ "$prev" -gt 0 ] && awk -v a="$prev" -v b="$now" 'BEGIN {d = (b - a) / a; exit !(d < 0.05 && d > -0.05)}'; then break; fi
  prev=$now
done

printf '%-6s %-6s %12s %14s %16s %14s\n' round client "req/s" "cpu µs/req" "cpu µs/req (4s..)" "server µs/req"
per_request() { # ticks-before ticks-after requests: µs of CPU per request, or - when a reading is missing
  if [ -n "$1" ] && [ -n "$2" ] && [ "${3:-0}" -gt 0 ]; then awk -v a="$1" -v b="$2" -v t="$tick" -v n="$3" 'BEGIN {printf "%.2f", (b - a) / t * 1e6 / n}'; else echo -; fi
}

run_wrk() { # round
  local s1 s2
  s1=$(cpu_ticks "$server")
  ( wrk -t2 -c"$conns" -d"${secs}s" "$url" > "$work/wrk.txt"; times > "$work/wrk.times" )
  s2=$(cpu_ticks "$server")
  reqs=$(awk '/requests in/ {print $1}' "$work/wrk.txt")
  rate=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
  cpu=$(children_seconds "$work/wrk.times")
  printf '%-6s %-6s %12.0f %14.2f %16s %14s\n' "$1" wrk "$rate" "$(awk -v c="$cpu" -v n="$reqs" 'BEGIN {print c * 1e6 / n}')" - \
    "$(per_request "$s1" "$s2" "$reqs")"
}

# Whether the load's stderr already has its per-second line for second $1; bash builtins only: a
# poll that forked grep 50 times a second took CPU from the load it watched (and from the server).
has_second() {
  local lines
  mapfile -t lines < "$work/load.err" 2>/dev/null || return 1
  local l
  for l in "${lines[@]}"; do [[ $l =~ ^\ +$1s\ +requests ]] && return 0; done
  return 1
}

run_load() { # round
  ( ./fiberbench load "$url" --users "$conns" --warmup 3s --duration "$((secs + 3))s" --out "$work/load" --force \
      > "$work/load.txt" 2> "$work/load.err"; times > "$work/load.times" ) &
  local sub=$! java="" c1="" c2="" s1="" s2="" last=$((secs + 2))
  for _ in $(seq 1 300); do java=$(pgrep -P "$sub" java || true); [ -n "$java" ] && break; sleep 0.05; done
  while kill -0 "$sub" 2>/dev/null; do
    if [ -z "$c1" ] && has_second 3; then c1=$(cpu_ticks "$java" || true); s1=$(cpu_ticks "$server"); fi
    if [ -z "$c2" ] && has_second "$last"; then c2=$(cpu_ticks "$java" || true); s2=$(cpu_ticks "$server"); fi
    sleep 0.1
  done
  wait "$sub"
  reqs=$(awk '/ ok in the measured window/ {print $4}' "$work/load.txt")
  rate=$(awk '/throughput/ {print $2}' "$work/load.txt")
  cpu=$(children_seconds "$work/load.times")
  window=$(awk -v last="$last" '$2 == "requests" && ($1 + 0) >= 4 && ($1 + 0) <= last {n += $3} END {print n}' "$work/load.err")
  printf '%-6s %-6s %12.0f %14.2f %16s %14s\n' "$1" load "$rate" "$(awk -v c="$cpu" -v n="$reqs" 'BEGIN {print c * 1e6 / n}')" \
    "$(per_request "$c1" "$c2" "$window")" "$(per_request "$s1" "$s2" "$window")"
}

# ABBA: odd rounds start with wrk, even rounds with load, so neither always follows the other
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) -eq 1 ]; then run_wrk "$r"; run_load "$r"; else run_load "$r"; run_wrk "$r"; fi
done
