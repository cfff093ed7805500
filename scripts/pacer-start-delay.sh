#!/usr/bin/env bash
# The open-loop pacer's accuracy: `run -w noop -l open:rate=R` ROUNDS times, printing the achieved
# rate and the start delay (actual − intended start of each task, latency.start_delay in
# results.json) at p50/p99/p99.9, with the pacer's own lag (submit − intended) beside it.
# Usage: scripts/pacer-start-delay.sh [ROUNDS=3] [RATE=100000] [EXECUTOR=virtual]
# FIBERBENCH_JAR=/path/fiberbench.jar runs that jar instead of this checkout (a before/after pair);
# FIBERBENCH_RUN_ARGS="-Xmn512m" gives the loop fork JVM options (--jvm-args).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3} rate=${2:-100000} executor=${3:-virtual}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {
  if [ -n "${FIBERBENCH_JAR:-}" ]; then
    "$(./fiberbench which-jdk)/bin/java" --add-opens java.base/java.lang=ALL-UNNAMED -jar "$FIBERBENCH_JAR" "$@"
  else
    ./fiberbench "$@"
  fi
}
printf '%-6s %12s %10s %10s %10s %12s %12s\n' round "achieved/s" "p50 µs" "p99 µs" "p99.9 µs" "lag p50 µs" "lag p99 µs"
for r in $(seq 1 "$rounds"); do
  run run -e "$executor" -w noop -l "open:rate=$rate,duration=10s,warmup=2s" ${FIBERBENCH_RUN_ARGS:+--jvm-args "$FIBERBENCH_RUN_ARGS"} --out "$work/run" --force > "$work/out.txt" 2>&1
  python3 - "$work/run/results.json" "$r" <<'PY'
import json, sys
l = json.load(open(sys.argv[1]))["scenarios"][0]["latency"]
d = l["start_delay"]
print("%-6s %12.0f %10.1f %10.1f %10.1f %12.1f %12.1f" % (sys.argv[2], l["achieved_rate_ops_s"], d["p50_ns"] / 1e3,
      d["p99_ns"] / 1e3, d["p99_9_ns"] / 1e3, l["pacer_lag_p50_ns"] / 1e3, l["pacer_lag_p99_ns"] / 1e3))
PY
done
