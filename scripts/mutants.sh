#!/usr/bin/env bash
# Mutation testing of the code that guards data (issue 24): each mutant is a debug build, so the
# whole set takes hours on two cores; it is not part of CI. Installs cargo-mutants when missing.
# Usage: scripts/mutants.sh [FILE...]   (default: the guard, output, publish and load files)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null 2>&1 || cargo install cargo-mutants --locked
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(src/output/guard.rs src/output.rs src/load/files.rs
  src/publish/mod.rs src/publish/lock.rs src/publish/shards.rs src/publish/remote.rs
  src/domain/validate.rs)
args=()
for f in "${files[@]}"; do args+=(--file "$f"); done
# The publish tests need the S3 test server: the one tests/publish.rs installed here, if any,
# rather than one per scratch copy.
if [ -z "${HUBGEN_TEST_RCLONE:-}" ] && [ -x target/rclone-venv/bin/rclone ]; then
  export HUBGEN_TEST_RCLONE="$PWD/target/rclone-venv/bin/rclone"
fi
exec cargo mutants "${args[@]}" --timeout 300 -- --bins --test bad_input --test build --test publish --test crash
