//! Reading an input file (a scenario, a grammar, an import, a cases file): the one place where
//! lingeo opens files to parse, so that every one gets the same guards.
//!
//! Only regular files are read: a folder, a FIFO, a device or a socket is refused by what its
//! metadata says, before it is opened (opening a FIFO for reading waits for a writer, and a
//! device such as `/dev/zero` never ends). A file is read through `Read::take`, so that nothing
//! larger than [`MAX_FILE_BYTES`] is ever held in memory, even one that grows while it is read;
//! text that is not UTF-8 gets a diagnostic at its first invalid byte; a UTF-8 byte-order mark
//! at the start (which some editors write) is dropped.

use std::io::Read;
use std::path::Path;

use super::{Diagnostic, SourceErrors};

/// The most bytes an input file may have: 16 MiB, far beyond any scenario or grammar.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Why an input file could not be read as text.
#[derive(Debug)]
pub enum ReadError {
    /// It could not be opened or read, is not a regular file (a folder, a FIFO, a device), or
    /// is larger than [`MAX_FILE_BYTES`]: the message says which.
    Io(std::io::Error),
    /// It is not UTF-8: a diagnostic at the first invalid byte, with its line, column and
    /// byte offset.
    NotUtf8(SourceErrors),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::NotUtf8(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads the regular file at `path` as UTF-8 text of at most [`MAX_FILE_BYTES`] bytes, without
/// a byte-order mark at its start; `path` also names it in the diagnostic of text that is not
/// UTF-8.
pub fn read_source(path: &Path) -> Result<String, ReadError> {
    read_limited(path, MAX_FILE_BYTES)
}

/// [`read_source`] with another limit (for tests).
fn read_limited(path: &Path, limit: u64) -> Result<String, ReadError> {
    // The metadata, not the opened file's: opening a FIFO blocks until something writes to it.
    let metadata = std::fs::metadata(path).map_err(ReadError::Io)?;
    if metadata.is_dir() {
        return Err(ReadError::Io(std::io::Error::other(
            "it is a folder, not a file",
        )));
    }
    if !metadata.is_file() {
        return Err(ReadError::Io(std::io::Error::other(
            "it is not a regular file (a FIFO, a device or a socket): lingeo reads only files",
        )));
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::Io(std::io::Error::other(format!(
            "the file is larger than {}, the most lingeo reads",
            size(limit)
        ))));
    }
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        ReadError::NotUtf8(not_utf8(
            &path.display().to_string(),
            e.as_bytes(),
            e.utf8_error(),
        ))
    })
}

/// The UTF-8 byte-order mark, U+FEFF: no part of the text.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The diagnostic of `bytes`, which are not UTF-8: at the first invalid byte, in a copy of the
/// text with the invalid sequences replaced by U+FFFD (the text before is unchanged, so the
/// span is the same in both).
fn not_utf8(path: &str, bytes: &[u8], error: std::str::Utf8Error) -> SourceErrors {
    let offset = error.valid_up_to();
    // The prefix is valid UTF-8 by the error's own account.
    let before = std::str::from_utf8(&bytes[..offset]).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    let bad = &bytes[offset..(offset + error.error_len().unwrap_or(bytes.len() - offset))];
    let shown: Vec<String> = bad.iter().map(|b| format!("0x{b:02X}")).collect();
    let source = String::from_utf8_lossy(bytes).into_owned();
    let replacement = char::REPLACEMENT_CHARACTER.len_utf8();
    let diagnostic = Diagnostic::new(
        format!(
            "the file is not UTF-8 text: invalid byte{} {} at line {line}, column {column} (byte offset {offset})",
            if bad.len() == 1 { "" } else { "s" },
            shown.join(" "),
        ),
        offset..offset + replacement,
    )
    .with_label(if error.error_len().is_some() {
        "not UTF-8"
    } else {
        "the file ends inside a character"
    })
    .with_note("lingeo reads files as UTF-8; save it as UTF-8 (plain ASCII is UTF-8)");
    SourceErrors {
        path: path.to_string(),
        source,
        diagnostics: vec![diagnostic],
    }
}

/// `16 MiB`, or the bytes when not a whole number of MiB.
fn size(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("lingeo-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn reads_up_to_the_limit_and_refuses_more() {
        let path = temp("ten.txt", b"0123456789");
        assert_eq!(read_limited(&path, 10).unwrap(), "0123456789");
        let e = read_limited(&path, 9).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the file is larger than 9 bytes, the most lingeo reads"
        );
    }

    #[test]
    fn refuses_a_folder() {
        let dir = std::env::temp_dir();
        let e = read_source(&dir).unwrap_err();
        assert_eq!(e.to_string(), "it is a folder, not a file");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn refuses_a_device() {
        let e = read_source(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "it is not a regular file (a FIFO, a device or a socket): lingeo reads only files"
        );
    }

    #[cfg(unix)]
    #[test]
    fn refuses_a_fifo_without_waiting_for_a_writer() {
        let dir = std::env::temp_dir().join(format!("lingeo-read-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe.scenario");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        // On a thread, so that a reader that opens the FIFO fails the test instead of hanging.
        let (send, receive) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || send.send(read_source(&path).map_err(|e| e.to_string())));
        let result = receive
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("reading a FIFO must not block");
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            result.unwrap_err(),
            "it is not a regular file (a FIFO, a device or a socket): lingeo reads only files"
        );
    }

    #[test]
    fn drops_a_byte_order_mark() {
        let path = temp("bom.txt", b"\xEF\xBB\xBFboard 8x8\n");
        assert_eq!(read_source(&path).unwrap(), "board 8x8\n");
        // Only at the start.
        let path = temp("bom-inside.txt", b"a\xEF\xBB\xBF");
        assert_eq!(read_source(&path).unwrap(), "a\u{feff}");
    }

    #[test]
    fn locates_the_first_invalid_byte() {
        let path = temp("latin1.txt", b"board 8x8\nwhite king at a1 as K\xe9nig\n");
        let Err(ReadError::NotUtf8(e)) = read_source(&path) else {
            panic!("not UTF-8");
        };
        let d = &e.diagnostics[0];
        assert_eq!(
            d.message,
            "the file is not UTF-8 text: invalid byte 0xE9 at line 2, column 22 (byte offset 31)"
        );
        assert_eq!(&e.source[d.span.clone()], "\u{fffd}");
        let text = e.render();
        assert!(text.contains(":2:22 ]"), "{text}");
    }

    #[test]
    fn a_truncated_character_at_the_end() {
        let path = temp("cut.txt", b"caf\xc3");
        let Err(ReadError::NotUtf8(e)) = read_source(&path) else {
            panic!("not UTF-8");
        };
        let d = &e.diagnostics[0];
        assert!(
            d.message
                .contains("invalid byte 0xC3 at line 1, column 4 (byte offset 3)")
        );
        assert_eq!(d.label, "the file ends inside a character");
    }
}
