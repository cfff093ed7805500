#!/usr/bin/env bash
# fiberbench's built-in generator against JMeter's engine on one `fiberbench serve -e virtual`:
# (1) 1000 closed users on a 1000 ms endpoint: one built-in generator vs 2 local `fiberbench agent`s
#     × 500 users (Little's law: 1000 req/s), with the CPU seconds each generator used;
# (2) /thread/name at 64 connections: built-in, JMeter embedded, and wrk beside them.
# Usage: scripts/jmeter-vs-builtin.sh [SECONDS=20] [PORT=18080]. Take the figures on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20} port=${2:-18080}
base="http://127.0.0.1:$port"
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
tick=$(getconf CLK_TCK)
cpu_s() { awk -v t="$tick" '{printf "%.1f", ($14 + $15) / t}' "/proc/$1/stat"; }
children_s() { tail -1 "$1" | awk '{ split($1, u, "m"); split($2, s, "m"); printf "%.1f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }'; }
wait_for() { for _ in $(seq 1 300); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done; echo "no '$2' in $1" >&2; exit 1; }
summary() { grep -vE '^ *[0-9]+s +requests|^fiberbench:|^(results|report): ' "$1" | sed 's/^/    /' || true; }

./fiberbench serve -e virtual --no-auth --port "$port" > "$work/serve.log" 2>&1 & pids+=($!)
wait_for "$work/serve.log" serving
for p in 11099 11100; do
  ./fiberbench agent --port "$p" > "$work/agent-$p.log" 2>&1 & pids+=($!)
  wait_for "$work/agent-$p.log" listening
done
agent_java() { pgrep -f "agent --port $1" | while read -r p; do [ "$(cat /proc/"$p"/comm)" = java ] && echo "$p"; done | head -1; }
a1=$(agent_java 11099) a2=$(agent_java 11100)

slow="$base/thread/benchmark?ms=1000"
echo "== 1000 users on $slow, ${secs}s (5s warm-up)"
( ./fiberbench load "$slow" --users 1000 --duration "${secs}s" --warmup 5s --out "$work/b1" --force > "$work/b1.txt" 2>&1; times > "$work/b1.times" )
echo "  built-in, 1 generator × 1000 users: generator cpu $(children_s "$work/b1.times") s"; summary "$work/b1.txt"
c1=$(cpu_s "$a1") c2=$(cpu_s "$a2")
( ./fiberbench load "$slow" --users 500 --duration "${secs}s" --warmup 5s --engine jmeter --agents 127.0.0.1:11099,127.0.0.1:11100 \
    --out "$work/j1" --force > "$work/j1.txt" 2>&1; times > "$work/j1.times" )
echo "  jmeter, 2 agents × 500 users: client cpu $(children_s "$work/j1.times") s, agents cpu" \
  "$(awk -v a="$c1" -v b="$(cpu_s "$a1")" 'BEGIN {printf "%.1f", b - a}') s + $(awk -v a="$c2" -v b="$(cpu_s "$a2")" 'BEGIN {printf "%.1f", b - a}') s"
summary "$work/j1.txt"

fast="$base/thread/name"
echo "== 64 connections on $fast, ${secs}s"
wrk -t2 -c64 -d5s "$fast" > /dev/null
( ./fiberbench load "$fast" --users 64 --duration "${secs}s" --out "$work/b2" --force > "$work/b2.txt" 2>&1; times > "$work/b2.times" )
echo "  built-in: cpu $(children_s "$work/b2.times") s"; summary "$work/b2.txt"
( ./fiberbench load "$fast" --users 64 --duration "${secs}s" --engine jmeter --out "$work/j2" --force > "$work/j2.txt" 2>&1; times > "$work/j2.times" )
echo "  jmeter embedded: cpu $(children_s "$work/j2.times") s"; summary "$work/j2.txt"
( wrk -t2 -c64 -d"${secs}s" "$fast" > "$work/wrk.txt"; times > "$work/wrk.times" )
echo "  wrk -t2 -c64: cpu $(children_s "$work/wrk.times") s, $(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt") req/s"
