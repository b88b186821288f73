//! A clone of the repository stands on its own: no tracked file points at documents outside
//! it, and every reference into the project's own reference documents can be looked up.
//!
//! - No tracked file names the notes this project was first written from, which live outside
//!   the repository (their file names and directories are built below from pieces, so that
//!   this file does not name them itself). `docs/semantics.md` replaces them.
//! - Every `docs/semantics.md §N` or `§N.M` reference (and every `docs/grammar-language.md §N`
//!   and `docs/play-and-search.md §N`)
//!   names a section heading that exists in that document; so does every `§N` inside those two
//!   documents. Elsewhere a `§N` must name its document on the same line.
//! - Every decision (`decision A8`) and choice (`choice P5`) cited exists in docs/semantics.md,
//!   and every source tag (`S-05`, `S-P12`, …) is defined in the bibliography of
//!   docs/semantics.md §0.1.
//!
//! The bad lines of the last test are built with the section sign as a variable, so that they
//! do not trip the others.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const SEMANTICS: &str = "docs/semantics.md";
const GRAMMAR_LANGUAGE: &str = "docs/grammar-language.md";
const PLAY: &str = "docs/play-and-search.md";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's tracked files, relative to its root: `git ls-files`, or where git is not
/// available (a source archive), every file under the root but `target/` and `.git/`.
fn tracked_files() -> Vec<PathBuf> {
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output();
    if let Ok(out) = listed
        && out.status.success()
        && !out.stdout.is_empty()
    {
        return out
            .stdout
            .split(|&b| b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| PathBuf::from(String::from_utf8_lossy(name).into_owned()))
            .collect();
    }
    let mut files = Vec::new();
    walk(root(), Path::new(""), &mut files);
    files.sort();
    files
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let relative = dir.join(&name);
        if dir.as_os_str().is_empty() && (name == "target" || name == ".git") {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            walk(root, &relative, out);
        } else if kind.is_file() {
            out.push(relative);
        }
    }
}

/// The text files among the tracked files, with their contents (binary files, files missing
/// from the working tree and the fuzzers' inputs in `fuzz/corpus/` and `fuzz/regressions/`,
/// which are mutated copies of files, not text anyone reads, are left out).
fn texts() -> Vec<(String, String)> {
    tracked_files()
        .into_iter()
        .filter(|path| !path.starts_with("fuzz/corpus") && !path.starts_with("fuzz/regressions"))
        .filter_map(|path| {
            let bytes = std::fs::read(root().join(&path)).ok()?;
            let text = String::from_utf8(bytes).ok()?;
            Some((path.to_string_lossy().replace('\\', "/"), text))
        })
        .collect()
}

/// The strings that point outside the repository, assembled so that this file does not contain
/// them: the notes' file names and the directories they live in.
fn outside_references() -> Vec<String> {
    vec![
        ["lg", "-spec"].concat(),
        ["patterns", ".md"].concat(),
        ["..", "/shared"].concat(),
        ["shared", "/docs"].concat(),
        ["shared", "/seeds"].concat(),
    ]
}

