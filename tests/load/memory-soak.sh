#!/usr/bin/env bash
# The memory soak (docs/soak.md; not run in CI): one hd_server on loopback, then hd_load runs one
# after another (two bots a game, every game played to its end), and after each run the server's
# resident memory (VmRSS from /proc) against the actions played so far.
#   tests/load/memory-soak.sh BUILD_DIR [RUNS] [GAMES_PER_RUN] [SCENARIO]
# e.g. tests/load/memory-soak.sh build 100 40 quatre-bras   (about 500,000 actions)
# Prints a table: run, actions in all, VmRSS (KiB), KiB per 1,000 actions since the first run.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:?usage: memory-soak.sh BUILD_DIR [RUNS] [GAMES_PER_RUN] [SCENARIO]}
runs=${2:-20}
games=${3:-40}
scenario=${4:-quatre-bras}
dir=$(mktemp -d /tmp/hd-memory-soak-XXXXXX)
port_file="$dir/port"

"$build/server/hd_server" --listen 127.0.0.1 --port 0 --port-file "$port_file" --database "$dir/soak.sqlite" \
  --data-root scenarios --argon2-memory-kib 8192 --argon2-operations 1 \
  --max-connections-per-address 200 --rate-limit-per-second 10000 --rate-limit-burst 10000 \
  --rate-limit-per-address-per-second 100000 --rate-limit-per-address-burst 100000 >"$dir/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do [[ -s $port_file ]] && break; sleep 0.1; done
port=$(cat "$port_file")
rss() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }

echo "server pid $server on port $port, data in $dir; VmRSS at start $(rss) KiB"
printf '%5s %10s %10s %16s\n' run actions rss_kib kib_per_1000
total=0
first_rss=""
first_total=0
for run in $(seq "$runs"); do
  out=$("$build/tests/load/hd_load" --server "ws://127.0.0.1:$port/" --games "$games" --concurrency 10 \
    --scenario "$scenario" --seed "$run" 2>>"$dir/load.log")
  if ! grep -q '^finished .*errors 0,' <<<"$out"; then
    echo "hd_load run $run failed:"
    echo "$out"
    exit 1
  fi
  actions=$(sed -nE 's/^actions ([0-9]+) .*/\1/p' <<<"$out")
  total=$((total + actions))
  now=$(rss)
  if [[ -z $first_rss ]]; then
    first_rss=$now
    first_total=$total
    per="-"
  else
    per=$(awk -v r="$now" -v f="$first_rss" -v t="$total" -v ft="$first_total" \
      'BEGIN { printf "%.1f", (r - f) / ((t - ft) / 1000) }')
  fi
  printf '%5d %10d %10d %16s\n' "$run" "$total" "$now" "$per"
done
