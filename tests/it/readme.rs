//! The README's examples stay true: every ```scenario block of README.md loads as a scenario
//! file, and every `lingeo` command in it runs.

use lingeo::scenario::Scenario;

/// The ```scenario blocks of README.md, each with the line its text starts on.
fn scenario_blocks(readme: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in readme.lines().enumerate() {
        match &mut current {
            None if line.trim_end() == "```scenario" => current = Some((i + 2, String::new())),
            None => {}
            Some(_) if line.trim_end() == "```" => blocks.extend(current.take()),
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    assert!(
        current.is_none(),
        "a ```scenario block of README.md is not closed"
    );
    blocks
}

#[test]
fn every_scenario_block_of_the_readme_loads() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable");
    let blocks = scenario_blocks(&readme);
    // The grid example and the graph example.
    assert!(blocks.len() >= 2, "{} scenario blocks", blocks.len());
    for (line, text) in blocks {
        let name = format!("README.md, the block from line {line}");
        if let Err(e) = Scenario::parse(&name, &text) {
            panic!("{}", e.render());
        }
    }
}

/// The commands of the README's ```sh blocks run through cargo (`cargo run --release -- ARGS`),
/// as one line each: continuation lines joined, trailing `# comments` dropped.
fn cargo_run_commands(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for line in readme.lines() {
        if !in_sh {
            in_sh = line.trim_end() == "```sh";
            continue;
        }
        if line.trim_end() == "```" {
            in_sh = false;
            continue;
        }
        let line = line.split("  #").next().unwrap_or_default().trim();
        if let Some(start) = line.strip_suffix('\\') {
            pending.push_str(start);
            continue;
        }
        pending.push_str(line);
        if let Some(args) = pending.strip_prefix("cargo run --release -- ") {
            commands.push(args.split_whitespace().collect::<Vec<_>>().join(" "));
        }
        pending.clear();
    }
    commands
}

/// Every `lingeo` command of the README runs from the repository (through `sh`, for its quotes
/// and globs), and the pictures it writes into the repository root are ones git ignores.
#[test]
fn every_command_of_the_readme_runs() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let gitignore = std::fs::read_to_string(format!("{root}/.gitignore")).unwrap();
    let ignores_root_svgs = gitignore.lines().any(|l| l.trim() == "/*.svg");
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme");
    std::fs::create_dir_all(&out).unwrap();
    let commands = cargo_run_commands(&readme);
    assert!(commands.len() >= 20, "{commands:?}");
    for args in commands {
        // A grammar of the reader's own (an edited copy), the demo, which the CLI snapshots
        // run with --out, and the server, which serves until stopped (tests/it/serve.rs and
        // tests/it/browser.rs run it).
        if args.contains("--grammar my-zones.lgg") || args == "demo" || args.starts_with("serve") {
            continue;
        }
        let mut words: Vec<String> = args.split(' ').map(String::from).collect();
        for i in 1..words.len() {
            if words[i - 1] == "--svg" {
                let file = words[i].clone();
                assert!(
                    ignores_root_svgs && !file.contains('/') && file.ends_with(".svg"),
                    "`{args}` writes {file}, which git does not ignore"
                );
                words[i] = out.join(&file).display().to_string();
            }
        }
        let script = format!("\"$0\" {}", words.join(" "));
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg(&script)
            .arg(env!("CARGO_BIN_EXE_lingeo"))
            .current_dir(root)
            .output()
            .expect("sh runs");
        assert!(
            output.status.success(),
            "`lingeo {args}` failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
