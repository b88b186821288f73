//! Golden dumps of the IR of every shipped grammar (`grammars/*.lgg`), one snapshot each in
//! `snapshots/`: what the evaluator compiles, after inlining and narrowing, each node with its
//! `@line:col`. A change to the checker or to a pass over its output shows here as a diff.

use lingeo::grammar::Grammar;
use lingeo::grammar::dump::dump;

#[test]
fn ir_dumps() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        // Based at grammars/, so that the walk never enters target/ (where other tests make
        // and delete files while this one lists directories).
        insta::glob!("../../grammars", "*.lgg", |path| {
            let g = Grammar::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let text = dump(&g.program);
            assert_eq!(text, dump(&g.program), "the dump is deterministic");
            insta::assert_snapshot!(text);
        });
    });
}
