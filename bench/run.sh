#!/usr/bin/env bash
# Builds the shared synthetic corpus with hubgen and with Hugo side by side, in one run, and
# prints wall time, CPU time and peak memory with their ratios (public tools: /usr/bin/time -v),
# then how hubgen's wall time and peak grow from one size to the next.
#
#   bash bench/run.sh [PAGES_PER_LOCALE ...]   default: 250 2500 (1,000 and 10,000 pages)
#   bash bench/run.sh 250 2500 25000           adds 100,000 pages (the corpus takes minutes to write)
#   RUNS=3 bash bench/run.sh 2500
#
# Environment:
#   RUNS            measured runs per tool and size (median reported; default 3)
#   CORPUS_DIR      keep generated corpora here and reuse them (default: a temporary folder)
#   OUT_DIR         where the tools write their output (default: a folder on /dev/shm when it
#                   exists, else the temporary folder). On ext4, a tree of 10,000+ files removed
#                   and written again run after run makes inode allocation slow (the kernel's
#                   recently-deleted scan), which then dominates both tools' times; a tmpfs
#                   measures the generators. Set OUT_DIR to a disk folder to measure the disk.
#   HUGO_MAX_PAGES  sizes above this (default 40000) skip Hugo: its peak grows about 340 MB per
#                   1,000 pages here, so 100,000 pages would need more memory than the machine.
#
# Needs python3, hugo (Debian package `hugo`) and GNU time (`time`); installs the last two with
# apt-get when missing and running as root. The corpus generator lives beside the repo at
# ../shared/bench/gen_corpus.py.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
gen=${GEN_CORPUS:-$repo/../shared/bench/gen_corpus.py}
runs=${RUNS:-3}
hugo_max=${HUGO_MAX_PAGES:-40000}
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(250 2500)

need() { command -v "$1" >/dev/null 2>&1 || { [ "$(id -u)" = 0 ] && apt-get install -y "$2" >/dev/null; }; }
need hugo hugo
[ -x /usr/bin/time ] || { [ "$(id -u)" = 0 ] && apt-get install -y time >/dev/null; }
[ -f "$gen" ] || { echo "corpus generator not found: $gen" >&2; exit 2; }

cargo build --release --quiet
hubgen="$repo/target/release/hubgen"
work=$(mktemp -d)
if [ -n "${OUT_DIR:-}" ]; then
  out=$OUT_DIR
elif [ -d /dev/shm ] && [ -w /dev/shm ]; then
  out=$(mktemp -d /dev/shm/hubgen-bench.XXXXXX)
else
  out=$work/out
fi
mkdir -p "$out"
corpora=${CORPUS_DIR:-$work/corpora}
mkdir -p "$corpora"
trap 'rm -rf "$work" "$out/out-hubgen" "$out/out-hugo"; [ -z "${OUT_DIR:-}" ] && rm -rf "$out"' EXIT
echo "output written to $out; corpora in $corpora"

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
prev_n="" prev_w="" prev_m=""
growth=()
for n in "${sizes[@]}"; do
  corpus="$corpora/corpus-$n"
  if [ ! -f "$corpus/neutral/hubgen.yaml" ]; then
    rm -rf "$corpus"
    python3 "$gen" --pages "$n" --out "$corpus" --only neutral --only hugo >/dev/null
    # The corpus links the default locale without a prefix, as Hugo does by default.
    printf 'base_url: https://example.org\nprefix_default_locale: false\n' > "$corpus/neutral/hubgen.yaml"
  fi
  total=$((n * 4))
  tools=(hubgen)
  if [ "$total" -le "$hugo_max" ]; then tools+=(hugo); fi
  declare -A W C M
  for tool in "${tools[@]}"; do
    : > "$work/$tool.runs"
    for _ in $(seq "$runs"); do
      rm -rf "$out/out-$tool"
      if [ "$tool" = hubgen ]; then
        measure "$hubgen" build --root "$corpus/neutral" --out "$out/out-hubgen" >> "$work/$tool.runs"
      else
        measure hugo --quiet --source "$corpus/hugo" --destination "$out/out-hugo" --minify >> "$work/$tool.runs"
      fi
    done
    W[$tool]=$(cut -d' ' -f1 "$work/$tool.runs" | median)
    C[$tool]=$(cut -d' ' -f2 "$work/$tool.runs" | median)
    M[$tool]=$(cut -d' ' -f3 "$work/$tool.runs" | median)
    files=$(find "$out/out-$tool" -name '*.html' | wc -l)
    printf '%-8s %-7s %9.2f %9.2f %10.0f %8d\n' "$total" "$tool" "${W[$tool]}" "${C[$tool]}" "$(echo "${M[$tool]} / 1024" | bc -l)" "$files"
  done
  if [ "${#tools[@]}" -eq 2 ]; then
    hub_bytes=$(find "$out/out-hubgen" -name '*.html' -print0 | xargs -0 cat | wc -c)
    hugo_bytes=$(find "$out/out-hugo" -name '*.html' -print0 | xargs -0 cat | wc -c)
    awk -v n="$total" -v hw="${W[hubgen]}" -v gw="${W[hugo]}" -v hc="${C[hubgen]}" -v gc="${C[hugo]}" \
        -v hm="${M[hubgen]}" -v gm="${M[hugo]}" -v hb="$hub_bytes" -v gb="$hugo_bytes" 'BEGIN {
      printf "%-8s hugo/hubgen: wall %.1fx, cpu %.1fx, peak memory %.1fx; pages/s hubgen %.0f, hugo %.0f; html bytes hubgen/hugo %.2f\n",
        n, gw / hw, gc / hc, gm / hm, n / hw, n / gw, hb / gb }'
  else
    echo "$total    hugo skipped: above HUGO_MAX_PAGES=$hugo_max"
  fi
  if [ -n "$prev_n" ]; then
    growth+=("$(awk -v a="$prev_n" -v b="$total" -v wa="$prev_w" -v wb="${W[hubgen]}" -v ma="$prev_m" -v mb="${M[hubgen]}" 'BEGIN {
      printf "hubgen %d -> %d pages (%.0fx): wall %.1fx, peak %.0f -> %.0f MB (%.2fx)", a, b, b / a, wb / wa, ma / 1024, mb / 1024, mb / ma }')")
  fi
  prev_n=$total prev_w=${W[hubgen]} prev_m=${M[hubgen]}
  rm -rf "$out/out-hubgen" "$out/out-hugo"
done
for g in "${growth[@]}"; do echo "$g"; done
