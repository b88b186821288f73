//! Input files that are not regular files: a FIFO (opening one for reading waits for a writer,
//! so lingeo used to block forever) or a device (`/dev/zero` never ends) is refused with a clear
//! error before it is opened, wherever a file is read: a scenario, a grammar and its imports,
//! `--network`, `--rules`, a match spec's `network=` and `rules=`, a case file. And a UTF-8
//! byte-order mark at the start of a file is no part of its text.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const REFUSED: &str =
    "it is not a regular file (a FIFO, a device or a socket): lingeo reads only files";

fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("special-files")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `lingeo ARGS` from the repository root, killed after 20 s: the exit code (`None` when
/// it had to be killed) and stdout and stderr.
fn lingeo(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            return (None, format!("{args:?} blocked"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_wherever_a_file_is_read() {
    let dir = folder("fifo");
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let fifo = fifo.to_str().unwrap();
    let grammar = dir.join("imports.lgg");
    std::fs::write(
        &grammar,
        format!(
            "import G = \"{fifo}\"\nstart S()\nterminal a()\nnonterminal S()\n\
             productions\n  1 | true | S -> a | | {{}} | {{}}\n"
        ),
    )
    .unwrap();
    let grammar = grammar.to_str().unwrap();
    let network = format!("eval=fuzzy,ordering=chessmaps,depth=1,network={fifo}");
    let rules = format!("eval=learned,depth=1,rules={fifo}");
    let cases: [&[&str]; 9] = [
        &["check", fifo],
        &["check", grammar],
        &["run", fifo, "--board", "8x8", "--start", "S()"],
        &["zones", fifo, "--piece", "K", "--to", "a1"],
        &[
            "search",
            "examples/pawned.scenario",
            "--ordering",
            "chessmaps",
            "--network",
            fifo,
        ],
        &[
            "search",
            "examples/pawned.scenario",
            "--depth",
            "1",
            "--eval",
            "learned",
            "--rules",
            fifo,
        ],
        &[
            "match",
            "examples/pawned.scenario",
            "--white",
            &network,
            "--black",
            "depth=1",
        ],
        &[
            "match",
            "examples/pawned.scenario",
            "--white",
            &rules,
            "--black",
            "depth=1",
        ],
        &["test", fifo],
    ];
    for args in cases {
        let (code, out) = lingeo(args);
        assert_eq!(code, Some(2), "{args:?}: {out}");
        assert!(out.contains(REFUSED), "{args:?}: {out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_byte_order_mark_is_no_part_of_the_text() {
    let dir = folder("bom");
    let bom = "\u{feff}";
    let scenario = dir.join("bom.scenario");
    std::fs::write(
        &scenario,
        format!("{bom}board 8x8\nwhite king at a1 as K\n"),
    )
    .unwrap();
    let grammar_text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/hanoi.lgg"))
            .unwrap();
    let grammar = dir.join("bom.lgg");
    std::fs::write(&grammar, format!("{bom}{grammar_text}")).unwrap();
    let (code, out) = lingeo(&[
        "check",
        scenario.to_str().unwrap(),
        grammar.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("bom.scenario: ok\n") && out.contains("bom.lgg: ok\n"),
        "{out}"
    );
    let cases = dir.join("bom.cases");
    std::fs::write(
        &cases,
        format!("{bom}# a comment\nk | map --board 3x3 --type king --from a1\n"),
    )
    .unwrap();
    let (code, out) = lingeo(&["test", cases.to_str().unwrap(), "--bless"]);
    assert_eq!(code, Some(0), "{out}");
    let rules = dir.join("bom.rules");
    let shipped =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("learned/pawned.rules"))
            .unwrap();
    std::fs::write(&rules, format!("{bom}{shipped}")).unwrap();
    let (code, out) = lingeo(&[
        "search",
        "examples/pawned.scenario",
        "--depth",
        "1",
        "--eval",
        "learned",
        "--rules",
        rules.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
