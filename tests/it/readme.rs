//! The README's examples stay true: every ```scenario block of README.md loads as a scenario
//! file.

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
