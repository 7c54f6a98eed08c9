#!/usr/bin/env bash
# Sets up, builds and runs every test: the whole suite in a normal build (the client's under a
# virtual X display), then the engine, protocol and server tests again under ASan and UBSan, the
# server's tests under ThreadSanitizer, then the fuzz targets for a short fixed number of runs
# (clang, tests/fuzz/run-fuzz.sh).
# CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

bash deploy/install-deps.sh
# The four build folders take about 15 GB together (debug sections compressed); a disk that filled
# once stopped two suites' builds with "No space left on device", so the room is printed first.
echo "=== disk: $(df -h --output=avail . | tail -n 1 | tr -d ' ') free here at the start"
jobs="${HD_JOBS:-$(nproc)}"
summary=()

# The ten slowest tests of a suite, from its CTest log.
slowest_tests() {  # name, ctest log
  echo "=== $1: the ten slowest tests (s)"
  grep -E 'Test +#[0-9]+: ' "$2" | sed -E 's/.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec$/\2 \1/' |
    sort -rn | head -n 10 || true
}

# Runs ctest in build folder $1 (further arguments passed on). Each test takes one of the
# machine's $jobs cores while it runs, except those marked WAITS in tests/CMakeLists.txt (mostly
# waiting on the server's timers), which run beside them: up to twice $jobs tests at once.
run_ctest() {  # build dir, ctest options...
  local dir=$1 spec self=$BASHPID started=$SECONDS code=0 cpu_before
  shift
  spec="$PWD/$dir/ctest-resources.json"  # absolute: ctest reads it from inside the build folder
  printf '{"version": {"major": 1, "minor": 0}, "local": [{"cores": [{"id": "all", "slots": %d}]}]}\n' \
    "$jobs" >"$spec"
  cpu_before=$(children_cpu_ticks "$self")
  ctest --test-dir "$dir" --output-on-failure -j "$((2 * jobs))" --resource-spec-file "$spec" "$@" || code=$?
  echo "=== tests: $((SECONDS - started)) s wall, $((($(children_cpu_ticks "$self") - cpu_before) / $(getconf CLK_TCK))) s of CPU (the tests and every process they started)"
  return "$code"
}

# The CPU time (user and system, in clock ticks) of the finished children of process $1.
children_cpu_ticks() {
  local fields
  read -ra fields <"/proc/$1/stat"
  echo $((fields[15] + fields[16]))  # cutime, cstime
}

run_suite() {  # name, build dir, cmake options...
  local name=$1 dir=$2 started=$SECONDS
  shift 2
  echo "=== $name: configure and build ($dir)"
  cmake -S . -B "$dir" -G Ninja "$@" || return 1
  cmake --build "$dir" -j "$jobs" || return 1
  echo "=== $name: test"
  local log="$dir/ctest.log"
  set +e
  run_ctest "$dir" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  set -e
  slowest_tests "$name" "$log"
  summary+=("$name: $(grep -E 'tests passed|tests failed' "$log" | tail -n 1) ($((SECONDS - started)) s with its build; $(grep -E '^=== tests: ' "$log" | tail -n 1 | cut -c 12-))")
  return "$status"
}

status=0
# The release suite is run, not debugged: line tables only (HD_DEBUG_INFO=lines, about 40% less
# compiling than full debug information; CMakeLists.txt).
run_suite "release" build/release -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHD_BUILD_TESTS=ON -DHD_BUILD_CLIENT=ON -DHD_SANITIZE=OFF \
  -DHD_DEBUG_INFO=lines || status=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run_suite "asan+ubsan" build/asan -DCMAKE_BUILD_TYPE=Debug -DHD_BUILD_TESTS=ON -DHD_SANITIZE=ON -DHD_BUILD_CLIENT=OFF || status=1
# Third suite: the server and every test labelled "server" (the real server process on loopback,
# the chaos test) under ThreadSanitizer. Every report, from a test or from a server process it
# started (whose exit a test may not see), is written to build/tsan/reports/ and fails the suite.
echo "=== tsan: configure and build (build/tsan)"
tsan_status=0 tsan_started=$SECONDS
rm -rf build/tsan/reports
mkdir -p build/tsan/reports
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 log_path=$PWD/build/tsan/reports/tsan"
if cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHD_BUILD_TESTS=ON \
     -DHD_BUILD_CLIENT=OFF -DHD_SANITIZE_THREAD=ON && cmake --build build/tsan -j "$jobs" --target hd_server_tests; then
  echo "=== tsan: test"
  set +e
  run_ctest build/tsan -L server 2>&1 | tee build/tsan/ctest.log
  tsan_status=${PIPESTATUS[0]}
  set -e
  slowest_tests tsan build/tsan/ctest.log
  summary+=("tsan: $(grep -E 'tests passed|tests failed' build/tsan/ctest.log | tail -n 1) ($((SECONDS - tsan_started)) s with its build; $(grep -E '^=== tests: ' build/tsan/ctest.log | tail -n 1 | cut -c 12-))")
  if compgen -G "build/tsan/reports/tsan*" >/dev/null; then
    cat build/tsan/reports/tsan*
    summary+=("tsan: ThreadSanitizer reports in build/tsan/reports/")
    tsan_status=1
  fi
else
  tsan_status=1
  summary+=("tsan: build FAILED")
fi
[[ $tsan_status -eq 0 ]] || status=1
# Fourth suite: the libFuzzer targets, built with clang, each from its seeds for a fixed number of
# runs (docs/fuzzing.md); any crash or sanitizer report fails the run.
echo "=== fuzz: clang build and short runs (tests/fuzz/run-fuzz.sh)"
fuzz_started=$SECONDS
if bash tests/fuzz/run-fuzz.sh build/fuzz; then
  summary+=("fuzz: every target ran clean ($((SECONDS - fuzz_started)) s with its build)")
else
  summary+=("fuzz: FAILED (build/fuzz/fuzz-*.log, build/fuzz/artifacts/)")
  status=1
fi

echo "=== summary"
printf '%s\n' "${summary[@]}"
echo "disk: build folders $(du -sh build 2>/dev/null | cut -f1), $(df -h --output=avail . | tail -n 1 | tr -d ' ') free at the end"
passed=0 failed=0
for dir in build/release build/asan build/tsan; do
  line=$(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' "$dir/ctest.log" | tail -n 1 || true)
  if [[ $line =~ ([0-9]+)\ tests\ failed\ out\ of\ ([0-9]+) ]]; then
    failed=$((failed + BASH_REMATCH[1]))
    passed=$((passed + BASH_REMATCH[2] - BASH_REMATCH[1]))
  else
    status=1
  fi
done
echo "$passed passed, $failed failed, in $SECONDS s"
if command -v ccache >/dev/null && [[ "${HD_NO_CCACHE:-0}" != 1 ]]; then
  ccache --show-stats | grep -E 'Hits|Misses|Cache size' || true
fi
exit "$status"
