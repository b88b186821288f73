//! `lingeo test`: case files in a temporary folder (copies of shipped files beside them),
//! run from the repository root, so that paths relative to the case file are exercised too.
//! Outputs are snapshotted with the temporary folder written `TMP`.

use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A fresh folder for one test, with copies of a few shipped files.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("case-files")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for file in [
        "grammars/hanoi.lgg",
        "grammars/zones-filtered.lgg",
        "examples/robot-zone-simplified.scenario",
    ] {
        let to = dir.join(Path::new(file).file_name().unwrap());
        std::fs::copy(Path::new(ROOT).join(file), to).unwrap();
    }
    dir
}

/// Runs `lingeo ARGS` from the repository root: exit code, and a text of the exit code,
/// stdout and stderr with `dir` written `TMP`.
fn lingeo(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("the lingeo binary runs");
    let code = out.status.code().unwrap_or(-1);
    let text = format!(
        "exit: {code}\n--- stdout\n{}--- stderr\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (code, text.replace(&dir.display().to_string(), "TMP"))
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}

fn write(dir: &Path, file: &str, text: &str) -> String {
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

const CASES: &str = "\
# Two cases over the files beside this one.
hanoi | run hanoi.lgg --start 'S(2, a, c)'
zones | zones robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4 --all-zones
";

/// Missing snapshots fail; `--bless` writes them (what `lingeo run` prints, paths as the
/// case file writes them); then the cases pass.
#[test]
fn missing_then_blessed_then_passing() {
    let _guard = settings().bind_to_scope();
    let dir = folder("bless");
    let cases = write(&dir, "mine.cases", CASES);
    let (code, text) = lingeo(&dir, &["test", &cases]);
    assert_eq!(code, 1, "{text}");
    insta::assert_snapshot!("test-missing-snapshots", text);

    let (code, text) = lingeo(&dir, &["test", &cases, "--bless"]);
    assert_eq!(code, 0, "{text}");
    insta::assert_snapshot!("test-bless", text);
    let hanoi = std::fs::read_to_string(dir.join("snapshots/mine/hanoi.txt")).unwrap();
    assert!(
        hanoi.starts_with("hanoi from S(2, a, c): 1 sentence\n"),
        "{hanoi}"
    );
    let zones = std::fs::read_to_string(dir.join("snapshots/mine/zones.txt")).unwrap();
    assert!(zones.contains(": 5 zones\n"), "{zones}");

    let (code, text) = lingeo(&dir, &["test", &cases]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("  ok       hanoi\n  ok       zones\n2 passed, 0 failed\n"),
        "{text}"
    );
    // A folder runs its case files.
    let (code, folder_text) = lingeo(&dir, &["test", &dir.display().to_string()]);
    assert_eq!(code, 0, "{folder_text}");
    assert!(
        folder_text.contains("2 passed, 0 failed\n"),
        "{folder_text}"
    );
}

/// A snapshot that no longer matches fails with a unified diff; `--bless` rewrites it and
/// shows what changed.
#[test]
fn a_changed_output_fails_with_a_diff() {
    let _guard = settings().bind_to_scope();
    let dir = folder("diff");
    let cases = write(&dir, "mine.cases", CASES);
    assert_eq!(lingeo(&dir, &["test", &cases, "--bless"]).0, 0);
    // The grammar is edited: the hanoi case now prints other moves.
    let hanoi = std::fs::read_to_string(dir.join("hanoi.lgg")).unwrap();
    let edited = hanoi.replace("grammar hanoi", "grammar hanoi_edited");
    assert_ne!(
        hanoi, edited,
        "the grammar's name line is where the test expects it"
    );
    std::fs::write(dir.join("hanoi.lgg"), edited).unwrap();
    let (code, text) = lingeo(&dir, &["test", &cases]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("-hanoi from S(2, a, c)"), "{text}");
    assert!(text.contains("+hanoi_edited from S(2, a, c)"), "{text}");
    insta::assert_snapshot!("test-diff", text);
    let (code, text) = lingeo(&dir, &["test", &cases, "--bless"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("  updated  hanoi: "), "{text}");
    assert!(text.contains("1 snapshot written"), "{text}");
}

/// Agreement cases: two command lines that print the same pass (and share one snapshot), two
/// that do not fail with the diff between them, and cannot be blessed.
#[test]
fn agreement_cases() {
    let _guard = settings().bind_to_scope();
    let dir = folder("agreement");
    let hanoi = std::fs::read_to_string(dir.join("hanoi.lgg")).unwrap();
    // A copy under another name derives the same language; --no-source leaves the name out.
    std::fs::write(
        dir.join("renamed.lgg"),
        hanoi.replace("grammar hanoi", "grammar renamed"),
    )
    .unwrap();
    let cases = write(
        &dir,
        "agree.cases",
        "\
same     | run hanoi.lgg --start 'S(2, a, c)' --no-source || run renamed.lgg --start 'S(2, a, c)' --no-source
engines  | zones robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4 --all-zones --no-source || zones robot-zone-simplified.scenario --piece BOMBER --to h1 --horizon 4 --all-zones --no-source --grammar zones-filtered.lgg
differ   | run hanoi.lgg --start 'S(2, a, c)' || run hanoi.lgg --start 'S(2, a, b)'
",
    );
    let (code, text) = lingeo(&dir, &["test", &cases, "--bless"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("2 passed, 1 failed"), "{text}");
    insta::assert_snapshot!("test-agreement", text);
    assert!(dir.join("snapshots/agree/same.txt").exists());
    assert!(dir.join("snapshots/agree/engines.txt").exists());
    assert!(!dir.join("snapshots/agree/differ.txt").exists());
}

/// A command that fails fails its case with its error; the other cases still run.
#[test]
fn a_failing_command_fails_its_case() {
    let _guard = settings().bind_to_scope();
    let dir = folder("failing");
    let cases = write(
        &dir,
        "fail.cases",
        "\
missing-file | run nowhere.lgg --start 'S(2, a, c)'
bad-start    | run hanoi.lgg --start 'S(2, a)'
fine         | run hanoi.lgg --start 'S(1, a, c)'
",
    );
    let (code, text) = lingeo(&dir, &["test", &cases, "--bless"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1 passed, 2 failed"), "{text}");
    assert!(
        text.contains("FAILED   bad-start: `run hanoi.lgg --start 'S(2, a)'` failed (exit code 2)"),
        "{text}"
    );
    insta::assert_snapshot!("test-failing-command", text);
}

/// Mistakes in a case file are all reported, each at its line and column, and nothing runs.
#[test]
fn bad_case_lines_are_located() {
    let _guard = settings().bind_to_scope();
    let dir = folder("bad-lines");
    let cases = write(
        &dir,
        "bad.cases",
        "\
fine     | run hanoi.lgg --start 'S(2, a, c)'
no bar here
         | run hanoi.lgg
fine     | run hanoi.lgg --start 'S(1, a, c)'
typo     | runn hanoi.lgg
quote    | run hanoi.lgg --start 'S(2, a, c)
option   | run hanoi.lgg --strat 'S(2, a, c)'
",
    );
    let (code, text) = lingeo(&dir, &["test", &cases]);
    assert_eq!(code, 2, "{text}");
    for place in [":2:1", ":3:10", ":4:1", ":5:12", ":6:34", ":7:12"] {
        assert!(
            text.contains(&format!("TMP/bad.cases{place}")),
            "{place}: {text}"
        );
    }
    assert!(!dir.join("snapshots").exists(), "nothing ran");
    insta::assert_snapshot!("test-bad-case-lines", text);
}

/// `--json` gives the counts and each case's status; `--filter` runs the cases whose name
/// contains the text.
#[test]
fn json_and_filter() {
    let dir = folder("json");
    let cases = write(&dir, "mine.cases", CASES);
    assert_eq!(
        lingeo(&dir, &["test", &cases, "--bless", "--filter", "han"]).0,
        0
    );
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(["test", &cases, "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["passed"], 1);
    assert_eq!(json["failed"], 1);
    assert_eq!(json["filtered_out"], 0);
    let cases_json = json["cases"].as_array().unwrap();
    assert_eq!(cases_json[0]["name"], "hanoi");
    assert_eq!(cases_json[0]["status"], "passed");
    assert_eq!(cases_json[0]["line"], 2);
    assert_eq!(cases_json[1]["name"], "zones");
    assert_eq!(cases_json[1]["status"], "failed");
    assert_eq!(cases_json[1]["reason"], "missing snapshot");
    assert!(
        cases_json[1]["snapshot"]
            .as_str()
            .unwrap()
            .ends_with("snapshots/mine/zones.txt")
    );
}

/// Many cases in parallel: the listing is in file order, and every run prints the same.
#[test]
fn parallel_cases_print_in_file_order() {
    let dir = folder("parallel");
    let mut text = String::new();
    for i in (1..=4).rev() {
        for peg in ["b", "c"] {
            text.push_str(&format!(
                "hanoi-{i}-{peg} | run hanoi.lgg --start 'S({i}, a, {peg})'\n"
            ));
        }
    }
    let cases = write(&dir, "many.cases", &text);
    let (code, first) = lingeo(&dir, &["test", &cases, "--bless", "--jobs", "4"]);
    assert_eq!(code, 0, "{first}");
    let names: Vec<&str> = first
        .lines()
        .filter_map(|l| l.strip_prefix("  written  "))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "hanoi-4-b",
            "hanoi-4-c",
            "hanoi-3-b",
            "hanoi-3-c",
            "hanoi-2-b",
            "hanoi-2-c",
            "hanoi-1-b",
            "hanoi-1-c"
        ]
    );
    for _ in 0..3 {
        let (code, again) = lingeo(&dir, &["test", &cases, "--jobs", "4"]);
        assert_eq!(code, 0, "{again}");
        assert!(again.contains("8 passed, 0 failed"), "{again}");
    }
}

/// The shipped case file passes (CI runs it too, `.ci/run`).
#[test]
fn the_shipped_cases_pass() {
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(["test", "examples/examples.cases", "docs/testing-grammars"])
        .current_dir(ROOT)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(" 0 failed"), "{stdout}");
}

/// The files a `match` spec names (`rules=FILE`) are read relative to the case file's folder,
/// as every other path of a case is, and print as the case file writes them.
#[test]
fn match_spec_files_are_relative_to_the_case_file() {
    let dir = folder("match-spec");
    for file in ["examples/pawned.scenario", "learned/pawned.rules"] {
        let to = dir.join(Path::new(file).file_name().unwrap());
        std::fs::copy(Path::new(ROOT).join(file), to).unwrap();
    }
    let cases = write(
        &dir,
        "play.cases",
        "\
learned | match pawned.scenario --white eval=learned,depth=2,rules=pawned.rules --black depth=2 --games 2
missing | match pawned.scenario --white eval=learned,depth=2,rules=missing.rules --games 2
",
    );
    let (code, text) = lingeo(&dir, &["test", &cases, "--bless"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1 passed, 1 failed"), "{text}");
    // The missing file is named as the case file names it, not under the repository root.
    assert!(text.contains("missing.rules"), "{text}");
    assert!(!text.contains("TMP/missing.rules"), "{text}");
    let learned = std::fs::read_to_string(dir.join("snapshots/play/learned.txt")).unwrap();
    assert!(
        learned.contains(
            "first:  eval=learned,depth=2,ordering=killer,horizon=4,rules=pawned.rules\n"
        ),
        "{learned}"
    );
    assert!(learned.contains("first engine: 2 wins"), "{learned}");
}

/// A case's outputs stay inside its case file's folder: an absolute `--svg`, a `..` above the
/// folder, `demo --out` elsewhere and a symbolic link out of the folder are mistakes of the
/// case file, located at their word, and nothing runs, so nothing is written (not even with
/// `--bless`); `--allow-outside-writes` lets them write.
#[test]
fn outputs_outside_the_case_folder_are_refused() {
    let root = folder("outside");
    let dir = root.join("cases");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(root.join("hanoi.lgg"), dir.join("hanoi.lgg")).unwrap();
    let scenario = "../robot-zone-simplified.scenario";
    let absolute = root.join("absolute.svg");
    let demo = root.join("demo");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&root, dir.join("link")).unwrap();
    let text = format!(
        "inside   | map {scenario} --piece BOMBER --svg inside.svg\n\
         absolute | map {scenario} --piece BOMBER --svg {}\n\
         above    | map {scenario} --piece BOMBER --svg=../above.svg\n\
         demo     | demo --out {}\n\
         linked   | map {scenario} --piece BOMBER --svg link/linked.svg\n",
        absolute.display(),
        demo.display()
    );
    let cases = write(&dir, "out.cases", &text);
    let outside = [
        absolute.clone(),
        root.join("above.svg"),
        demo.clone(),
        root.join("linked.svg"),
    ];
    for bless in [false, true] {
        let mut args = vec!["test", &cases];
        if bless {
            args.push("--bless");
        }
        let (code, text) = lingeo(&root, &args);
        assert_eq!(code, 2, "{text}");
        for path in &outside {
            assert!(!path.exists(), "{} was written\n{text}", path.display());
        }
        // No case ran: not even the one inside.
        assert!(!dir.join("inside.svg").exists(), "{text}");
        // Each at its word (an absolute path's length varies with the machine: no snapshot).
        for wanted in [
            "`TMP/absolute.svg` is written outside the case file's folder",
            "out.cases:2:71 ]",
            "an absolute path",
            "out.cases:3:65 ]",
            "`..` leads out of it, to TMP/above.svg",
            "out.cases:4:23 ]",
            "`TMP/demo` is written outside",
            "`lingeo test --allow-outside-writes` lets it write elsewhere",
        ] {
            assert!(text.contains(wanted), "{wanted}\n{text}");
        }
        #[cfg(unix)]
        assert!(
            text.contains("out.cases:5:71 ]")
                && text.contains("a symbolic link leads out of it, to TMP/linked.svg"),
            "{text}"
        );
        assert!(!text.contains("out.cases:1:"), "{text}");
    }
    let (code, text) = lingeo(
        &root,
        &["test", &cases, "--allow-outside-writes", "--bless"],
    );
    assert_eq!(code, 0, "{text}");
    for path in &outside {
        assert!(path.exists(), "{} was not written\n{text}", path.display());
    }
    assert!(dir.join("inside.svg").exists(), "{text}");
}

/// `--bless` does not write a snapshot through a symbolic link out of the case folder: not a
/// link in `snapshots/<file>/` to a file elsewhere (it used to be overwritten), nor into a
/// `snapshots` folder that is itself a link out (it used to be written into). The case fails
/// and says why; `--allow-outside-writes` lets it write there. Links that stay inside are
/// followed.
#[cfg(unix)]
#[test]
fn snapshots_are_not_written_through_links_out_of_the_case_folder() {
    use std::os::unix::fs::symlink;
    let root = folder("snapshot-links");
    let dir = root.join("cases");
    let elsewhere = root.join("elsewhere");
    std::fs::create_dir_all(dir.join("snapshots/t")).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::copy(root.join("hanoi.lgg"), dir.join("hanoi.lgg")).unwrap();
    let cases = write(
        &dir,
        "t.cases",
        "hanoi | run hanoi.lgg --start 'S(1, a, c)'\n",
    );
    let precious = elsewhere.join("precious.txt");
    std::fs::write(&precious, "precious\n").unwrap();
    symlink(&precious, dir.join("snapshots/t/hanoi.txt")).unwrap();
    let (code, text) = lingeo(&root, &["test", &cases, "--bless"]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "precious\n");
    for wanted in [
        "FAILED   hanoi: the snapshot TMP/cases/snapshots/t/hanoi.txt would be written outside \
         the case file's folder: a symbolic link leads out of it, to TMP/elsewhere/precious.txt",
        "`lingeo test --bless --allow-outside-writes` lets it write there",
        "0 passed, 1 failed",
    ] {
        assert!(text.contains(wanted), "{wanted}\n{text}");
    }
    let (code, text) = lingeo(&root, &["test", &cases, "--bless", "--json"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("\"reason\": \"outside\""), "{text}");
    // A dangling link out is refused too (writing would create its target).
    std::fs::remove_file(dir.join("snapshots/t/hanoi.txt")).unwrap();
    symlink(elsewhere.join("new.txt"), dir.join("snapshots/t/hanoi.txt")).unwrap();
    let (code, text) = lingeo(&root, &["test", &cases, "--bless"]);
    assert_eq!(code, 1, "{text}");
    assert!(!elsewhere.join("new.txt").exists(), "{text}");
    assert!(text.contains("is a symbolic link to nowhere"), "{text}");

    // `snapshots` itself a link out of the folder: nothing is written into it.
    std::fs::remove_dir_all(dir.join("snapshots")).unwrap();
    symlink(&elsewhere, dir.join("snapshots")).unwrap();
    let (code, text) = lingeo(&root, &["test", &cases, "--bless"]);
    assert_eq!(code, 1, "{text}");
    assert!(!elsewhere.join("t").exists(), "{text}");
    assert!(
        text.contains("a symbolic link leads out of it, to TMP/elsewhere/t/hanoi.txt"),
        "{text}"
    );
    // Allowed, it writes there.
    let (code, text) = lingeo(
        &root,
        &["test", &cases, "--bless", "--allow-outside-writes"],
    );
    assert_eq!(code, 0, "{text}");
    assert!(elsewhere.join("t/hanoi.txt").exists(), "{text}");

    // A link that stays inside the folder is followed.
    std::fs::remove_file(dir.join("snapshots")).unwrap();
    std::fs::create_dir_all(dir.join("kept")).unwrap();
    symlink("kept", dir.join("snapshots")).unwrap();
    let (code, text) = lingeo(&root, &["test", &cases, "--bless"]);
    assert_eq!(code, 0, "{text}");
    assert!(dir.join("kept/t/hanoi.txt").exists(), "{text}");
}

/// A case file named `...cases` (stem `..`) or `..cases` (stem `.`) would put its snapshots in
/// the case folder itself, or in `snapshots/`: it is refused before anything runs.
#[test]
fn a_case_file_whose_name_gives_no_snapshot_folder_is_refused() {
    let dir = folder("dot-names");
    for name in ["...cases", "..cases"] {
        let cases = write(&dir, name, "hanoi | run hanoi.lgg --start 'S(1, a, c)'\n");
        let (code, text) = lingeo(&dir, &["test", &cases, "--bless"]);
        assert_eq!(code, 2, "{text}");
        assert!(
            text.contains("the case file's name gives its snapshots no folder of their own"),
            "{text}"
        );
        assert!(!dir.join("hanoi.txt").exists(), "{text}");
        assert!(!dir.join("snapshots").exists(), "{text}");
        std::fs::remove_file(&cases).unwrap();
    }
}

/// A command line missing a required argument is located at its case line with clap's list of
/// what is missing, not only clap's first line.
#[test]
fn missing_arguments_are_listed() {
    let dir = folder("missing-arguments");
    let cases = write(&dir, "mine.cases", "no-start | run hanoi.lgg\n");
    let (code, text) = lingeo(&dir, &["test", &cases]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("the following required arguments were not provided: --start <START>"),
        "{text}"
    );
    assert!(text.contains("mine.cases:1:"), "{text}");
}
