//! JSON text as lingeo writes it (the CLI's `--json`, the answers of `lingeo serve`):
//! pretty-printed, but with arrays of short plain values (a trajectory, a list of distances)
//! kept on one line, so that a bundle stays readable.
//!
//! The JSON is written as the value is serialised, into a [`Text`] that holds its buffer
//! against the memory limit before it grows (and against the cap on a result's text, where the
//! server sets one): no tree of the whole value is built first (on a listing of zones that tree
//! took several times the memory of the listing, outside any check), and a text past the limit
//! stops where it passes it.

use std::io;

use serde::Serialize;
use serde_json::ser::{CharEscape, CompactFormatter, Formatter};

use crate::budget::{Exceeded, Text};

/// Why a value was not printed.
#[derive(Debug, thiserror::Error)]
pub enum Unprinted {
    /// The text passed the memory limit, the deadline or the cap on a result's text.
    #[error("{0}")]
    Exceeded(Exceeded),
    /// The value does not serialise (a map with keys that are not strings, say): serde's words.
    #[error("{0}")]
    Invalid(String),
}

/// `value` as JSON text, with a final newline, or why it stopped.
pub fn print(value: &impl Serialize) -> Result<String, Unprinted> {
    let mut text = Text::new("the JSON printed");
    let written = {
        let mut serializer = serde_json::Serializer::with_formatter(&mut text, Pretty::default());
        value.serialize(&mut serializer)
    };
    if let Err(e) = written {
        // A refusal of the text comes through serde as an I/O error: the text says why.
        return Err(match text.finish() {
            Err(stopped) => Unprinted::Exceeded(stopped),
            Ok(_) => Unprinted::Invalid(e.to_string()),
        });
    }
    text.push('\n');
    text.finish().map_err(Unprinted::Exceeded)
}

/// An array or object being written.
enum Open {
    Object,
    /// An array: `pending` holds its items (each written compactly) while every one is a
    /// short scalar, which keeps it on one line; the first item that is not one writes them
    /// out one a line, and the rest go straight to the writer.
    Array {
        pending: Option<Vec<Vec<u8>>>,
    },
}

/// The formatter: two spaces an indent, a key and its value on one line, arrays of short
/// scalars (numbers, booleans, null, strings of at most 16 characters) on one line.
#[derive(Default)]
struct Pretty {
    open: Vec<Open>,
    /// The characters of the string being written, to tell a short one.
    string_chars: usize,
}

/// Strings of at most this many characters count as short (point names).
const SHORT: usize = 16;

impl Pretty {
    /// The item being written of the innermost array, where it is still kept on one line.
    fn pending(&mut self) -> Option<&mut Vec<u8>> {
        match self.open.last_mut() {
            Some(Open::Array {
                pending: Some(items),
            }) => items.last_mut(),
            _ => None,
        }
    }

    /// Writes the innermost array's items kept so far one a line (an item that is not a
    /// short scalar has come), so that the rest go straight to the writer.
    fn expand<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        let depth = self.open.len();
        if let Some(Open::Array { pending }) = self.open.last_mut()
            && let Some(items) = pending.take()
        {
            writer.write_all(b"[")?;
            for (k, item) in items.iter().enumerate() {
                writer.write_all(if k == 0 { b"\n" } else { b",\n" })?;
                indent(writer, depth)?;
                writer.write_all(item)?;
            }
        }
        Ok(())
    }

    /// Before a nested array or object: the array it is an item of is not one of scalars.
    fn nest<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if self.pending().is_some() {
            self.expand(writer)?;
        }
        Ok(())
    }
}

fn indent<W: ?Sized + io::Write>(writer: &mut W, depth: usize) -> io::Result<()> {
    for _ in 0..depth {
        writer.write_all(b"  ")?;
    }
    Ok(())
}

/// A scalar: into the pending item of a one-line array, or straight to the writer.
macro_rules! scalar {
    ($($name:ident: $t:ty),* $(,)?) => {
        $(
            fn $name<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: $t) -> io::Result<()> {
                match self.pending() {
                    Some(item) => CompactFormatter.$name(item, value),
                    None => CompactFormatter.$name(writer, value),
                }
            }
        )*
    };
}

impl Formatter for Pretty {
    scalar!(
        write_bool: bool,
        write_i8: i8,
        write_i16: i16,
        write_i32: i32,
        write_i64: i64,
        write_i128: i128,
        write_u8: u8,
        write_u16: u16,
        write_u32: u32,
        write_u64: u64,
        write_u128: u128,
        write_f32: f32,
        write_f64: f64,
        write_number_str: &str,
        write_raw_fragment: &str,
    );

