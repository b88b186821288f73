//! The page: HTML, CSS and JavaScript built into the binary (plain files here), and the code
//! editor (CodeMirror, bundled by web/editor/build.sh) when it was built before the binary.

use axum::http::header;
use axum::response::{Html, IntoResponse};

pub async fn index() -> Html<&'static str> {
    Html(include_str!("index.html"))
}

pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("app.js"),
    )
}

/// The page's state in its URL and in the browser's storage.
pub async fn share() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("share.js"),
    )
}

/// Pictures, answers and texts as files.
pub async fn export() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("export.js"),
    )
}

/// The code editor (`window.LingeoEditor`, web/editor/editor.js bundled with CodeMirror), when
/// the bundle was there at build time (build.rs); else plain-editor.js, text areas with the
/// same interface and a note on how to get the editor.
pub async fn editor() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        EDITOR,
    )
}

#[cfg(lingeo_editor)]
const EDITOR: &str = include_str!(env!("LINGEO_EDITOR_BUNDLE"));
#[cfg(not(lingeo_editor))]
const EDITOR: &str = include_str!("plain-editor.js");

pub async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("style.css"),
    )
}

/// The page's icon, also at `/favicon.ico`, where browsers ask for one unprompted.
pub async fn icon() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "image/svg+xml")],
        include_str!("favicon.svg"),
    )
}
