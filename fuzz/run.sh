#!/usr/bin/env bash
# Builds the fuzz targets and runs each for SECONDS (default 60) from the committed corpus,
# then prints per target the executions, exec/s and coverage (libFuzzer's cov/ft). Exits
# non-zero if any target crashed (a panic, a stack overflow, an input slower than 10 s, or
# more than 2 GB of memory, 1 GB for serve_request); the crash's input is under fuzz/artifacts/TARGET/ and its path
# is in the output. New inputs found go to fuzz/target/corpus/TARGET, not to the committed
# corpus.
#   fuzz/run.sh [SECONDS_PER_TARGET] [--seed N] [--targets "scenario grammar eval cases serve_request"]
#   fuzz/run.sh --replay    # each committed corpus input once, nothing new tried (.ci/run)
#   fuzz/run.sh --long      # the long run: 600 s a target (50 min of one core), as documented
#                           # in docs/testing-grammars.md; CI only replays (--replay)
# Needs rustup's nightly toolchain; installs cargo-fuzz when missing.
set -euo pipefail
cd "$(dirname "$0")"

seconds=60
seed=
replay=
targets="scenario grammar eval cases serve_request"
while (($#)); do
  case $1 in
    --replay) replay=1; shift ;;
    --seed) seed=$2; shift 2 ;;
    --targets) targets=$2; shift 2 ;;
    --long) seconds=600; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) seconds=$1; shift ;;
  esac
done

if ! cargo +nightly --version >/dev/null 2>&1; then
  rustup toolchain install nightly --profile minimal
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

# Its own target dir: the main crate's builds (stable, no instrumentation) are not disturbed.
export CARGO_TARGET_DIR="$PWD/target"
# Optimised, with debug assertions and overflow checks (an overflow the library does not
# check is a crash), without a sanitizer: lingeo's only `unsafe` is its counting allocator,
# which hands every call to the system's, the crashes looked for are panics, stack overflows,
# slow inputs and runaway memory, and AddressSanitizer would cut the executions and lengthen
# the build. The same flags for build and run, or `cargo fuzz run` rebuilds.
flags=(-O -a -s none)
start=$SECONDS
cargo +nightly fuzz build "${flags[@]}"
echo "build: $((SECONDS - start)) s"

mkdir -p target/logs
failed=()
summary=()
for target in $targets; do
  work=target/corpus/$target
  mkdir -p "$work" "corpus/$target"
  log=target/logs/$target.log
  # serve_request's generated requests run under a server budget of 128 MiB: 1 GB of RSS is
  # far past what they may take.
  rss=2048
  [[ $target == serve_request ]] && rss=1024
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb="$rss" -print_final_stats=1)
  # --replay: each input of the committed corpus once, nothing new tried (what .ci/run runs).
  [[ -n $replay ]] && options=(-runs=0 -timeout=10 -rss_limit_mb="$rss" -print_final_stats=1)
  # The generator reads up to 4 KB; from the start, not grown from a few bytes.
  [[ $target == eval ]] && options+=(-max_len=4096 -len_control=0)
  [[ -n $seed ]] && options+=(-seed="$seed")
  echo "== $target: ${seconds} s"
  status=0
  # The first corpus folder receives the new inputs; the committed one is only read.
  dirs=("$work" "corpus/$target")
  [[ -n $replay ]] && dirs=("corpus/$target")
  cargo +nightly fuzz run "${flags[@]}" "$target" "${dirs[@]}" -- "${options[@]}" \
    >"$log" 2>&1 || status=$?
  final=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  runs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  cov=$(grep -oE 'cov: [0-9]+' <<<"$final" | grep -oE '[0-9]+' || echo '?')
  ft=$(grep -oE 'ft: [0-9]+' <<<"$final" | grep -oE '[0-9]+' || echo '?')
  rate=$(grep -oE 'exec/s: [0-9]+' <<<"$final" | grep -oE '[0-9]+' || echo '?')
  echo "$final"
  if ((status != 0)); then
    failed+=("$target")
    echo "!! $target crashed (exit $status); the end of $PWD/$log:"
    tail -n 40 "$log"
    grep -E 'Test unit written to|artifact_prefix' "$log" || true
  fi
  summary+=("$(printf '%-9s %12s runs %8s exec/s  cov %6s  ft %7s  %s' "$target" "$runs" "$rate" "$cov" "$ft" \
    "$( ((status == 0)) && echo ok || echo CRASH)")")
done

echo "== summary (${replay:+replay of the committed corpus, }${seconds} s a target${seed:+, seed $seed}, total $((SECONDS - start)) s)"
printf '%s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "crashed: ${failed[*]} (inputs in $PWD/artifacts/)"
  exit 1
fi
