//! Embeds the page's code editor when it has been built: web/editor/build.sh bundles CodeMirror
//! (pinned in web/editor/package-lock.json) into web/editor/dist/editor.js, which is not
//! committed. With the bundle, `cfg(lingeo_editor)` is set and `LINGEO_EDITOR_BUNDLE` names it
//! (src/serve/page/mod.rs serves it as /editor.js); without it the page keeps plain text areas.
//! `LINGEO_EDITOR=off` builds without the bundle even when it is there.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(lingeo_editor)");
    // The directory is committed (its .gitignore), so cargo can watch it for the bundle.
    println!("cargo::rerun-if-changed=web/editor/dist");
    println!("cargo::rerun-if-env-changed=LINGEO_EDITOR");
    let bundle = Path::new(env!("CARGO_MANIFEST_DIR")).join("web/editor/dist/editor.js");
    let off = std::env::var("LINGEO_EDITOR").is_ok_and(|v| v == "off");
    if bundle.is_file() && !off {
        println!("cargo::rustc-cfg=lingeo_editor");
        println!("cargo::rustc-env=LINGEO_EDITOR_BUNDLE={}", bundle.display());
    }
}
