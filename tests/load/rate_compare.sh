#!/usr/bin/env bash
# Issue 15 (docs/load.md, "Latency at a set rate"): one hd_load run against a fresh hd_server with the
# raised limits of fresh_load_server.sh, closed loop or with its actions paced to RATE a second,
# the load average before and after, and the server's CPU time (its I/O threads' and the rest).
# SERVER_ARGS are passed to the server (say "--queries-off-strand off"), LOAD_ARGS to hd_load (say
# "--spectators 3"); SERVER_CPUS and LOAD_CPUS (taskset lists) pin the server and the load tool to
# cores of their own.
#   tests/load/rate_compare.sh GAMES CONCURRENCY SEED [RATE]    (BUILD=build/dev by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
games=$1 concurrency=$2 seed=$3 rate=${4:-}
build=${BUILD:-build/dev}
source tests/load/fresh_load_server.sh
# shellcheck disable=SC2086 # SERVER_ARGS is split on purpose
start_load_server ${SERVER_ARGS:-}
echo "=== ${rate:+rate $rate, }$games games, $concurrency at once, seed $seed${SERVER_CPUS:+, server on cores $SERVER_CPUS}${LOAD_CPUS:+, load tool on cores $LOAD_CPUS}; load $(cut -d' ' -f1-3 /proc/loadavg)"
load_pin=()
[[ -n ${LOAD_CPUS:-} ]] && load_pin=(taskset -c "$LOAD_CPUS")
"${load_pin[@]}" "$build/tests/load/hd_load" --server "ws://127.0.0.1:$port/" --games "$games" --concurrency "$concurrency" \
  --seed "$seed" ${rate:+--rate "$rate"} ${LOAD_ARGS:-} 2>&1 | grep -v ' finished$'
# How many observations of one of the server's histograms took at most 1, 2.5, 5 and 10 ms, of how
# many: $1 begins its bucket lines up to `le=`, $2 is its count line's series, $3 the title printed.
histogram_within() {
  curl -s "http://127.0.0.1:$port/metrics" | awk -v bucket="$1" -v total="$2" -v title="$3" '
    BEGIN { split("0.001 0.0025 0.005 0.01", bounds, " ") }
    { for (i = 1; i <= 4; ++i)
        if (index($0, bucket "le=\"" bounds[i] "\"} ") == 1) within = within " " bounds[i] " s: " $2 }
    index($0, total " ") == 1 { count = $2 }
    END { print title ", how many within" within " (of " count ")" }'
}
# The server's own time for a SubmitAction (taken up to its batch's commit); then the database's
# COMMITs (one a batch): the disk's share of that time.
histogram_within 'hd_request_duration_seconds_bucket{type="submit_action",' \
  'hd_request_duration_seconds_count{type="submit_action"}' "server time a SubmitAction"
histogram_within 'hd_db_commit_duration_seconds_bucket{' hd_db_commit_duration_seconds_count "COMMITs"
# The batches and the requests they held; with --wal-sync-off-strand on, their COMMITs and the syncs.
curl -s "http://127.0.0.1:$port/metrics" |
  awk '/^hd_(batches_total|batch_requests_total|batch_commits_unsynced_total|wal_syncs_total) / { line = line $1 " " $2 "; " }
       END { print "batches: " line }'
# The server's CPU, all its threads, then each thread's (ticks of 1/100 s; the password-hashing
# thread is the one busy only while the bots register).
read -r -a stat <"/proc/$pid/stat"
ticks=$((stat[13] + stat[14]))
threads=()
for task in /proc/"$pid"/task/*; do
  read -r -a tstat <"$task/stat"
  threads+=("$((tstat[13] + tstat[14]))")
done
echo "server CPU $((ticks / 100)).$(printf '%02d' $((ticks % 100))) s (threads: ${threads[*]}); load $(cut -d' ' -f1-3 /proc/loadavg)"
