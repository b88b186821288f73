//! The CLI run on the shipped examples and on bad arguments; stdout, stderr and the exit code
//! of each case are snapshotted in `snapshots/`.

use std::process::Command;

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the lingeo binary runs");
    format!(
        "$ lingeo {}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}

/// (snapshot name, arguments, expected exit code)
const CASES: &[(&str, &str, i32)] = &[
    ("cli-demo", "demo --out target/demo", 0),
    (
        "cli-map-fighter",
        "map examples/robot-fighter.scenario --piece FIGHTER",
        0,
    ),
    (
        "cli-map-robot-king-json",
        "map examples/robot-king.scenario --piece K --json",
        0,
    ),
    (
        "cli-map-rook-removed",
        "map --board 8x8 --removed a3,c1 --type rook --from d3",
        0,
    ),
    (
        "cli-map-black-pawn-reverse",
        "map --type pawn --side black --from e4 --reverse",
        0,
    ),
    (
        "cli-map-3d-king",
        "map --board 3x3x2 --piece king --from (1,1,1)",
        0,
    ),
    (
        "cli-map-wide-board",
        "map --board 30x3 --piece knight --from (15,2)",
        0,
    ),
    (
        "cli-map-graph",
        "map examples/abstract-zone.scenario --piece q2",
        0,
    ),
    (
        "cli-map-reti-pawn-attack",
        "map examples/reti.scenario --piece BP --attack",
        0,
    ),
    // A piece that never moves (a type without move vectors): its own point at 0, no more.
    (
        "cli-map-immobile-target",
        "map examples/robot-zone-simplified.scenario --piece TARGET",
        0,
    ),
    (
        "cli-trajectories-immobile-target",
        "trajectories examples/robot-zone-simplified.scenario --piece TARGET --to h2",
        0,
    ),
    (
        "cli-trajectories-fighter",
        "trajectories examples/robot-fighter.scenario --piece FIGHTER --to h1",
        0,
    ),
    (
        "cli-trajectories-robot-king-6-json",
        "trajectories examples/robot-king.scenario --piece K --to c6 --length 6 --json",
        0,
    ),
    (
        "cli-trajectories-king-a5-h5-count",
        "trajectories --board 8x8 --type king --from a5 --to h5 --count",
        0,
    ),
    (
        "cli-trajectories-simple-count",
        "trajectories --board 8x8 --type king --from a1 --to h8 --length 13 --simple --count",
        0,
    ),
    (
        "cli-trajectories-simple-count-past-limit",
        "trajectories --board 16x16 --type king --from a1 --to p16 --length 25 --simple --count --limit 1000",
        2,
    ),
    (
        "cli-trajectories-count-past-128-bits",
        "trajectories --board 64x64 --type king --from (1,1) --to (64,64) --length 100 --count",
        0,
    ),
    (
        "cli-trajectories-count-past-128-bits-json",
        "trajectories --board 64x64 --type king --from (1,1) --to (64,64) --length 100 --count --json",
        0,
    ),
    (
        "cli-trajectories-king-15x15-count-json",
        "trajectories --board 15x15 --type king --from (1,1) --to (15,1) --count --json",
        0,
    ),
    (
        "cli-trajectories-s06",
        "trajectories --piece king --from a1 --to b1 --length 2 --rule s06",
        0,
    ),
    (
        "cli-trajectories-length-out-of-bounds",
        "trajectories --piece king --from a1 --to b1 --length 2",
        0,
    ),
    (
        "cli-trajectories-unreachable",
        "trajectories --piece pawn --from e4 --to e2",
        0,
    ),
    // A trajectory has at least one move: none from a point to itself, said so.
    (
        "cli-trajectories-same-point",
        "trajectories --piece king --from c2 --to c2",
        0,
    ),
    // One trajectory: "1 shortest trajectory".
    (
        "cli-trajectories-one",
        "trajectories --piece king --from c2 --to c3",
        0,
    ),
    (
        "cli-error-limit",
        "trajectories --piece king --from a5 --to h5 --limit 10",
        2,
    ),
    ("cli-error-off-board", "map --piece rook --from z9", 2),
    (
        "cli-error-removed-from",
        "map --removed d3 --piece rook --from d3",
        2,
    ),
    (
        "cli-error-unknown-piece",
        "map examples/reti.scenario --piece WQ",
        2,
    ),
    (
        "cli-error-from-mismatch",
        "map examples/reti.scenario --piece WK --from a1",
        2,
    ),
    // A placed piece and its type share the name FIGHTER: --piece is the piece on f6, --type
    // the type from any point; the errors list pieces (with their points) and types apart.
    (
        "cli-map-type-beside-piece",
        "map examples/robot-fighter.scenario --type FIGHTER --from h1",
        0,
    ),
    (
        "cli-error-piece-from-suggests-type",
        "map examples/robot-fighter.scenario --piece FIGHTER --from h1",
        2,
    ),
    (
        "cli-trajectories-type-black-count",
        "trajectories examples/robot-fighter.scenario --type FIGHTER --side black --from h1 --to f6 --count",
        0,
    ),
    (
        "cli-error-unknown-type",
        "map examples/robot-fighter.scenario --type FIGHTR --from a1",
        2,
    ),
    (
        "cli-error-type-is-a-placed-piece",
        "map examples/reti.scenario --type WK --from a1",
        2,
    ),
    (
        "cli-error-side-of-placed-piece",
        "map examples/reti.scenario --piece WK --side black",
        2,
    ),
    (
        "cli-error-piece-and-type",
        "map --piece rook --type king --from a1",
        2,
    ),
    (
        "cli-error-board-and-scenario",
        "map examples/reti.scenario --board 8x8 --piece king --from a1",
        2,
    ),
    (
        "cli-error-bad-board",
        "map --board 8by8 --piece king --from a1",
        2,
    ),
    (
        "cli-error-zero-board",
        "map --board 0x8 --piece king --from a1",
        2,
    ),
    (
        "cli-error-missing-file",
        "check examples/no-such-file.scenario",
        2,
    ),
    (
        "cli-error-bad-scenario",
        "check tests/bad/resolve-unknown-names.scenario",
        2,
    ),
    ("cli-error-no-from", "map --piece king", 2),
    (
        "cli-run-hanoi-3",
        "run grammars/hanoi.lgg --start 'S(3, a, c)'",
        0,
    ),
    (
        "cli-run-hanoi-4-json",
        "run grammars/hanoi.lgg --start 'S(4, a, c)' --json",
        0,
    ),
    (
        "cli-run-hanoi-2-trace",
        "run grammars/hanoi.lgg --start 'S(2, a, c)' --trace",
        0,
    ),
    (
        "cli-run-fighter",
        "run grammars/shortest-trajectories.lgg examples/robot-fighter.scenario --piece FIGHTER --start 'S(f6, h1, 5)'",
        0,
    ),
    (
        "cli-run-robot-king-6",
        "run grammars/admissible-trajectories.lgg examples/robot-king.scenario --piece K --start 'S(h8, c6, 6)' --json",
        0,
    ),
    (
        "cli-run-king-type-side",
        "run grammars/shortest-trajectories.lgg --type pawn --side black --start 'S(e7, e4, 3)'",
        0,
    ),
    (
        "cli-run-type-beside-piece",
        "run grammars/shortest-trajectories.lgg examples/robot-fighter.scenario --type FIGHTER --start 'S(h1, f6, 5)'",
        0,
    ),
    (
        "cli-run-set-type-with-side",
        "run grammars/shortest-trajectories.lgg examples/robot-fighter.scenario --set p=FIGHTER:black --start 'S(h1, f6, 5)'",
        0,
    ),
    (
        "cli-run-error-start-symbol",
        "run grammars/hanoi.lgg --start 'A(3, a, c)'",
        2,
    ),
    (
        "cli-run-error-start-arity",
        "run grammars/hanoi.lgg --start 'S(3, a)'",
        2,
    ),
    (
        "cli-run-error-start-value",
        "run grammars/hanoi.lgg --start 'S(3, a, d)'",
        2,
    ),
    (
        "cli-run-error-no-piece",
        "run grammars/shortest-trajectories.lgg --start 'S(a1, a3, 2)'",
        2,
    ),
    (
        "cli-run-error-unknown-input",
        "run grammars/hanoi.lgg --set q=3 --start 'S(3, a, c)'",
        2,
    ),
    (
        "cli-run-error-max-steps",
        "run grammars/hanoi.lgg --start 'S(6, a, c)' --max-steps 20",
        2,
    ),
    (
        "cli-run-never-halts-trace",
        "run tests/grammars/never-halts.lgg --start S --trace",
        0,
    ),
    (
        "cli-run-error-max-memory",
        "run tests/grammars/grows-forever.lgg --start 'S(3, a, c)' --max-length 100000000 --max-memory 16",
        2,
    ),
    (
        "cli-run-error-infinite",
        "run tests/grammars/infinite.lgg --start S",
        2,
    ),
    (
        "cli-run-missionaries-1-2-trace",
        "run tests/grammars/missionaries.lgg --start 'S(1, 2)' --trace",
        0,
    ),
    (
        "cli-run-error-max-iterations",
        "run tests/grammars/spins.lgg --board 8x8 --start 'S(1)' --max-iterations 100000",
        2,
    ),
    (
        "cli-run-one-move",
        "run tests/grammars/one-move.lgg examples/robot-2d4a.scenario --piece WF --start 'S(h8, g7)'",
        0,
    ),
    (
        "cli-run-error-illegal-transition",
        "run tests/grammars/one-move.lgg examples/robot-2d4a.scenario --piece WF --start 'S(h8, f6)'",
        2,
    ),
    (
        "cli-run-error-no-states",
        "run tests/grammars/one-move.lgg examples/robot-zone-simplified.scenario --piece BOMBER --start 'S(h5, h4)'",
        2,
    ),
    (
        "cli-map-control-reti",
        "map examples/reti.scenario --control",
        0,
    ),
    (
        "cli-map-control-pawned-json",
        "map examples/pawned.scenario --control --json",
        0,
    ),
    (
        "cli-map-control-error-piece",
        "map examples/reti.scenario --control --piece WK",
        2,
    ),
    (
        "cli-map-control-error-no-pieces",
        "map --board 8x8 --control",
        2,
    ),
    ("cli-map-error-no-piece", "map examples/reti.scenario", 2),
    (
        "cli-evaluate-robot-explain",
        "evaluate examples/robot-2d4a.scenario --explain",
        0,
    ),
    (
        "cli-evaluate-pawned-explain",
        "evaluate examples/pawned.scenario --moves 'c1-c2 c6-c5 c2-c3 c5-c4 b1-b2' --explain",
        0,
    ),
    (
        "cli-evaluate-reti-explain",
        "evaluate examples/reti.scenario --explain",
        0,
    ),
    (
        "cli-evaluate-pawned-learned-explain",
        "evaluate examples/pawned.scenario --eval learned --horizon 4 --explain --moves 'c1-c2 e6-e5 d1-d2 c6-c5 e1-e2 a6-a5 b1-b2 c5-c4 d2-d3 c4:d3 e2-e3 e5-e4 c2-c3'",
        0,
    ),
    (
        "cli-evaluate-pawned-learned-json",
        "evaluate examples/pawned.scenario --eval learned --horizon 4 --json --moves 'c1-c2 c6-c5 c2-c3 c5-c4 b1-b2 b6-b5 b2-b3'",
        0,
    ),
    (
        "cli-evaluate-reti-max-zones",
        "evaluate examples/reti.scenario --explain --max-zones 3",
        0,
    ),
    (
        "cli-evaluate-error-max-zones-zero",
        "evaluate examples/reti.scenario --max-zones 0",
        2,
    ),
    (
        "cli-search-lg-max-zones",
        "search examples/robot-2d4a.scenario --engine lg --max-zones 1",
        2,
    ),
    (
        "cli-search-lg-time-stops-the-zones",
        "search examples/robot-2d4a.scenario --engine lg --time 0.000001",
        2,
    ),
    (
        "cli-search-error-time-too-large",
        "search examples/pawned.scenario --time 1e300",
        2,
    ),
    (
        "cli-search-error-max-zones-without-zones",
        "search examples/pawned.scenario --max-zones 5",
        2,
    ),
    (
        "cli-evaluate-error-bad-rules",
        "evaluate examples/pawned.scenario --eval learned --rules tests/rules/bad.rules",
        2,
    ),
    (
        "cli-evaluate-error-rules-without-learned",
        "evaluate examples/pawned.scenario --rules learned/pawned.rules",
        2,
    ),
    (
        "cli-evaluate-reti-json",
        "evaluate examples/reti.scenario --moves 'h8-g7' --json",
        0,
    ),
    (
        "cli-match-pawned",
        "match examples/pawned.scenario --white eval=fuzzy,depth=2 --black eval=material,depth=2 --games 4",
        0,
    ),
    (
        "cli-match-pawned-json",
        "match examples/pawned.scenario --white depth=2 --black nodes=200,ordering=none --games 4 --json",
        0,
    ),
    (
        "cli-match-learned",
        "match examples/pawned.scenario --white eval=learned,depth=2 --black eval=material,depth=2 --games 4",
        0,
    ),
    (
        "cli-match-error-spec",
        "match examples/pawned.scenario --white eval=fuzzy,speed=3",
        2,
    ),
    (
        "cli-match-error-rules-eval",
        "match examples/pawned.scenario --white depth=2,rules=learned/pawned.rules",
        2,
    ),
    (
        "cli-match-error-network-ordering",
        "match examples/pawned.scenario --black depth=2,network=src/play/players/chessmaps.weights",
        2,
    ),
    (
        "cli-match-error-rules-file",
        "match examples/pawned.scenario --white eval=learned,depth=2,rules=tests/rules/bad.rules",
        2,
    ),
    (
        "cli-match-error-network-file",
        "match examples/pawned.scenario --black ordering=chessmaps,depth=2,network=examples/pawned.scenario",
        2,
    ),
    (
        "cli-run-search-grammar",
        "run grammars/search.lgg examples/robot-2d4a.scenario --set H=4 --set DEPTH=2 --set FULL=false --set TRANSLATE=false --start 'S()'",
        0,
    ),
    (
        "cli-run-error-max-set-size",
        "run tests/grammars/set-explodes.lgg --board 64x64 --start 'S(1)'",
        2,
    ),
    (
        "cli-zones-own-grammar",
        "zones examples/robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4 --grammar grammars/zones-filtered.lgg --all-zones",
        0,
    ),
    (
        "cli-zones-grammar-error-max-steps",
        "zones examples/robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4 --engine grammar --max-steps 100",
        2,
    ),
    (
        "cli-zones-error-not-a-zone-grammar",
        "zones examples/robot-zone-simplified.scenario --piece BOMBER --to h1 --grammar grammars/hanoi.lgg",
        2,
    ),
    (
        "cli-run-error-grows-forever",
        "run tests/grammars/grows-forever.lgg --start 'S(3, a, c)'",
        2,
    ),
    (
        "cli-zones-pawn-capture-all-attacks",
        "zones tests/scenarios/pawn-capture.scenario --all-attacks --horizon 2",
        0,
    ),
    (
        "cli-zones-pawn-capture-default-horizon",
        "zones tests/scenarios/pawn-capture.scenario --piece WP --to e5 --engine grammar",
        0,
    ),
    (
        "cli-zones-far-horizon",
        "zones examples/reti.scenario --piece WP --to c8 --horizon 10000000",
        0,
    ),
    (
        "cli-zones-error-horizon-too-large",
        "zones examples/reti.scenario --all-attacks --horizon 4294967295",
        2,
    ),
    (
        "cli-run-error-bad-grammar",
        "run tests/bad/check-type-errors.lgg --start 'S(a1, a2, 1)'",
        2,
    ),
    ("cli-analysis-figure12", "analysis figure12", 0),
    (
        "cli-analysis-figure12-json-5x5",
        "analysis figure12 --board 5x5 --json",
        0,
    ),
    (
        "cli-analysis-error-board",
        "analysis figure12 --board 100x100",
        2,
    ),
    (
        "cli-zones-simplified-bundle",
        "zones examples/robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4",
        0,
    ),
    (
        "cli-zones-simplified-all-grammar",
        "zones examples/robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4 --engine grammar --all-zones",
        0,
    ),
    (
        "cli-zones-simplified-json",
        "zones examples/robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4 --all-zones --json",
        0,
    ),
    (
        "cli-zones-abstract-literal",
        "zones examples/abstract-zone.scenario --piece p0 --to 5 --horizon 4 --all-zones --filters none",
        0,
    ),
    (
        "cli-zones-reti-all-attacks",
        "zones examples/reti.scenario --all-attacks --horizon 4",
        0,
    ),
    (
        "cli-zones-chess-all-attacks-json",
        "zones examples/chess-zone.scenario --all-attacks --horizon 2 --json",
        0,
    ),
    // The filters F1 and F2 by default: the sources' 172 zones of the full robot example
    // (259 with --filters none), and the filters used in the listing and the JSON.
    (
        "cli-zones-full-default-filters",
        "zones examples/robot-zone-full.scenario --piece BOMBER --to h1 --horizon 4",
        0,
    ),
    (
        "cli-zones-simplified-no-filters-json",
        "zones examples/robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4 --filters none --json",
        0,
    ),
    (
        "cli-zones-own-grammar-json",
        "zones examples/robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4 --grammar grammars/zones-filtered.lgg --json",
        0,
    ),
    (
        "cli-zones-error-not-target",
        "zones examples/reti.scenario --piece WK --to a1",
        2,
    ),
    (
        "cli-zones-error-unknown-piece",
        "zones examples/reti.scenario --piece WQ --to a6",
        2,
    ),
    (
        "cli-zones-error-type-not-piece",
        "zones examples/reti.scenario --piece king --to a6",
        2,
    ),
    (
        "cli-zones-error-grammar-f1",
        "zones examples/reti.scenario --piece WP --to c8 --filters f1 --engine grammar",
        2,
    ),
    (
        "cli-zones-error-max-zones",
        "zones examples/robot-zone-full.scenario --piece BOMBER --to h1 --horizon 4 --max-zones 10 --all-zones",
        2,
    ),
    // --max-memory bounds the native listing and the count too, so that a raised
    // --max-zones cannot exhaust the machine.
    (
        "cli-zones-error-max-memory-listing",
        "zones examples/figure2.scenario --piece BQ --to c3 --horizon 2 --filters all --all-zones --max-zones 100000 --max-memory 8",
        2,
    ),
    (
        "cli-zones-error-max-memory-count",
        "zones examples/board16.scenario --piece BF1 --to l1 --horizon 3 --filters all --max-zones 100000000 --max-memory 32",
        2,
    ),
    // --all-attacks: an attack past --max-zones is reported, the others are listed (exit 0).
    (
        "cli-zones-all-attacks-too-large",
        "zones examples/reti.scenario --all-attacks --horizon 4 --max-zones 10 --all-zones",
        0,
    ),
    // An attack whose derivation passes --max-steps is reported, as one past --max-zones is.
    (
        "cli-zones-all-attacks-max-steps-grammar",
        "zones examples/reti.scenario --all-attacks --horizon 2 --engine grammar --max-steps 2000",
        0,
    ),
    // The bundle view counts the zones without listing them: --max-zones caps listings only.
    (
        "cli-zones-all-attacks-counted",
        "zones examples/reti.scenario --all-attacks --horizon 4 --max-zones 10",
        0,
    ),
    // The same by the grammar: the same listing (--max-zones caps the zones, not the languages
    // of trajectories the grammar imports).
    (
        "cli-zones-all-attacks-too-large-grammar-json",
        "zones examples/reti.scenario --all-attacks --horizon 4 --max-zones 10 --engine grammar --json",
        0,
    ),
    // Translations (docs/semantics.md §7.2): the sources' full robot zone (zone 9 of the
    // language) across M1 and M2, and across M3 and M4 in JSON.
    (
        "cli-translate-robot-m1-m2",
        "translate examples/robot-zone-full.scenario --piece BOMBER --to h1 --zone 9 --moves 'MISSILE d7-b5, BOMBER h5-h4'",
        0,
    ),
    (
        "cli-translate-robot-m3-m4-json",
        "translate examples/robot-zone-full.scenario --piece BOMBER --to h1 --zone 9 --moves 'FIGHTER f6-e5, BOMBER h5-h4' --json",
        0,
    ),
    // The FIGHTER captures the BOMBER: the zone ends, and later moves are still checked.
    (
        "cli-translate-main-captured",
        "translate examples/robot-zone-full.scenario --piece BOMBER --to h1 --zone 9 --moves 'FIGHTER f6-g6, FIGHTER g6-h5, MISSILE d7-c6'",
        0,
    ),
    (
        "cli-translate-error-unknown-piece",
        "translate examples/robot-zone-full.scenario --piece BOMBER --to h1 --moves 'MISILE d7-b5'",
        2,
    ),
    (
        "cli-translate-error-wrong-from",
        "translate examples/robot-zone-full.scenario --piece BOMBER --to h1 --moves 'MISSILE d7-b5, MISSILE d7-c6'",
        2,
    ),
    (
        "cli-translate-error-off-board",
        "translate examples/robot-zone-full.scenario --piece BOMBER --to h1 --moves 'MISSILE d7-d9'",
        2,
    ),
    (
        "cli-translate-error-not-a-move",
        "translate examples/robot-zone-full.scenario --piece BOMBER --to h1 --moves 'BOMBER h5-h6'",
        2,
    ),
    (
        "cli-translate-error-captured-piece",
        "translate examples/robot-zone-full.scenario --piece BOMBER --to h1 --moves 'FIGHTER f6-g6, FIGHTER g6-h5, BOMBER h5-h4'",
        2,
    ),
    (
        "cli-translate-error-zone-number",
        "translate examples/robot-zone-full.scenario --piece BOMBER --to h1 --zone 173 --moves 'BOMBER h5-h4'",
        2,
    ),
    // The paper's Figure 2: 7 patterns and 1 fuzzy pattern for (white rook, black king).
    (
        "cli-patterns-figure2",
        "patterns examples/figure2.scenario --pair WR,BK",
        0,
    ),
    (
        "cli-patterns-figure2-json",
        "patterns examples/figure2.scenario --pair WR,BK --json",
        0,
    ),
    (
        "cli-fuzzy-figure2",
        "fuzzy examples/figure2.scenario --pair WR,BK",
        0,
    ),
    (
        "cli-fuzzy-figure2-json",
        "fuzzy examples/figure2.scenario --pair WR,BK --json",
        0,
    ),
    // Terms of the scenario's own: the same pattern is "near", not "very short".
    (
        "cli-fuzzy-own-terms",
        "fuzzy tests/scenarios/figure2-own-terms.scenario --pair WR,BK",
        0,
    ),
    (
        "cli-patterns-limit",
        "patterns examples/figure2.scenario --pair WR,BK --limit 3",
        0,
    ),
    (
        "cli-patterns-count-json",
        "patterns examples/board16.scenario --side white --count --json",
        0,
    ),
    // 170637 main paths: more than --limit, so patterns are not counted, but the first are listed.
    (
        "cli-patterns-many-main-paths",
        "patterns examples/board16.scenario --pair BK,TARGET --limit 2",
        0,
    ),
    (
        "cli-patterns-error-did-you-mean",
        "patterns examples/board16.scenario --pair BK,WTARGET",
        2,
    ),
    (
        "cli-patterns-horizon-2",
        "patterns examples/chess-zone.scenario --pair WB,BP --horizon 2",
        0,
    ),
    (
        "cli-fuzzy-horizon-2",
        "fuzzy examples/chess-zone.scenario --pair WB,BP --horizon 2",
        0,
    ),
    (
        "cli-patterns-not-attackable",
        "patterns examples/reti.scenario --pair WP,BP",
        0,
    ),
    (
        "cli-patterns-error-unknown-piece",
        "patterns examples/figure2.scenario --pair WQ,BK",
        2,
    ),
    (
        "cli-fuzzy-error-same-side",
        "fuzzy examples/figure2.scenario --pair WR,WB",
        2,
    ),
    (
        "cli-fuzzy-error-malformed-pair",
        "fuzzy examples/figure2.scenario --pair WR",
        2,
    ),
    (
        "cli-fuzzy-error-pair-and-side",
        "fuzzy examples/figure2.scenario --pair WR,BK --side white",
        2,
    ),
    (
        "cli-check-grammars",
        "check grammars/admissible-trajectories-s06.lgg grammars/admissible-trajectories.lgg grammars/hanoi.lgg grammars/shortest-trajectories.lgg",
        0,
    ),
];

/// Splits a case's arguments at spaces, keeping `'quoted parts'` together.
fn split(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for ch in args.chars() {
        match ch {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            _ => current.push(ch),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[test]
fn cli_cases() {
    let _guard = settings().bind_to_scope();
    for (name, args, code) in CASES {
        let args = split(args);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = without_search_time(&run(&args));
        assert!(
            output.contains(&format!("\nexit: {code}\n")),
            "{name}: expected exit code {code}\n{output}"
        );
        insta::assert_snapshot!(*name, output);
    }
}

/// The output with a search's `time: 0.076 s` line redacted: it differs from run to run.
fn without_search_time(output: &str) -> String {
    output
        .split_inclusive('\n')
        .map(|line| {
            if line.starts_with("time: ") && line.trim_end().ends_with(" s") {
                "time: [redacted]\n"
            } else {
                line
            }
        })
        .collect()
}

#[test]
fn check_every_shipped_example() {
    let _guard = settings().bind_to_scope();
    let mut files: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "scenario"))
        .map(|p| format!("examples/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    files.sort();
    assert!(files.len() >= 7, "{files:?}");
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let output = run(&args);
    assert!(output.contains("\nexit: 0\n"), "{output}");
    insta::assert_snapshot!("cli-check-examples", output);
}

/// `patterns` (at most 10 per pair) and `fuzzy` on every shipped scenario.
#[test]
fn patterns_and_fuzzy_on_every_shipped_example() {
    let _guard = settings().bind_to_scope();
    let mut files: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "scenario"))
        .collect();
    files.sort();
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let file = format!("examples/{stem}.scenario");
        let output = run(&["patterns", &file, "--limit", "10"]);
        assert!(output.contains("\nexit: 0\n"), "{output}");
        insta::assert_snapshot!(format!("cli-patterns-example-{stem}"), output);
        let output = run(&["fuzzy", &file]);
        assert!(output.contains("\nexit: 0\n"), "{output}");
        insta::assert_snapshot!(format!("cli-fuzzy-example-{stem}"), output);
    }
}

#[test]
fn output_is_deterministic() {
    let args = [
        "trajectories",
        "examples/robot-king.scenario",
        "--piece",
        "K",
        "--to",
        "c6",
        "--length",
        "7",
    ];
    assert_eq!(run(&args), run(&args));
}

/// The two zone engines print the same listing under the same caps, attacks past
/// `--max-zones` included (the grammar's imported languages are not capped by it).
#[test]
fn zone_engines_print_the_same_capped_listing() {
    let args =
        "zones examples/reti.scenario --all-attacks --horizon 4 --max-zones 10 --all-zones --json";
    let native = run(&args.split(' ').collect::<Vec<_>>());
    let grammar_args = format!("{args} --engine grammar");
    let grammar = run(&grammar_args.split(' ').collect::<Vec<_>>());
    assert!(native.contains("more than 10 zones"), "{native}");
    let body = |s: &str| s.split_once('\n').expect("a command line").1.to_string();
    assert_eq!(body(&native), body(&grammar));
}

/// Every `--svg` option writes a well-formed picture with the elements it promises.
#[test]
fn svg_options_write_pictures() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-svg");
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let cases: [(&str, Vec<&str>, &str, usize); 6] = [
        (
            "map.svg",
            vec![
                "map",
                "examples/robot-fighter.scenario",
                "--piece",
                "FIGHTER",
            ],
            "cell",
            59,
        ),
        (
            "bundle.svg",
            vec![
                "trajectories",
                "examples/robot-fighter.scenario",
                "--piece",
                "FIGHTER",
                "--to",
                "h1",
            ],
            "trajectory",
            7,
        ),
        (
            "zone.svg",
            vec![
                "zones",
                "examples/robot-zone-simplified.scenario",
                "--piece",
                "BOMBER",
                "--to",
                "h1",
                "--horizon",
                "4",
            ],
            // The bundle view: the main trajectory and one group per attach pair.
            "group",
            3,
        ),
        ("figure12.svg", vec!["analysis", "figure12"], "bar", 18),
        // The zone after M3 and M4: three trajectories left.
        (
            "translate.svg",
            vec![
                "translate",
                "examples/robot-zone-full.scenario",
                "--piece",
                "BOMBER",
                "--to",
                "h1",
                "--zone",
                "9",
                "--moves",
                "FIGHTER f6-e5, BOMBER h5-h4",
            ],
            "trajectory",
            3,
        ),
        // No attack within the horizon: the board and its four pieces, and the listing.
        (
            "no-zone.svg",
            vec![
                "zones",
                "examples/reti.scenario",
                "--all-attacks",
                "--horizon",
                "1",
            ],
            "piece",
            4,
        ),
    ];
    for (name, args, class, want) in cases {
        let path = file(name);
        let _ = std::fs::remove_file(&path);
        let mut args = args.clone();
        args.extend(["--svg", path.as_str()]);
        let output = run(&args);
        assert!(output.contains("\nexit: 0\n"), "{name}: {output}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let doc = roxmltree::Document::parse(&text)
            .unwrap_or_else(|e| panic!("{name} is not well-formed: {e}"));
        let found = doc
            .descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split_whitespace().any(|t| t == class))
            })
            .count();
        assert_eq!(found, want, "{name}: elements of class {class}");
        if name == "no-zone.svg" {
            assert!(output.contains("no attack within the horizon"), "{output}");
            assert!(text.contains("<title>No attack zone within the horizon</title>"));
        }
    }
}

