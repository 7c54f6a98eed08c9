# Sourced by the load scripts (group_commit_compare.sh, rate_compare.sh): starts a fresh hd_server
# from $build on a free port with the limits raised for load runs (cheap password hashing, a
# thousand connections an address, request rates of thousands a second) and any further server
# arguments given to start_load_server, then sets $dir (its folder, removed on exit), $pid and
# $port. Needs `set -euo pipefail`, the working folder at the source root and $build set.
# SERVER_CPUS (a taskset list, say 1) pins the server to those cores.
start_load_server() {
  dir=$(mktemp -d /tmp/hd-load-XXXX)
  local pin=()
  [[ -n ${SERVER_CPUS:-} ]] && pin=(taskset -c "$SERVER_CPUS")
  "${pin[@]}" "$build/server/hd_server" --port 0 --port-file "$dir/port" --database "$dir/load.sqlite" --data-root scenarios \
    --argon2-memory-kib 8192 --argon2-operations 1 --max-connections-per-address 1000 \
    --rate-limit-per-second 1000 --rate-limit-burst 1000 --rate-limit-per-address-per-second 100000 \
    --rate-limit-per-address-burst 100000 --hashing-queue-limit 1000 "$@" >"$dir/server.log" 2>&1 &
  pid=$!
  trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
  for _ in $(seq 100); do [[ -s "$dir/port" ]] && break; sleep 0.1; done
  port=$(cat "$dir/port")
}
