#!/usr/bin/env bash
# Every figure of the generator, pacer and order book work, one after the other, for a quiet machine:
#   1. fiberbench load against wrk, three alternated rounds (req/s, client CPU µs per request)
#   2. the open-loop pacer's start delay at 100,000/s, three rounds
#   3. orderbook latency at 1,000,000 commands/s with the empty book's floor beside the fast book
# Usage: scripts/fidelity-generator-figures.sh   (about 6 minutes; needs wrk: apt-get install wrk)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
echo "== uptime (a load average well under 1 means a quiet machine): $(uptime)"
echo "== fiberbench load vs wrk, /thread/name, 64 connections"
"$here/generator-vs-wrk.sh" 3 15
echo "== pacer start delay, run -e virtual -w noop -l open:rate=100000,duration=10s,warmup=2s"
"$here/pacer-start-delay.sh" 3 100000
echo "== orderbook latency at 1,000,000 commands/s with --floor"
"$here/orderbook-1m.sh" 10
