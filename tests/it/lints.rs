//! `lingeo check` lints (src/scenario/lint.rs): every scenario of `tests/lints/` is valid but
//! likely a mistake, and `check` accepts it with a warning at the place of the mistake (its
//! output snapshotted); no shipped example gets a warning.

use std::path::Path;
use std::process::Command;

fn check(path: &Path) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .arg("check")
        .arg(path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn each_mistake_of_the_corpus_gets_its_warning() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    let expected = [
        (
            "checkers-too-small",
            &[
                "Warning: W31 and B21 stand on a3",
                "Warning: W32 and B22 stand on c3",
                "Warning: W21 and B31 stand on b2",
                "Warning: W22 and B32 stand on d2",
            ][..],
        ),
        ("immobile", &["Warning: piece type `ROBOT` never moves"][..]),
        (
            "mirrored-bombers",
            &[
                "Warning: goal d10 can never be reached",
                "Warning: goal g1 can never be reached",
            ][..],
        ),
        ("shared-point", &["Warning: WK and BR stand on c3"][..]),
        ("stuck-game", &["Warning: neither side can move at all"][..]),
    ];
    let mut names: Vec<String> = std::fs::read_dir(root.join("tests/lints"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        expected.map(|(n, _)| format!("{n}.scenario")),
        "every corpus file has its expected warnings here"
    );
    for (name, warnings) in expected {
        let path = Path::new("tests/lints").join(format!("{name}.scenario"));
        let (out, code) = check(&path);
        assert_eq!(code, 0, "{name}: warnings do not fail check\n{out}");
        assert!(out.starts_with(&format!("{}: ok", path.display())), "{out}");
        assert_eq!(
            out.matches("Warning: ").count(),
            warnings.len(),
            "{name}: {out}"
        );
        for w in warnings {
            assert!(out.contains(w), "{name}: no `{w}` in\n{out}");
        }
        settings.bind(|| insta::assert_snapshot!(format!("lint-{name}"), out));
    }
}

#[test]
fn no_shipped_scenario_gets_a_warning() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    // The shipped examples (test fixtures may be odd on purpose: tests/scenarios/long-game has
    // no black piece).
    for dir in ["examples", "docs/testing-grammars"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "scenario"))
            .collect();
        files.sort();
        for f in files {
            let (out, code) = check(&f);
            assert_eq!(code, 0, "{}", f.display());
            assert!(!out.contains("Warning"), "{}:\n{out}", f.display());
            checked += 1;
        }
    }
    assert!(checked >= 14, "only {checked} scenarios found");
}
