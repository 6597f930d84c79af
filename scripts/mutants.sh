#!/usr/bin/env bash
# Mutation testing of the code that guards data (issue 24): each mutant is a debug build, so the
# whole set takes hours on two cores; it is not part of CI. Installs cargo-mutants when missing.
# Usage: scripts/mutants.sh [FILE...]   (default: the guard, output, publish and load files)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null 2>&1 || cargo install cargo-mutants --locked
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(crates/hubgen-engine/src/output/guard.rs
  crates/hubgen-engine/src/output.rs crates/hubgen-engine/src/load/files.rs
  src/publish/mod.rs src/publish/lock.rs src/publish/shards.rs src/publish/remote.rs
  crates/hubgen-gpu/src/validate.rs)
args=()
for f in "${files[@]}"; do args+=(--file "$f"); done
# The publish tests need the S3 test server: the one tests/publish.rs installed here, if any,
# rather than one per scratch copy.
if [ -z "${HUBGEN_TEST_RCLONE:-}" ] && [ -x target/rclone-venv/bin/rclone ]; then
  export HUBGEN_TEST_RCLONE="$PWD/target/rclone-venv/bin/rclone"
fi
# A mutant of a library crate is tested by its own unit tests and by the binary's end-to-end
# tests (the root package), which catch most of what guards data.
# cargo-mutants tests its baseline only in the mutated package, where the end-to-end tests are
# not: skip it and give the timeouts instead.
exec cargo mutants --workspace "${args[@]}" --baseline skip --timeout 300 --build-timeout 900 --test-workspace true -- --lib --bins \
  --test bad_input --test build --test data --test publish --test crash
