//! Every malformed file in `tests/bad/` must fail with a clear diagnostic; the rendered text of
//! each is snapshotted in `snapshots/`.

use lingeo::grammar::Grammar;
use lingeo::scenario::Scenario;

#[test]
fn bad_scenarios_report_diagnostics() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("..", "bad/*.scenario", |path| {
            let source = std::fs::read_to_string(path).unwrap();
            let name = format!("tests/bad/{}", path.file_name().unwrap().to_string_lossy());
            let errors = match Scenario::parse(&name, &source) {
                Ok(_) => panic!("{name} should not parse"),
                Err(e) => e,
            };
            assert!(!errors.diagnostics.is_empty());
            for d in &errors.diagnostics {
                assert!(
                    d.span.end <= source.len(),
                    "{name}: span {:?} past the end",
                    d.span
                );
            }
            insta::assert_snapshot!(errors.render());
        });
    });
}

#[test]
fn bad_grammars_report_diagnostics() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("..", "bad/*.lgg", |path| {
            let name = format!("tests/bad/{}", path.file_name().unwrap().to_string_lossy());
            let source = std::fs::read_to_string(path).unwrap();
            // Imports are read relative to the file, so give the real folder.
            let errors = match Grammar::parse(&path.display().to_string(), &source) {
                Ok(_) => panic!("{name} should not check"),
                Err(e) => e,
            };
            let text = errors.render();
            assert!(text.contains("Error:"), "{name}: {text}");
            // Paths in the snapshot are relative to the crate, whatever the checkout folder.
            let root = concat!(env!("CARGO_MANIFEST_DIR"), "/");
            insta::assert_snapshot!(text.replace(root, ""));
        });
    });
}
