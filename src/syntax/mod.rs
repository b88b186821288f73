//! Syntax shared by lingeo's file formats: token streams for nom and diagnostics.
//! Knows nothing of boards or evaluation.

pub mod diagnostic;
mod excerpt;
pub mod lexing;
pub mod read;
pub mod recovery;
pub mod suggest;
pub mod tokens;

pub use diagnostic::{Diagnostic, SourceErrors, Span, render, render_warnings};
pub use read::{MAX_FILE_BYTES, ReadError, read_source};
