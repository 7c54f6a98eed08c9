#!/usr/bin/env bash
# The quick loop after a change: builds, in the dev build (configured on first use), only the tests
# labelled "quick" and the server (target hd_quick_tests), and runs those tests: the engine's rules,
# protocol and data tests, the server's unit tests and one end-to-end game on the real server
# (tests/*/CMakeLists.txt). The README's test command, tests/run-all.sh, still runs everything.
#   HD_QUICK_BUILD_DIR  the build folder (default build/dev)
#   HD_BUILD_CLIENT=OFF leave the window client out when configuring (headless machines)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${HD_QUICK_BUILD_DIR:-build/dev}
if [[ ! -f $dir/build.ninja ]]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHD_BUILD_TESTS=ON -DHD_SHARED_LIBS=ON \
    -DHD_BUILD_CLIENT="${HD_BUILD_CLIENT:-ON}"
fi
cmake --build "$dir" -j "${HD_JOBS:-$(nproc)}" --target hd_quick_tests
ctest --test-dir "$dir" -L quick --output-on-failure -j "${HD_JOBS:-$(nproc)}"
