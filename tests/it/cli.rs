//! The CLI run on the shipped examples and on bad arguments; stdout, stderr and the exit code
//! are snapshotted in `snapshots/`. The table of single command lines (`tests/cli.cases`) and
//! `patterns` and `fuzzy` on every shipped scenario run as one trial per case
//! (tests/trials/cli.rs).

#[path = "../support/cli.rs"]
mod table;

use std::process::Command;

use table::{run, split};

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}

#[test]
fn check_every_shipped_example() {
    let _guard = settings().bind_to_scope();
    let files: Vec<String> = super::common::example_scenarios()
        .iter()
        .map(|p| format!("examples/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    assert!(files.len() >= 7, "{files:?}");
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let output = run(&args);
    assert!(output.contains("\nexit: 0\n"), "{output}");
    insta::assert_snapshot!("cli-check-examples", output);
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
fn check_refuses_dev_zero() {
    let output = run(&["check", "/dev/zero"]);
    assert!(
        output.contains(
            "error: cannot read /dev/zero: it is not a regular file (a FIFO, a device or a socket): lingeo reads only files\n"
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
            "Error: cannot read `/dev/zero`: it is not a regular file (a FIFO, a device or a socket): lingeo reads only files\n"
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
    let no_rules = file("none.rules", lingeo::play::players::rule_book::HEADER);
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

/// Every grammar run of the cases above and the grammar engine on every case of
/// `tests/zone.cases` give the same output, trace, errors and exit code, byte for byte, when
/// run again in another process (where a `HashMap` iterates in another order, and memory lies
/// at other addresses): nothing the user sees depends on either. The snapshots hold one run of
/// the cli cases; the zone cases' grammar listings are held only to the native ones' sets.
#[test]
fn grammar_runs_are_deterministic() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines: Vec<String> = table::cases()
        .into_iter()
        .map(|case| case.args)
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
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let first = run(&args);
        assert_eq!(first, run(&args), "two runs of `lingeo {line}` differ");
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
    // The listing is incomplete: exit code 2, the count on stderr too.
    assert!(out.contains("\nexit: 2\n"), "{out}");
    assert!(
        out.contains("error: 1 of 10 attacks not listed (too large; each says why)\n"),
        "{out}"
    );
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

/// `search --max-zones` reaches the fuzzy evaluation of the leaves: with at most 1 zone listed
/// an attack, every attack of the 2D/4A leaves with more is valued from its zone network
/// (docs/players.md §3), whose degrees are exact there, so the score stays that of the
/// default 10,000; an attack left out (as before the networks) would change it.
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
    assert_eq!(default, score(&["--max-zones", "1"]));
}

/// `search --time` stops a search that runs past it, and says so in every job's words
/// (`deadline::stopped_at`), with the limit as it was written (the LG search also sets it as
/// the thread's deadline, which reads the same).
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
        // Alpha-beta's anytime solve has a result, not a proof: it gives up and says so with
        // its result; the LG search deepens its depth bound under --time and gives up with
        // its deepest completed pass (the first ones, a few moves deep, take milliseconds)
        // (docs/play-and-search.md §3.2). Either way, exit code 2.
        let code = 2;
        assert!(out.contains(&format!("\nexit: {code}\n")), "{out}");
        if engine == "lg" {
            assert!(
                out.contains("the result is the deepest completed pass's (depth bound ")
                    && out.contains(" of 40)"),
                "{out}"
            );
        }
        assert!(
            out.contains("stopped at the time limit of the request (0.2 s; --time raises it)"),
            "{engine}: {out}"
        );
    }
}

/// `lingeo demo` writes files only where asked: run in an empty folder without `--out` it
/// leaves the folder empty and says how to draw the zones; with `--out DIR` it draws both.
/// (It wrote two SVG files into the current folder by default.)
#[test]
fn the_demo_writes_no_file_unless_asked() {
    let dir = std::env::temp_dir().join(format!("lingeo-demo-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let demo = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_lingeo"))
            .arg("demo")
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let files = |d: &std::path::Path| {
        let mut names: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let text = demo(&[]);
    assert_eq!(files(&dir), Vec::<String>::new());
    assert!(
        text.contains("(`lingeo demo --out DIR` draws this zone as DIR/lingeo-demo-zone.svg.)"),
        "{text}"
    );
    demo(&["--out", "pictures"]);
    assert_eq!(files(&dir), ["pictures"]);
    assert_eq!(
        files(&dir.join("pictures")),
        ["lingeo-demo-figure2-zone.svg", "lingeo-demo-zone.svg"]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
