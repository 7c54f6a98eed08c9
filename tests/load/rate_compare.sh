#!/usr/bin/env bash
# Issue 15 (docs/load.md, "Latency at a set rate"): one hd_load run against a fresh hd_server with the
# raised limits of fresh_load_server.sh, closed loop or with its actions paced to RATE a second,
# the load average before and after.
#   tests/load/rate_compare.sh GAMES CONCURRENCY SEED [RATE]    (BUILD=build/dev by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
games=$1 concurrency=$2 seed=$3 rate=${4:-}
build=${BUILD:-build/dev}
source tests/load/fresh_load_server.sh
start_load_server
echo "=== ${rate:+rate $rate, }$games games, $concurrency at once, seed $seed; load $(cut -d' ' -f1-3 /proc/loadavg)"
"$build/tests/load/hd_load" --server "ws://127.0.0.1:$port/" --games "$games" --concurrency "$concurrency" \
  --seed "$seed" ${rate:+--rate "$rate"} | grep -v ' finished$'
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
