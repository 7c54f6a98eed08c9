#!/usr/bin/env bash
# Issue 15 (docs/load.md, "Latency at a set rate"): one hd_load run against a fresh hd_server with the
# raised limits of group_commit_compare.sh, closed loop or with its actions paced to RATE a second,
# the load average before and after.
#   tests/load/rate_compare.sh GAMES CONCURRENCY SEED [RATE]    (BUILD=build/dev by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
games=$1 concurrency=$2 seed=$3 rate=${4:-}
build=${BUILD:-build/dev}
dir=$(mktemp -d /tmp/hd-rate-compare-XXXX)
"$build/server/hd_server" --port 0 --port-file "$dir/port" --database "$dir/load.sqlite" --data-root scenarios \
  --argon2-memory-kib 8192 --argon2-operations 1 --max-connections-per-address 1000 \
  --rate-limit-per-second 1000 --rate-limit-burst 1000 --rate-limit-per-address-per-second 100000 \
  --rate-limit-per-address-burst 100000 --hashing-queue-limit 1000 >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do [[ -s "$dir/port" ]] && break; sleep 0.1; done
port=$(cat "$dir/port")
echo "=== ${rate:+rate $rate, }$games games, $concurrency at once, seed $seed; load $(cut -d' ' -f1-3 /proc/loadavg)"
"$build/tests/load/hd_load" --server "ws://127.0.0.1:$port/" --games "$games" --concurrency "$concurrency" \
  --seed "$seed" ${rate:+--rate "$rate"} | grep -v ' finished$'
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