    fn write_null<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match self.pending() {
            Some(item) => CompactFormatter.write_null(item),
            None => CompactFormatter.write_null(writer),
        }
    }

    fn begin_string<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.string_chars = 0;
        match self.pending() {
            Some(item) => CompactFormatter.begin_string(item),
            None => CompactFormatter.begin_string(writer),
        }
    }

    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        self.string_chars += fragment.chars().count();
        match self.pending() {
            Some(item) => CompactFormatter.write_string_fragment(item, fragment),
            None => CompactFormatter.write_string_fragment(writer, fragment),
        }
    }

    fn write_char_escape<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        escape: CharEscape,
    ) -> io::Result<()> {
        self.string_chars += 1;
        match self.pending() {
            Some(item) => CompactFormatter.write_char_escape(item, escape),
            None => CompactFormatter.write_char_escape(writer, escape),
        }
    }

    fn end_string<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match self.pending() {
            Some(item) => {
                CompactFormatter.end_string(item)?;
                if self.string_chars > SHORT {
                    self.expand(writer)?;
                }
                Ok(())
            }
            None => CompactFormatter.end_string(writer),
        }
    }

    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.nest(writer)?;
        self.open.push(Open::Array {
            pending: Some(Vec::new()),
        });
        Ok(())
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match self.open.pop() {
            Some(Open::Array {
                pending: Some(items),
            }) => {
                writer.write_all(b"[")?;
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        writer.write_all(b",")?;
                    }
                    writer.write_all(item)?;
                }
                writer.write_all(b"]")
            }
            _ => {
                writer.write_all(b"\n")?;
                indent(writer, self.open.len())?;
                writer.write_all(b"]")
            }
        }
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        let depth = self.open.len();
        match self.open.last_mut() {
            Some(Open::Array {
                pending: Some(items),
            }) => {
                items.push(Vec::new());
                Ok(())
            }
            _ => {
                writer.write_all(if first { b"\n" } else { b",\n" })?;
                indent(writer, depth)
            }
        }
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        Ok(())
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.nest(writer)?;
        self.open.push(Open::Object);
        writer.write_all(b"{")
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open.pop();
        writer.write_all(b"\n")?;
        indent(writer, self.open.len())?;
        writer.write_all(b"}")
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        writer.write_all(if first { b"\n" } else { b",\n" })?;
        indent(writer, self.open.len())
    }

    fn end_object_key<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        Ok(())
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// The printer before it streamed: the value's tree, written recursively. The streaming
    /// printer must write the same bytes (the snapshots of every `--json` are in this shape).
    fn by_tree(value: &Value) -> String {
        fn write(value: &Value, indent: usize, out: &mut String) {
            let pad = |n: usize| "  ".repeat(n);
            let short = |v: &Value| match v {
                Value::String(s) => s.chars().count() <= SHORT,
                Value::Array(_) | Value::Object(_) => false,
                _ => true,
            };
            match value {
                Value::Array(items) if items.iter().all(short) => {
                    out.push_str(&serde_json::to_string(value).unwrap());
                }
                Value::Array(items) => {
                    out.push_str("[\n");
                    for (i, item) in items.iter().enumerate() {
                        out.push_str(&pad(indent + 1));
                        write(item, indent + 1, out);
                        out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
                    }
                    out.push_str(&pad(indent));
                    out.push(']');
                }
                Value::Object(map) => {
                    out.push_str("{\n");
                    for (i, (key, item)) in map.iter().enumerate() {
                        out.push_str(&pad(indent + 1));
                        out.push_str(&serde_json::to_string(key).unwrap());
                        out.push_str(": ");
                        write(item, indent + 1, out);
                        out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
                    }
                    out.push_str(&pad(indent));
                    out.push('}');
                }
                scalar => out.push_str(&serde_json::to_string(scalar).unwrap()),
            }
        }
        let mut out = String::new();
        write(value, 0, &mut out);
        out.push('\n');
        out
    }

    #[test]
    fn streaming_writes_what_the_tree_wrote() {
        let values = [
            json!(null),
            json!(1.5),
            json!("a1"),
            json!([]),
            json!({}),
            json!({"a": {}, "b": [], "c": [[]], "d": [{}]}),
            json!(["a1", "b2", 3, null, true, -4.25]),
            json!(["a1", "a string of more than sixteen characters", "b2"]),
            json!(["sixteen chars ok", "seventeen chars!!"]),
            json!(["a\"b\\c\nd\u{1}", "é", "\t"]),
            json!([["a1", "b2"], ["c3"]]),
            json!([1, [2], 3]),
            json!([1, {"x": 2}, 3]),
            json!({"pairs": [{"from": "WR", "list": [{"main": ["a1", "d1", "d8"], "rank": 0.25}]}]}),
            json!([[[1, 2], [3]], []]),
            json!({"k\"ey": [1, 2], "n": 18446744073709551615u64, "i": -9223372036854775808i64}),
        ];
        for v in &values {
            assert_eq!(print(v).unwrap(), by_tree(v), "{v}");
        }
    }

    #[test]
    fn structs_write_their_fields_in_order() {
        #[derive(Serialize)]
        struct Row {
            name: &'static str,
            path: Vec<&'static str>,
            big: u128,
            skip: Option<u32>,
            nan: f64,
        }
        let row = Row {
            name: "x",
            path: vec!["a1", "b2"],
            big: 7,
            skip: None,
            nan: f64::NAN,
        };
        assert_eq!(
            print(&row).unwrap(),
            by_tree(&serde_json::to_value(&row).unwrap())
        );
    }

    #[test]
    fn a_text_past_the_memory_limit_stops_with_the_limit() {
        let many: Vec<Vec<String>> = (0..100_000)
            .map(|i| vec![format!("point-{i}"); 8])
            .collect();
        let e = crate::memory::with_limit(1 << 20, || print(&many)).unwrap_err();
        match e {
            Unprinted::Exceeded(Exceeded::Memory(e)) => assert_eq!(e.limit, 1 << 20),
            other => panic!("{other:?}"),
        }
    }
}