/// A file that is not lingeo's at all gets the first 50 of its errors and a count of the rest,
/// not a screen for every line.
#[test]
fn check_caps_the_errors_shown() {
    let dir = std::env::temp_dir().join(format!("lingeo-cli-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("lock.scenario");
    let lines: String = (0..120)
        .map(|i| format!("checksum = \"{i:040x}\"\n"))
        .collect();
    std::fs::write(&path, lines).unwrap();
    let path = path.to_string_lossy().into_owned();
    let output = run(&["check", &path]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(output.contains("\nexit: 2\n"), "{output}");
    assert_eq!(output.matches("\nError: ").count(), 50, "{output}");
    let rest = output.lines().last().unwrap();
    assert!(
        rest.ends_with(" more errors not shown (the first 50 are above)"),
        "{rest}"
    );
    let more: usize = rest
        .rsplit_once(": ")
        .unwrap()
        .1
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(more >= 70, "{rest}");
}

/// Input files are read through one guard: at most 16 MiB (a file that never ends stops there
/// too), no folders.
#[test]
fn check_refuses_huge_files_folders_and_endless_files() {
    let dir = std::env::temp_dir().join(format!("lingeo-cli-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let limit = lingeo::syntax::MAX_FILE_BYTES as usize;
    let big = dir.join("big.scenario");
    std::fs::write(&big, format!("board 8x8\n{}\n", "#".repeat(limit))).unwrap();
    let fits = dir.join("fits.lgg");
    let hanoi = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/hanoi.lgg"),
    )
    .unwrap();
    // Exactly the limit is still read.
    let padding = limit - hanoi.len() - 1;
    std::fs::write(&fits, format!("{hanoi}{}\n", "#".repeat(padding))).unwrap();
    assert_eq!(std::fs::metadata(&fits).unwrap().len() as usize, limit);
    let (big, fits) = (big.to_string_lossy(), fits.to_string_lossy());
    let output = run(&["check", &big, &fits]);
    assert!(output.contains("\nexit: 2\n"), "{output}");
    assert!(output.contains(&format!("{fits}: ok")), "{output}");
    assert!(
        output.contains(&format!(
            "error: cannot read {big}: the file is larger than 16 MiB, the most lingeo reads\n"
        )),
        "{output}"
    );
    let folder = dir.to_string_lossy();
    let output = run(&["check", &folder]);
    assert!(
        output.contains(&format!(
            "error: cannot read {folder}: it is a folder, not a file\n"
        )),
        "{output}"
    );
    let output = run(&["run", &folder, "--start", "S"]);
    assert!(
        output.contains(&format!(
            "error: cannot read {folder}: it is a folder, not a file\n"
        )),
        "{output}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn check_stops_reading_dev_zero() {
    let output = run(&["check", "/dev/zero"]);
    assert!(
        output.contains(
            "error: cannot read /dev/zero: the file is larger than 16 MiB, the most lingeo reads\n"
        ),
        "{output}"
    );
    let dir = std::env::temp_dir().join(format!("lingeo-cli-zero-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grammar = dir.join("zero.lgg");
    std::fs::write(
        &grammar,
        "import G = \"/dev/zero\"\nstart S()\nterminal a()\nnonterminal S()\n\
         productions\n  1 | true | S -> a | | {} | {}\n",
    )
    .unwrap();
    let output = run(&["check", &grammar.to_string_lossy()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(output.contains("\nexit: 2\n"), "{output}");
    assert!(
        output.contains(
            "Error: cannot read `/dev/zero`: the file is larger than 16 MiB, the most lingeo reads\n"
        ),
        "{output}"
    );
}

/// Engine specs read `rules=FILE` and `network=FILE`, and their engines play with them: a copy
/// of the shipped rules or weights plays as the shipped ones do, a book without rules as the
/// fuzzy evaluation, and a network with its output weights negated differently.
#[test]
fn match_specs_play_with_their_rules_and_network_files() {
    use lingeo::play::players::chessmaps::Network;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("lingeo-match-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let copy_rules = file(
        "copy.rules",
        &std::fs::read_to_string(root.join("learned/pawned.rules")).unwrap(),
    );
    let no_rules = file("none.rules", lingeo::play::players::rules::HEADER);
    let copy_weights = file(
        "copy.weights",
        &std::fs::read_to_string(root.join("src/play/players/chessmaps.weights")).unwrap(),
    );
    let mut flipped = (*Network::shipped()).clone();
    for w in flipped.w2.iter_mut().chain(&mut flipped.b2) {
        *w = -*w;
    }
    let flipped = file("flipped.weights", &flipped.write("output weights negated"));
    // The first engine as printed, and the score.
    let play = |white: &str| {
        let out = run(&[
            "match",
            "examples/pawned.scenario",
            "--white",
            white,
            "--black",
            "depth=2",
            "--games",
            "4",
        ]);
        assert!(out.contains("\nexit: 0\n"), "{out}");
        let line = |start: &str| {
            let l = out.lines().find(|l| l.starts_with(start));
            l.unwrap_or_else(|| panic!("{out}")).to_string()
        };
        (line("first: "), line("first engine: "))
    };
    let (_, learned) = play("eval=learned,depth=2");
    let (first, copied) = play(&format!("eval=learned,depth=2,rules={copy_rules}"));
    assert_eq!(
        first,
        format!("first:  eval=learned,depth=2,ordering=killer,horizon=4,rules={copy_rules}")
    );
    assert_eq!(copied, learned);
    assert_eq!(
        learned,
        "first engine: 2 wins, 2 draws, 0 losses, score 0.750"
    );
    let (_, own) = play(&format!("eval=learned,depth=2,rules={no_rules}"));
    let (_, fuzzy) = play("eval=fuzzy,depth=2");
    assert_eq!(own, fuzzy);
    assert_eq!(own, "first engine: 2 wins, 1 draw, 1 loss, score 0.625");

    let (_, shipped) = play("ordering=chessmaps,depth=2");
    let (first, copied) = play(&format!(
        "ordering=chessmaps,depth=2,network={copy_weights}"
    ));
    assert_eq!(
        first,
        format!("first:  eval=material,depth=2,ordering=chessmaps,network={copy_weights}")
    );
    assert_eq!(copied, shipped);
    assert_eq!(
        shipped,
        "first engine: 3 wins, 1 draw, 0 losses, score 0.875"
    );
    let (_, reversed) = play(&format!("ordering=chessmaps,depth=2,network={flipped}"));
    assert_eq!(
        reversed,
        "first engine: 1 win, 0 draws, 3 losses, score 0.250"
    );

    // A file's mistakes with their line, under the spec that named it.
    let bad = file("bad.weights", "chessmaps 33 16 11\n1 2 x\n");
    let out = run(&[
        "match",
        "examples/pawned.scenario",
        "--white",
        &format!("ordering=chessmaps,network={bad}"),
    ]);
    assert!(
        out.contains(&format!(
            "\nexit: 2\n--- stdout\n--- stderr\nerror: --white: {bad}: line 2: `x` in row 1 of w1 is not a finite number\n"
        )),
        "{out}"
    );
    let bad = file("bad.rules", "rule 1\n  piece pawn\n  bogus\n");
    let out = run(&[
        "match",
        "examples/pawned.scenario",
        "--black",
        &format!("eval=learned,rules={bad}"),
    ]);
    assert!(
        out.contains(
            "--- stderr\nerror: --black: in a file the spec names\nError: unknown field `bogus`"
        ),
        "{out}"
    );
    assert!(out.contains(&format!("{bad}:3:3")), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The README's `cp grammars/zones-filtered.lgg my-zones.lgg` and `zones ... --grammar
/// my-zones.lgg`, in a folder of its own: the copy's import of `admissible-trajectories.lgg`
/// is not next to it, so the built-in one is taken, and the zones are those of the native
/// generator with both filters and of the shipped grammar.
#[test]
fn readme_copy_of_the_zone_grammar_runs_from_any_folder() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("lingeo-cli-copy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        root.join("grammars/zones-filtered.lgg"),
        dir.join("my-zones.lgg"),
    )
    .unwrap();
    let scenario = root.join("examples/robot-zone-full.scenario");
    let scenario = scenario.to_string_lossy();
    let zones = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
            .args([
                "zones",
                &scenario,
                "--piece",
                "BOMBER",
                "--to",
                "h1",
                "--horizon",
                "4",
            ])
            .args(extra)
            .current_dir(&dir)
            .output()
            .expect("the lingeo binary runs");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{extra:?}: {stderr}");
        // The first line names the engine; the zones follow.
        let (head, zones) = stdout.split_once('\n').unwrap();
        (head.to_string(), zones.to_string())
    };
    let (head, own) = zones(&["--grammar", "my-zones.lgg"]);
    assert!(
        head.ends_with("(grammar my-zones.lgg): 172 zones"),
        "{head}"
    );
    let (_, native) = zones(&["--filters", "all", "--engine", "native"]);
    assert_eq!(own, native);
    let (_, shipped) = zones(&["--filters", "all", "--engine", "grammar"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(own, shipped);
}

/// The empty sentence prints as `e` (and `e` is in `run --help`); a symbol without parameters
/// prints as `b()`, so the two cannot be confused.
#[test]
fn run_prints_the_empty_sentence_as_e() {
    let dir = std::env::temp_dir().join(format!("lingeo-cli-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grammar = dir.join("erase.lgg");
    std::fs::write(
        &grammar,
        "grammar erase\nstart S(k: int)\nterminal b()\nnonterminal S(k: int)\nproductions\n\
         1 | k == 0 | S(k) -> e | | {} | {2}\n2 | true | S(k) -> b | | {} | {}\n",
    )
    .unwrap();
    let grammar = grammar.to_string_lossy();
    let empty = run(&["run", &grammar, "--start", "S(0)"]);
    let one = run(&["run", &grammar, "--start", "S(1)"]);
    let json = run(&["run", &grammar, "--start", "S(0)", "--json"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        empty.contains("--- stdout\nerase from S(0): 1 sentence\ne\n"),
        "{empty}"
    );
    assert!(
        one.contains("--- stdout\nerase from S(1): 1 sentence\nb()\n"),
        "{one}"
    );
    assert!(json.contains("\"language\": [\"e\"]"), "{json}");
    let help = run(&["run", "--help"]);
    assert!(
        help.contains("The empty sentence, derived when everything is erased, prints as `e`."),
        "{help}"
    );
}

/// The compiled evaluator (the default) and the tree walk (`--evaluator tree`) agree on every
/// grammar run of the cases above and on the grammar engine of every case of
/// `tests/zone.cases`: the same output, trace, errors and exit code, byte for byte.
#[test]
fn compiled_and_tree_walking_evaluators_agree() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines: Vec<String> = CASES
        .iter()
        .map(|(_, args, _)| args.to_string())
        .filter(|a| {
            a.starts_with("run ") || a.contains("--engine grammar") || a.contains("lg-grammar")
        })
        .collect();
    let zone_cases = std::fs::read_to_string(root.join("tests/zone.cases")).unwrap();
    for line in zone_cases
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
    {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        if let [_, scenario, piece, target, horizon, filters] = cols[..] {
            lines.push(format!(
                "zones {scenario} --piece {piece} --to {target} --horizon {horizon} \
                 --filters {filters} --engine grammar --all-zones --json"
            ));
        }
    }
    // Each step of a derivation, as `--trace` shows it, and a grammar reading states of play.
    lines.push(
        "run grammars/admissible-trajectories.lgg examples/robot-king.scenario --piece K \
         --start 'S(h8, c6, 7)' --trace"
            .into(),
    );
    lines.push("run grammars/hanoi.lgg --start 'S(3, a, c)' --trace".into());
    lines.push(
        "run tests/grammars/zones-occupied.lgg examples/robot-zone-simplified.scenario \
         --piece BOMBER --start 'S(h5, h1, 4)'"
            .into(),
    );
    assert!(lines.len() >= 40, "{} grammar runs", lines.len());
    for line in &lines {
        let args = split(line);
        let compiled: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut tree = compiled.clone();
        tree.extend(["--evaluator", "tree"]);
        let body = |out: String| out.split_once('\n').map(|(_, rest)| rest.to_string());
        let (a, b) = (body(run(&compiled)), body(run(&tree)));
        assert_eq!(a, b, "the evaluators disagree on `lingeo {line}`");
    }
}

/// With --all-attacks an attack past --max-memory is reported with the option to raise, and
/// the others are listed, as past --max-zones.
#[test]
fn all_attacks_past_max_memory_name_the_option() {
    let out = run(&[
        "zones",
        "examples/figure2.scenario",
        "--all-attacks",
        "--horizon",
        "2",
        "--filters",
        "all",
        "--all-zones",
        "--max-zones",
        "100000",
        "--max-memory",
        "8",
    ]);
    assert!(out.contains("\nexit: 0\n"), "{out}");
    assert!(
        out.contains(
            "from b6 to c3 within 2 moves (filters: f1+f2; native generator): more than 8 MiB of memory, not listed (raise --max-memory or shorten the horizon)"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "1 of 10 attacks not listed: too large for --max-zones 100000 or --max-memory 8; raise them or shorten the horizon"
        ),
        "{out}"
    );
    // The other attacks are listed in full: WR a1 to g4 has 1463 zones.
    assert!(
        out.contains("from a1 to g4 within 2 moves (filters: f1+f2; native generator): 1463 zones"),
        "{out}"
    );
}

/// `search --max-zones` reaches the fuzzy evaluation of the leaves: with at most 2 zones an
/// attack, the 2D/4A start scores otherwise than with the default 10,000.
#[test]
fn search_max_zones_reaches_the_fuzzy_evaluation() {
    let score = |extra: &[&str]| {
        let mut args = vec![
            "search",
            "examples/robot-2d4a.scenario",
            "--depth",
            "1",
            "--eval",
            "fuzzy",
        ];
        args.extend(extra);
        let out = run(&args);
        assert!(out.contains("\nexit: 0\n"), "{out}");
        out.lines()
            .find(|l| l.starts_with("score: "))
            .unwrap_or_else(|| panic!("{out}"))
            .to_string()
    };
    let default = score(&[]);
    assert_eq!(default, score(&["--max-zones", "10000"]));
    assert_ne!(default, score(&["--max-zones", "2"]));
}

/// `search --time` stops a search that runs past it, and says so in its own words (the LG
/// search also sets it as the thread's deadline, which must read the same).
#[test]
fn search_time_stops_with_its_own_words() {
    for engine in ["alphabeta", "lg"] {
        let mut args = vec!["search", "examples/reti.scenario", "--time", "0.2"];
        if engine == "alphabeta" {
            args.extend(["--ordering", "none"]);
        } else {
            args.extend(["--engine", "lg", "--full-tree", "--depth", "40"]);
        }
        let out = run(&args);
        // Alpha-beta's anytime solve has a result; the LG search, one search only, has none
        // and gives up (docs/play-and-search.md §3.2).
        let code = if engine == "alphabeta" { 0 } else { 2 };
        assert!(out.contains(&format!("\nexit: {code}\n")), "{out}");
        assert!(
            out.contains("stopped at the time limit (--time 0.2)"),
            "{engine}: {out}"
        );
        assert!(!out.contains("of the request"), "{engine}: {out}");
    }
}
