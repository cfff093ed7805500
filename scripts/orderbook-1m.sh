#!/usr/bin/env bash
# The order book at exchange scale: `orderbook latency` at 1,000,000 commands/s (uniform timing), the
# empty book's floor run first and printed beside the fast book, the rate checked (achieved>=99%).
# Usage: scripts/orderbook-1m.sh [SECONDS=10] [RATE=1000000] [LATENCY OPTIONS...], e.g. --grow to let the
# measured book grow as it fills instead of making room for the run's peak first
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10} rate=${2:-1000000}
shift $(( $# < 2 ? $# : 2 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
./fiberbench orderbook generate --count 1000000 --seed 1 --out "$work/cmds-1m.csv"
./fiberbench orderbook latency --input "$work/cmds-1m.csv" --rate "$rate" --seconds "$secs" --timing uniform \
    --impl fast --floor --jvm-args "-Xms1g -Xmx1g -XX:+AlwaysPreTouch" --threshold 'achieved>=99%' --out "$work/run" "$@"