/// The places (`file:line: text`) in `texts` that contain one of `patterns`, case-insensitively.
fn find_outside_references(texts: &[(String, String)], patterns: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in texts {
        for (i, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            if patterns.iter().any(|p| lower.contains(p.as_str())) {
                found.push(format!("{path}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn no_tracked_file_points_outside_the_repository() {
    let found = find_outside_references(&texts(), &outside_references());
    assert!(
        found.is_empty(),
        "references to documents outside the repository (point into {SEMANTICS} instead):\n{}",
        found.join("\n")
    );
}

/// The section numbers of a Markdown document: `## 6. Title` gives "6", `### 6.3 Title` gives
/// "6.3" (headings inside code blocks do not count).
fn section_numbers(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#');
        if !title.starts_with(' ') {
            continue;
        }
        let (number, _) = section_number(title.trim_start());
        if let Some(number) = number {
            out.insert(number);
        }
    }
    out
}

/// A section number `N` or `N.M…` at the start of `s` (a trailing `.` is not part of it), and
/// the rest of `s`.
fn section_number(s: &str) -> (Option<String>, &str) {
    let bytes = s.as_bytes();
    let mut end = 0;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    if end == 0 {
        return (None, s);
    }
    while end + 1 < bytes.len() && bytes[end] == b'.' && bytes[end + 1].is_ascii_digit() {
        end += 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
    }
    (Some(s[..end].to_string()), &s[end..])
}

/// The section references of one line: for every `§` followed by a digit, the number and the
/// document the reference is into — the last `NAME.md` written before it on the line (`None`
/// when there is none).
fn section_references(line: &str) -> Vec<(Option<String>, String)> {
    let mut out = Vec::new();
    for (at, _) in line.match_indices('§') {
        let after = &line[at + '§'.len_utf8()..];
        let (Some(number), _) = section_number(after) else {
            continue;
        };
        let before = &line[..at];
        let document = before.rfind(".md").map(|end| {
            let start = before[..end]
                .rfind(|c: char| !(c.is_alphanumeric() || "-_/.".contains(c)))
                .map_or(0, |i| i + 1);
            before[start..end + 3].to_string()
        });
        out.push((document, number));
    }
    out
}

/// Every section reference in `texts` that names no heading of its document, or names no
/// document at all, as `file:line: §N (why)`.
fn dangling_section_references(texts: &[(String, String)]) -> Vec<String> {
    let sections_of = |name: &str| {
        texts
            .iter()
            .find(|(path, _)| path == name)
            .map(|(_, text)| section_numbers(text))
            .unwrap_or_else(|| panic!("{name} is not among the tracked files"))
    };
    let semantics = sections_of(SEMANTICS);
    let grammar_language = sections_of(GRAMMAR_LANGUAGE);
    let play = sections_of(PLAY);
    let mut bad = Vec::new();
    for (path, text) in texts {
        for (i, line) in text.lines().enumerate() {
            for (document, number) in section_references(line) {
                let target = match document.as_deref() {
                    Some(d) if d.ends_with("semantics.md") => Some((SEMANTICS, &semantics)),
                    Some(d) if d.ends_with("grammar-language.md") => {
                        Some((GRAMMAR_LANGUAGE, &grammar_language))
                    }
                    Some(d) if d.ends_with("play-and-search.md") => Some((PLAY, &play)),
                    // Another document (README.md, say): not checked.
                    Some(_) => None,
                    None if path == SEMANTICS => Some((SEMANTICS, &semantics)),
                    None if path == GRAMMAR_LANGUAGE => Some((GRAMMAR_LANGUAGE, &grammar_language)),
                    None if path == PLAY => Some((PLAY, &play)),
                    None => {
                        bad.push(format!(
                            "{path}:{}: §{number} names no document (write {SEMANTICS} §{number})",
                            i + 1
                        ));
                        None
                    }
                };
                if let Some((name, sections)) = target
                    && !sections.contains(&number)
                {
                    bad.push(format!(
                        "{path}:{}: §{number} is not a section of {name}",
                        i + 1
                    ));
                }
            }
        }
    }
    bad
}

#[test]
fn every_section_reference_names_an_existing_section() {
    let bad = dangling_section_references(&texts());
    assert!(
        bad.is_empty(),
        "dangling section references:\n{}",
        bad.join("\n")
    );
}

/// The ids `A1`, `P5`, … that follow `word` (`decision`, `decisions`, `choice`, …) in `line`.
fn ids_after(line: &str, words: &[&str], letter: char) -> Vec<String> {
    let mut out = Vec::new();
    for word in words {
        for (at, _) in line.match_indices(word) {
            let rest = &line[at + word.len()..];
            let Some(rest) = rest.strip_prefix(' ') else {
                continue;
            };
            let Some(digits) = rest.strip_prefix(letter) else {
                continue;
            };
            let n: String = digits.chars().take_while(|c| c.is_ascii_digit()).collect();
            if !n.is_empty() {
                out.push(format!("{letter}{n}"));
            }
        }
    }
    out
}

/// The source tags `S-05`, `S-P12`, `S-L1`, `S-HW` of a line.
fn source_tags(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in line.match_indices("S-") {
        if line[..at]
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let tag: String = line[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let known_shape = (tag.len() == 2 && tag.chars().all(|c| c.is_ascii_digit()))
            || ["P12", "L1", "HW"].contains(&tag.as_str());
        if known_shape {
            out.push(format!("S-{tag}"));
        }
    }
    out
}

#[test]
fn every_decision_choice_and_source_tag_cited_is_defined() {
    let texts = texts();
    let semantics = &texts
        .iter()
        .find(|(path, _)| path == SEMANTICS)
        .expect("docs/semantics.md is tracked")
        .1;
    // Decisions are headings `### A8. …`, choices items `* **P5. …`, source tags the first
    // cell of a bibliography row `| S-05 | …`.
    let mut defined = BTreeSet::new();
    for line in semantics.lines() {
        for marker in ["### ", "* **", "| "] {
            if let Some(rest) = line.strip_prefix(marker) {
                let id: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if !id.is_empty() {
                    defined.insert(id);
                }
            }
        }
    }
    let mut missing = Vec::new();
    for (path, text) in &texts {
        for (i, line) in text.lines().enumerate() {
            let cited = ids_after(line, &["decision", "decisions", "Decision"], 'A')
                .into_iter()
                .chain(ids_after(line, &["choice", "choices", "Choice"], 'P'))
                .chain(source_tags(line));
            for id in cited {
                if !defined.contains(&id) {
                    missing.push(format!("{path}:{}: {id}", i + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ids cited but not defined in {SEMANTICS}:\n{}",
        missing.join("\n")
    );
}

/// The checks themselves catch what they are for.
#[test]
fn the_checks_fail_on_bad_lines() {
    // The three documents whose sections are checked, and bad lines of two other files.
    let mut bad: Vec<(String, String)> = texts()
        .into_iter()
        .filter(|(path, _)| [SEMANTICS, GRAMMAR_LANGUAGE, PLAY].contains(&path.as_str()))
        .collect();
    assert_eq!(bad.len(), 3, "the three documents are tracked");
    let s = '§';
    let outside = format!(
        "# see ../{}/{} {s}4.3\n",
        ["shared", "/docs"].concat(),
        ["lg", "-spec.md"].concat()
    );
    bad.extend([
        ("src/bad.rs".to_string(), outside),
        (
            "README.md".to_string(),
            format!(
                "fine: docs/semantics.md {s}6.3, {s}6.7 and docs/grammar-language.md {s}12\n\
                 dangling: docs/semantics.md {s}6.99 and {s}99\n\
                 bare: see {s}4.2\n\
                 play: docs/play-and-search.md {s}1.2, not {s}9\n"
            ),
        ),
    ]);
    let found = find_outside_references(&bad, &outside_references());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("src/bad.rs:1:"), "{found:?}");
    let dangling = dangling_section_references(&bad);
    assert_eq!(
        dangling,
        [
            format!("README.md:2: {s}6.99 is not a section of docs/semantics.md"),
            format!("README.md:2: {s}99 is not a section of docs/semantics.md"),
            format!("README.md:3: {s}4.2 names no document (write docs/semantics.md {s}4.2)"),
            format!("README.md:4: {s}9 is not a section of docs/play-and-search.md"),
        ],
        "{dangling:?}"
    );
    assert_eq!(
        ids_after(
            "decision A8 and decisions A1-A21; choice P5",
            &["decision", "decisions"],
            'A'
        ),
        ["A8", "A1"]
    );
    assert_eq!(
        source_tags("S-06 p.3, S-P12 Table 4, S-L1; not XS-05 or S-123"),
        ["S-06", "S-P12", "S-L1"]
    );
}
