#!/usr/bin/env bash
# The grammar engine's cost (issue 30): whole-process times of the zone grammar on figure2
# (all attacks, horizon 2) and on the full robot zone, the steps and allocations of the
# trajectory grammars (examples/grammar_steps.rs), with the load before and after. Run it
# before and after a change to the engine, on the same machine; `cargo bench --bench grammar`
# gives the criterion figures. With BIN=DIR, the binaries `lingeo` and `grammar_steps` of DIR
# are measured (a copy kept from before the change); otherwise they are built here. With
# CALLGRIND=1, the instructions the zone commands execute are counted too (valgrind's
# callgrind: slow, but the same on a loaded machine, where wall-clock times move by a third).
# Output: plain lines on stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -n "${BIN:-}" ]; then
    lingeo="$BIN/lingeo"
    steps="$BIN/grammar_steps"
else
    cargo build --quiet --release --bin lingeo --example grammar_steps
    lingeo="${CARGO_TARGET_DIR:-target}/release/lingeo"
    steps="${CARGO_TARGET_DIR:-target}/release/examples/grammar_steps"
fi
# Best of three wall-clock times of a command, in seconds (its output is thrown away).
best() {
    local best=""
    for _ in 1 2 3; do
        local start end t
        start=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s.%N)
        t=$(echo "$end - $start" | bc)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
    done
    echo "$best"
}
echo "uptime: $(uptime)"
echo "figure2 --all-attacks --horizon 2 --engine grammar: $(best "$lingeo" zones examples/figure2.scenario --all-attacks --horizon 2 --engine grammar) s"
echo "robot-zone-full BOMBER->h1 horizon 4 --engine grammar: $(best "$lingeo" zones examples/robot-zone-full.scenario --piece BOMBER --to h1 --horizon 4 --engine grammar) s"
echo "robot-zone-full BOMBER->h1 horizon 4 native: $(best "$lingeo" zones examples/robot-zone-full.scenario --piece BOMBER --to h1 --horizon 4) s"
for case in "shortest-trajectories 15 king S((1,1),(15,1),14)" \
            "shortest-trajectories 8 king S(a5,h5,7)" \
            "admissible-trajectories 8 king S(a5,h5,8)"; do
    set -- $case
    echo "$1 $2x$2 $3 $4: $("$steps" "grammars/$1.lgg" "$2" "$3" "$4")"
done
if [ -n "${CALLGRIND:-}" ]; then
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'; }
    echo "instructions, figure2 --all-attacks --horizon 2 --engine grammar --max-steps 300000: $(count "$lingeo" zones examples/figure2.scenario --all-attacks --horizon 2 --engine grammar --max-steps 300000)"
    echo "instructions, robot-zone-full BOMBER->h1 horizon 4 --engine grammar: $(count "$lingeo" zones examples/robot-zone-full.scenario --piece BOMBER --to h1 --horizon 4 --engine grammar)"
    for case in "shortest-trajectories 15 king S((1,1),(15,1),14)" \
                "admissible-trajectories 8 king S(a5,h5,8)"; do
        set -- $case
        echo "instructions, $1 $2x$2 $3 $4: $(count "$steps" "grammars/$1.lgg" "$2" "$3" "$4")"
    done
fi
echo "uptime: $(uptime)"
