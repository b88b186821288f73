//! build.rs finds the page's editor bundle under the manifest directory it is given when it
//! runs, so a target directory moved or copied beside another checkout embeds that checkout's
//! bundle (issue 46, item 8), and `LINGEO_EDITOR=off` leaves it out.

use std::ffi::OsString;
use std::path::Path;

// The build script itself (its `main` is not called here).
#[allow(dead_code)]
#[path = "../../build.rs"]
mod build_rs;

/// A fake checkout under the temporary directory, with the bundle or without it.
fn checkout(name: &str, with_bundle: bool) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("lingeo-build-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let dist = root.join("web/editor/dist");
    std::fs::create_dir_all(&dist).unwrap();
    if with_bundle {
        std::fs::write(dist.join("editor.js"), "// bundle").unwrap();
    }
    root
}

fn environment<'a>(vars: &'a [(&'a str, &'a Path)]) -> impl Fn(&str) -> Option<OsString> + 'a {
    move |name| {
        vars.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_os_str().to_owned())
    }
}

#[test]
fn the_bundle_is_found_under_the_manifest_directory_given_at_run_time() {
    let with = checkout("with", true);
    let without = checkout("without", false);
    assert_eq!(
        build_rs::editor_bundle(environment(&[("CARGO_MANIFEST_DIR", &with)])),
        Some(with.join("web/editor/dist/editor.js"))
    );
    // The same compiled script in a checkout without the bundle: none, whatever the checkout
    // it was compiled in holds.
    assert_eq!(
        build_rs::editor_bundle(environment(&[("CARGO_MANIFEST_DIR", &without)])),
        None
    );
    let off = Path::new("off");
    assert_eq!(
        build_rs::editor_bundle(environment(&[
            ("CARGO_MANIFEST_DIR", &with),
            ("LINGEO_EDITOR", off)
        ])),
        None
    );
    assert_eq!(build_rs::editor_bundle(environment(&[])), None);
    std::fs::remove_dir_all(&with).unwrap();
    std::fs::remove_dir_all(&without).unwrap();
}
