//! The grammar of zones G_Z (docs/semantics.md §6.3) is expressible in the grammar language: the
//! shipped file checks, imports the admissible-trajectory grammar for TRACKS, and derives the
//! literal zones of the simplified robot example (docs/semantics.md §6.5), whose first level is the
//! source's.

use std::path::Path;

use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::scenario::Scenario;

#[test]
fn literal_zones_of_the_simplified_robot_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let grammar = Grammar::load(&root.join("grammars/zones.lgg")).unwrap_or_else(|e| panic!("{e}"));
    let scenario = Scenario::load(&root.join("examples/robot-zone-simplified.scenario")).unwrap();
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let inputs = grammar
        .bind_inputs(&mut world, &[], Some(("BOMBER", None)))
        .unwrap();
    let start = grammar.parse_start(&mut world, "S(h5, h1, 4)").unwrap();
    let language = grammar
        .derive(&world, &inputs, &start, Limits::default(), None)
        .unwrap_or_else(|e| panic!("{e}"));
    let zones: Vec<String> = language
        .sentences
        .iter()
        .map(|s| grammar.show_sentence(&world, s))
        .collect();
    // One zone per choice of the FIGHTER's trajectory to h1 (7 by the definitions, decision A9 of
    // docs/semantics.md §10).
    assert_eq!(zones.len(), 7);
    for z in &zones {
        assert!(
            z.starts_with("t(BOMBER, h5 h4 h3 h2 h1, 5) t(FIGHTER, f6 "),
            "{z}"
        );
        // The first negation to h4 gets TIME(h4) = 2 (S-08 step 9).
        assert!(z.contains("t(FIGHTER, f6 g5 h4, 2)"), "{z}");
    }
    assert!(
        zones
            .iter()
            .any(|z| z.contains("t(FIGHTER, f6 e5 e4 f3 g2 h1, 5)"))
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::assert_snapshot!("zones-grammar-literal-simplified-robot", zones.join("\n"))
    });
}
