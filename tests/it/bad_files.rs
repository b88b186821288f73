//! Every malformed file in `tests/bad/` must fail with a clear diagnostic; the rendered text of
//! each is snapshotted in `snapshots/`.

use lingeo::grammar::Grammar;
use lingeo::scenario::{LoadError, Scenario};

#[test]
fn bad_scenarios_report_diagnostics() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("..", "bad/*.scenario", |path| {
            let name = format!("tests/bad/{}", path.file_name().unwrap().to_string_lossy());
            // Read as the CLI reads it (a file that is not UTF-8 fails there).
            let errors = match Scenario::load(path) {
                Ok(_) => panic!("{name} should not parse"),
                Err(LoadError::Invalid(e)) => e,
                Err(e) => panic!("{name}: {e}"),
            };
            assert!(!errors.diagnostics.is_empty());
            for d in &errors.diagnostics {
                assert!(
                    d.span.end <= errors.source.len(),
                    "{name}: span {:?} past the end",
                    d.span
                );
            }
            // Paths in the snapshot are relative to the crate, whatever the checkout folder.
            let root = concat!(env!("CARGO_MANIFEST_DIR"), "/");
            insta::assert_snapshot!(errors.render().replace(root, ""));
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
            // Read as the CLI reads it; imports are read relative to the file's real folder.
            let errors = match Grammar::load(path) {
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
