#!/usr/bin/env bash
# Builds the shared synthetic corpus with hubgen and with Hugo side by side, in one run, and
# prints wall time, CPU time and peak memory with their ratios (public tools: /usr/bin/time -v).
#
#   bash bench/run.sh [PAGES_PER_LOCALE ...]     default: 250 2500 (1,000 and 10,000 pages)
#   RUNS=3 bash bench/run.sh 2500
#
# Needs python3, hugo (Debian package `hugo`) and GNU time (`time`); installs the last two with
# apt-get when missing and running as root. The corpus generator lives beside the repo at
# ../shared/bench/gen_corpus.py.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
gen=${GEN_CORPUS:-$repo/../shared/bench/gen_corpus.py}
runs=${RUNS:-3}
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(250 2500)

need() { command -v "$1" >/dev/null 2>&1 || { [ "$(id -u)" = 0 ] && apt-get install -y "$2" >/dev/null; }; }
need hugo hugo
[ -x /usr/bin/time ] || { [ "$(id -u)" = 0 ] && apt-get install -y time >/dev/null; }
[ -f "$gen" ] || { echo "corpus generator not found: $gen" >&2; exit 2; }

cargo build --release --quiet
hubgen="$repo/target/release/hubgen"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One measured run: prints "wall cpu peak_kb".
measure() {
  local log="$work/time.log"
  /usr/bin/time -v -o "$log" "$@" >/dev/null 2>"$work/stderr.log" || { cat "$work/stderr.log" >&2; exit 1; }
  awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
    /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { m = $2 }
    END { printf "%.3f %.3f %d\n", w, u + s, m }' "$log"
}

# Median of a column over runs.
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

printf '%-8s %-7s %9s %9s %10s %8s\n' pages tool wall_s cpu_s peak_MB files
for n in "${sizes[@]}"; do
  corpus="$work/corpus-$n"
  python3 "$gen" --pages "$n" --out "$corpus" --only neutral --only hugo >/dev/null
  # The corpus links the default locale without a prefix, as Hugo does by default.
  printf 'base_url: https://example.org\nprefix_default_locale: false\n' > "$corpus/neutral/hubgen.yaml"
  total=$((n * 4))
  declare -A W C M
  for tool in hubgen hugo; do
    : > "$work/$tool.runs"
    for _ in $(seq "$runs"); do
      if [ "$tool" = hubgen ]; then
        rm -rf "$work/out-hubgen"
        measure "$hubgen" build --root "$corpus/neutral" --out "$work/out-hubgen" >> "$work/$tool.runs"
      else
        rm -rf "$work/out-hugo"
        measure hugo --quiet --source "$corpus/hugo" --destination "$work/out-hugo" --minify >> "$work/$tool.runs"
      fi
    done
    W[$tool]=$(cut -d' ' -f1 "$work/$tool.runs" | median)
    C[$tool]=$(cut -d' ' -f2 "$work/$tool.runs" | median)
    M[$tool]=$(cut -d' ' -f3 "$work/$tool.runs" | median)
    files=$(find "$work/out-$tool" -name '*.html' | wc -l)
    printf '%-8s %-7s %9.2f %9.2f %10.0f %8d\n' "$total" "$tool" "${W[$tool]}" "${C[$tool]}" "$(echo "${M[$tool]} / 1024" | bc -l)" "$files"
  done
  hub_bytes=$(find "$work/out-hubgen" -name '*.html' -print0 | xargs -0 cat | wc -c)
  hugo_bytes=$(find "$work/out-hugo" -name '*.html' -print0 | xargs -0 cat | wc -c)
  awk -v n="$total" -v hw="${W[hubgen]}" -v gw="${W[hugo]}" -v hc="${C[hubgen]}" -v gc="${C[hugo]}" \
      -v hm="${M[hubgen]}" -v gm="${M[hugo]}" -v hb="$hub_bytes" -v gb="$hugo_bytes" 'BEGIN {
    printf "%-8s hugo/hubgen: wall %.1fx, cpu %.1fx, peak memory %.1fx; pages/s hubgen %.0f, hugo %.0f; html bytes hubgen/hugo %.2f\n",
      n, gw / hw, gc / hc, gm / hm, n / hw, n / gw, hb / gb }'
done
