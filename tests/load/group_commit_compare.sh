#!/usr/bin/env bash
# Issue 15 (docs/performance.md, "Group commit"): one hd_load run against a fresh hd_server started
# with --group-commit MODE (on: batches share a commit; off: each request commits alone), then the
# server's actions, COMMITs and batches from /metrics and its CPU time from /proc.
#   tests/load/group_commit_compare.sh on|off GAMES CONCURRENCY SEED    (BUILD=build/dev by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=$1 games=$2 concurrency=$3 seed=$4
build=${BUILD:-build/dev}
dir=$(mktemp -d /tmp/hd-group-commit-XXXX)
"$build/server/hd_server" --port 0 --port-file "$dir/port" --database "$dir/load.sqlite" --data-root scenarios \
  --argon2-memory-kib 8192 --argon2-operations 1 --max-connections-per-address 1000 \
  --rate-limit-per-second 1000 --rate-limit-burst 1000 --rate-limit-per-address-per-second 100000 \
  --rate-limit-per-address-burst 100000 --hashing-queue-limit 1000 --group-commit "$mode" >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do [[ -s "$dir/port" ]] && break; sleep 0.1; done
port=$(cat "$dir/port")
echo "=== group-commit $mode: $games games, $concurrency at once, seed $seed; load $(cut -d' ' -f1-3 /proc/loadavg)"
"$build/tests/load/hd_load" --server "ws://127.0.0.1:$port/" --games "$games" --concurrency "$concurrency" \
  --seed "$seed" | grep -v ' finished$'
curl -s "http://127.0.0.1:$port/metrics" |
  grep -E '^hd_(actions_total|batches_total|batch_requests_total|db_commit_duration_seconds_count) '
read -r -a stat <"/proc/$pid/stat"
ticks=$((stat[13] + stat[14]))
echo "server CPU: $((ticks / 100)).$(printf '%02d' $((ticks % 100))) s; load $(cut -d' ' -f1-3 /proc/loadavg)"
