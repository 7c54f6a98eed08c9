#!/usr/bin/env bash
# The quick loop after a change: builds the dev build incrementally (configuring it on first use)
# and runs the tests labelled "quick" (tests/CMakeLists.txt: the engine's rules, protocol and data
# tests, the server's unit tests and one end-to-end game on the real server). The README's test
# command, tests/run-all.sh, still runs everything.
#   HD_QUICK_BUILD_DIR  the build folder (default build/dev)
#   HD_BUILD_CLIENT=OFF leave the window client out when configuring (headless machines)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${HD_QUICK_BUILD_DIR:-build/dev}
if [[ ! -f $dir/build.ninja ]]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHD_BUILD_TESTS=ON \
    -DHD_BUILD_CLIENT="${HD_BUILD_CLIENT:-ON}"
fi
cmake --build "$dir" -j "${HD_JOBS:-$(nproc)}"
ctest --test-dir "$dir" -L quick --output-on-failure -j "${HD_JOBS:-$(nproc)}"
