#!/usr/bin/env bash
# Seeds fuzz/corpus/ from the repository's files: the text targets get every scenario and
# grammar file the project has (shipped, examples, tests, the bad files); `eval` gets inputs
# found by a short run of its own. Then each corpus is minimised with `cargo fuzz cmin`, so
# that only files adding coverage are committed. Run it again when the file formats grow.
#   fuzz/seed.sh [SECONDS_OF_EVAL_RUN]
set -euo pipefail
cd "$(dirname "$0")"
root=..
seconds=${1:-120}
export CARGO_TARGET_DIR="$PWD/target"
flags=(-O -a -s none)

mkdir -p corpus/scenario corpus/grammar corpus/eval
for f in "$root"/examples/*.scenario "$root"/tests/bad/*.scenario "$root"/tests/scenarios/*; do
  cp "$f" "corpus/scenario/$(basename "$f")"
done
for f in "$root"/grammars/*.lgg "$root"/tests/grammars/*.lgg "$root"/tests/bad/*.lgg; do
  cp "$f" "corpus/grammar/$(basename "$(dirname "$f")")-$(basename "$f")"
done

cargo +nightly fuzz build "${flags[@]}"
# The generator's inputs: what a short run from nothing finds.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo +nightly fuzz run "${flags[@]}" eval "$work" corpus/eval -- \
  -max_total_time="$seconds" -max_len=4096 -len_control=0 -seed=1 >/dev/null 2>&1 || true
cp "$work"/* corpus/eval/ 2>/dev/null || true

for target in scenario grammar eval; do
  # Edges only (not hit counts): far fewer files, the same coverage.
  cargo +nightly fuzz cmin "${flags[@]}" "$target" "corpus/$target" -- -use_counters=0 >/dev/null 2>&1
  echo "corpus/$target: $(ls "corpus/$target" | wc -l) files, $(du -sh "corpus/$target" | cut -f1)"
done
