#!/usr/bin/env bash
# The project's test command (README), also what CI runs through .ci/run.
# Formatting, lints, unit and end-to-end tests, then a build of the site itself.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}
if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo is required (https://rustup.rs)" >&2
  exit 2
fi
rustup component add rustfmt clippy >/dev/null 2>&1 || true
cargo fmt --all -- --check
cargo clippy --release --all-targets --locked -- -D warnings
cargo test --release --locked
# The binary the end-to-end tests used (same features, so nothing is compiled again).
hubgen="${CARGO_TARGET_DIR:-target}/release/hubgen"
"$hubgen" build --out "${CARGO_TARGET_DIR:-target}/site-check"
# Every internal link and anchor of every page, in every locale.
"$hubgen" check
# Translations: a locale marked `required` in hubgen.yaml must keep its coverage.
"$hubgen" i18n
echo "all checks passed"
