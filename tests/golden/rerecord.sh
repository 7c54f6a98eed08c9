#!/usr/bin/env bash
# Re-records every golden replay of this folder with the hd_script of a build, after a rules version
# bump (engine/include/hd/engine/state/rules_version.hpp): each file is played again from its first
# line's choice flags and the seed in its name (NAME-seedN.rec) by the uniform random player
# (--bot-style uniform: the records predate the battle-seeking default), and written
# with the new version and final hash. Review the diff: only the header and the hash should change,
# unless the bump changes how these games play.
#   tests/golden/rerecord.sh BUILD_DIR
set -euo pipefail
build=${1:?usage: tests/golden/rerecord.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
script="$build/engine/hd_script"
[[ -x $script ]] || { echo "rerecord: no $script" >&2; exit 2; }
for file in "$here"/*.rec; do
  header=$(head -n 1 "$file")
  flags=${header#\# hd_script record: }
  flags=$(sed -E 's/ ?--rules-version [0-9]+//' <<<"$flags")
  seed=$(sed -E 's/.*-seed([0-9]+)\.rec$/\1/' <<<"$file")
  # shellcheck disable=SC2086
  "$script" $flags --bot --bot-style uniform --seed "$seed" --record "$file" </dev/null >/dev/null
  echo "rerecord: $(basename "$file"): $(head -n 1 "$file" | sed 's/.*--rules-version/version/'), $(tail -n 1 "$file")"
done
