#!/usr/bin/env bash
# Builds the shared synthetic corpus with hubgen, Hugo and Zola side by side, in one run, and
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
#   ZOLA            the zola binary (default: `zola` on PATH). Zola is not in Debian; without it
#                   the run says so and compares with Hugo only. It builds from its source with
#                   `cargo build --release --locked` (Zola 0.22).
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
zola=${ZOLA:-$(command -v zola || true)}
[ -n "$zola" ] && [ -x "$zola" ] || { zola=""; echo "zola not found (set ZOLA=/path/to/zola): comparing with Hugo only" >&2; }
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
trap 'rm -rf "$work" "$out/out-hubgen" "$out/out-hugo" "$out/out-zola"; [ -z "${OUT_DIR:-}" ] && rm -rf "$out"' EXIT
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
  if [ ! -f "$corpus/neutral/hubgen.yaml" ] || [ ! -d "$corpus/zola" ]; then
    rm -rf "$corpus"
    python3 "$gen" --pages "$n" --out "$corpus" >/dev/null
    # The corpus links the default locale without a prefix, as Hugo does by default.
    printf 'base_url: https://example.org\nprefix_default_locale: false\n' > "$corpus/neutral/hubgen.yaml"
  fi
  total=$((n * 4))
  tools=(hubgen)
  if [ "$total" -le "$hugo_max" ]; then tools+=(hugo); fi
  if [ -n "$zola" ]; then tools+=(zola); fi
  declare -A W C M
  for tool in "${tools[@]}"; do
    : > "$work/$tool.runs"
    for _ in $(seq "$runs"); do
      rm -rf "$out/out-$tool"
      case $tool in
        hubgen) measure "$hubgen" build --root "$corpus/neutral" --out "$out/out-hubgen" >> "$work/$tool.runs" ;;
        hugo) measure hugo --quiet --source "$corpus/hugo" --destination "$out/out-hugo" --minify >> "$work/$tool.runs" ;;
        zola) measure "$zola" --root "$corpus/zola" build --output-dir "$out/out-zola" --force --minify >> "$work/$tool.runs" ;;
      esac
    done
    W[$tool]=$(cut -d' ' -f1 "$work/$tool.runs" | median)
    C[$tool]=$(cut -d' ' -f2 "$work/$tool.runs" | median)
    M[$tool]=$(cut -d' ' -f3 "$work/$tool.runs" | median)
    files=$(find "$out/out-$tool" -name '*.html' | wc -l)
    printf '%-8s %-7s %9.2f %9.2f %10.0f %8d\n' "$total" "$tool" "${W[$tool]}" "${C[$tool]}" "$(echo "${M[$tool]} / 1024" | bc -l)" "$files"
  done
  hub_bytes=$(find "$out/out-hubgen" -name '*.html' -print0 | xargs -0 cat | wc -c)
  for tool in "${tools[@]}"; do
    [ "$tool" = hubgen ] && continue
    bytes=$(find "$out/out-$tool" -name '*.html' -print0 | xargs -0 cat | wc -c)
    awk -v n="$total" -v t="$tool" -v hw="${W[hubgen]}" -v gw="${W[$tool]}" -v hc="${C[hubgen]}" -v gc="${C[$tool]}" \
        -v hm="${M[hubgen]}" -v gm="${M[$tool]}" -v hb="$hub_bytes" -v gb="$bytes" 'BEGIN {
      printf "%-8s %s/hubgen: wall %.1fx, cpu %.1fx, peak memory %.1fx; pages/s hubgen %.0f, %s %.0f; html bytes hubgen/%s %.2f\n",
        n, t, gw / hw, gc / hc, gm / hm, n / hw, t, n / gw, t, hb / gb }'
  done
  if [ "$total" -gt "$hugo_max" ]; then echo "$total    hugo skipped: above HUGO_MAX_PAGES=$hugo_max"; fi
  if [ -n "$prev_n" ]; then
    growth+=("$(awk -v a="$prev_n" -v b="$total" -v wa="$prev_w" -v wb="${W[hubgen]}" -v ma="$prev_m" -v mb="${M[hubgen]}" 'BEGIN {
      printf "hubgen %d -> %d pages (%.0fx): wall %.1fx, peak %.0f -> %.0f MB (%.2fx)", a, b, b / a, wb / wa, ma / 1024, mb / 1024, mb / ma }')")
  fi
  prev_n=$total prev_w=${W[hubgen]} prev_m=${M[hubgen]}
  rm -rf "$out/out-hubgen" "$out/out-hugo" "$out/out-zola"
done
for g in "${growth[@]}"; do echo "$g"; done
