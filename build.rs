//! Embeds the page's code editor when it has been built: web/editor/build.sh bundles CodeMirror
//! (pinned in web/editor/package-lock.json) into web/editor/dist/editor.js, which is not
//! committed. With the bundle, `cfg(lingeo_editor)` is set and `LINGEO_EDITOR_BUNDLE` names it
//! (src/serve/page/mod.rs serves it as /editor.js); without it the page keeps plain text areas.
//! `LINGEO_EDITOR=off` builds without the bundle even when it is there.
//!
//! The bundle is looked for under the manifest directory cargo gives the script when it runs
//! (the environment variable `CARGO_MANIFEST_DIR`), not the one it had when the script was
//! compiled (`env!`): a target directory moved or copied beside another checkout reuses the
//! compiled script, which would otherwise look in the old checkout and build the page without
//! the editor. tests/it/build_script.rs holds `editor_bundle` to this.

use std::ffi::OsString;
use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(lingeo_editor)");
    // The directory is committed (its .gitignore), so cargo can watch it for the bundle.
    println!("cargo::rerun-if-changed=web/editor/dist");
    println!("cargo::rerun-if-env-changed=LINGEO_EDITOR");
    if let Some(bundle) = editor_bundle(|name| std::env::var_os(name)) {
        println!("cargo::rustc-cfg=lingeo_editor");
        println!("cargo::rustc-env=LINGEO_EDITOR_BUNDLE={}", bundle.display());
    }
}

/// The editor's bundle to embed, read from the build script's environment `var`: the file
/// `web/editor/dist/editor.js` under `CARGO_MANIFEST_DIR` when it is there and `LINGEO_EDITOR`
/// is not `off`.
pub fn editor_bundle(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    if var("LINGEO_EDITOR").is_some_and(|v| v == "off") {
        return None;
    }
    let manifest = PathBuf::from(var("CARGO_MANIFEST_DIR")?);
    let bundle = manifest.join("web/editor/dist/editor.js");
    bundle.is_file().then_some(bundle)
}
