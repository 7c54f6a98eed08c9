#!/usr/bin/env bash
# The main job: set up, build, start a local server on 127.0.0.1 with its SQLite file in data/, and
# open a client window on it. Closing the window stops the server.
# Without a display (no $DISPLAY), the client runs on a virtual display, saves a screenshot to
# data/client.png and exits, so the command still proves the whole path on a headless machine.
#   HD_PORT=8765   the port to serve on
#   HD_CLIENTS=1   how many client windows to open (e.g. 3: two players and a spectator)
set -euo pipefail
cd "$(dirname "$0")/.."

bash deploy/install-deps.sh
cmake -S . -B build/play -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHD_BUILD_TESTS=OFF -DHD_BUILD_CLIENT=ON
cmake --build build/play --target hd_server hd_client

port="${HD_PORT:-8765}"
mkdir -p data
rm -f data/server.port
build/play/server/hd_server --listen 127.0.0.1 --port "$port" --database data/hundred-days.sqlite --data-root scenarios \
  --port-file data/server.port 2> >(tee data/server.log >&2) &
server_pid=$!
trap 'kill -TERM "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true' EXIT

for _ in $(seq 1 200); do
  [[ -s data/server.port ]] && break
  kill -0 "$server_pid" 2>/dev/null || { echo "play-local: the server did not start (see data/server.log)" >&2; exit 1; }
  sleep 0.05
done
[[ -s data/server.port ]] || { echo "play-local: the server did not report its port" >&2; exit 1; }
url="ws://127.0.0.1:$(cat data/server.port)/"
echo "play-local: server listening at $url (database data/hundred-days.sqlite)"

if [[ -n "${DISPLAY:-}" ]]; then
  echo "play-local: another window at any time: build/play/client/hd_client --server $url"
  extra_clients=()
  for _ in $(seq 2 "${HD_CLIENTS:-1}"); do
    build/play/client/hd_client --server "$url" &
    extra_clients+=($!)
    sleep 2  # one window at a time: SFML can wait forever for a window mapped alongside another (bare X)
  done
  trap 'kill -TERM "${extra_clients[@]}" "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true' EXIT
  build/play/client/hd_client --server "$url"
else
  echo "play-local: no display; running the client on a virtual display and saving data/client.png"
  xvfb-run -a -s "-screen 0 1280x800x24" build/play/client/hd_client --server "$url" --screenshot data/client.png
  echo "play-local: the client connected and drew the map: data/client.png"
fi
