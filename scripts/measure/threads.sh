#!/usr/bin/env bash
# The parallel solve of issue 29's closing note: Pawned 6x6 and 6x7 with 1 and 2 threads and
# the default table (sized to the machine), positions and times, with the load before and after
# (examples/compare_threads.rs prints both). Output: the Markdown table on stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "uptime: $(uptime)"
cargo run --quiet --release --example compare_threads -- --boards 6x6,6x7 --threads 1,2
echo "uptime: $(uptime)"
