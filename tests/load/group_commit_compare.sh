#!/usr/bin/env bash
# Issue 15 (docs/performance.md, "Group commit"): one hd_load run against a fresh hd_server started
# with --group-commit MODE (on: batches share a commit; off: each request commits alone), then the
# server's actions, COMMITs and batches from /metrics and its CPU time from /proc.
#   tests/load/group_commit_compare.sh on|off GAMES CONCURRENCY SEED    (BUILD=build/dev by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=$1 games=$2 concurrency=$3 seed=$4
build=${BUILD:-build/dev}
source tests/load/fresh_load_server.sh
start_load_server --group-commit "$mode"
echo "=== group-commit $mode: $games games, $concurrency at once, seed $seed; load $(cut -d' ' -f1-3 /proc/loadavg)"
"$build/tests/load/hd_load" --server "ws://127.0.0.1:$port/" --games "$games" --concurrency "$concurrency" \
  --seed "$seed" | grep -v ' finished$'
curl -s "http://127.0.0.1:$port/metrics" |
  grep -E '^hd_(actions_total|batches_total|batch_requests_total|db_commit_duration_seconds_count) '
read -r -a stat <"/proc/$pid/stat"
ticks=$((stat[13] + stat[14]))
echo "server CPU: $((ticks / 100)).$(printf '%02d' $((ticks % 100))) s; load $(cut -d' ' -f1-3 /proc/loadavg)"
