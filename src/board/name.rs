//! Point names, spelled from the coordinates when asked for: `a1` on 2D grids of up to 26 files,
//! `(x,y)` or `(x,y,z)` (1-based) on larger or 3D grids. A board stores no grid name, so a
//! 1024x1024 board costs nothing until a point is printed.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

use super::Shape;

/// Room for the longest name of a board point: `(x,y,z)` with coordinates of at most seven
/// digits (a board has at most [`super::MAX_CELLS`] cells).
const INLINE: usize = 32;

/// A point's name: a graph point's stored name, or a grid point's spelled on the stack.
/// Reads as a `&str` (`Deref`), prints with `Display`, serialises as a string.
#[derive(Clone, Copy)]
pub struct PointName<'a>(Repr<'a>);

#[derive(Clone, Copy)]
enum Repr<'a> {
    Stored(&'a str),
    Spelled { len: u8, bytes: [u8; INLINE] },
}

impl<'a> PointName<'a> {
    pub(super) fn graph(name: &'a str) -> PointName<'a> {
        PointName(Repr::Stored(name))
    }

    /// The name of 1-based coordinates on a grid of this shape.
    pub(super) fn grid(shape: &Shape, c: [i64; 3]) -> PointName<'a> {
        let mut buf = Spelling {
            len: 0,
            bytes: [0; INLINE],
        };
        write_coords(shape, c, &mut buf);
        PointName(Repr::Spelled {
            len: buf.len as u8,
            bytes: buf.bytes,
        })
    }

    /// The name as text (`h8`, `(2,3)`, a graph point's own name).
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Stored(s) => s,
            Repr::Spelled { len, bytes } => {
                std::str::from_utf8(&bytes[..*len as usize]).expect("names are ASCII")
            }
        }
    }
}

impl Deref for PointName<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for PointName<'_> {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for PointName<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for PointName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad`, not `write_str`, so that widths and alignment apply as they do to a `&str`.
        f.pad(self.as_str())
    }
}

impl fmt::Debug for PointName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for PointName<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for PointName<'_> {}

impl PartialEq<str> for PointName<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for PointName<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<PointName<'_>> for &str {
    fn eq(&self, other: &PointName<'_>) -> bool {
        *self == other.as_str()
    }
}

impl serde::Serialize for PointName<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// The names of a board's points, spelled once into one string.
#[derive(Debug)]
pub(super) struct NameTable {
    text: String,
    /// Where each name starts in `text`, and one more for the end of the last.
    starts: Vec<u32>,
}

impl NameTable {
    /// The names of the points of a grid, by their 1-based coordinates in enumeration order.
    pub(super) fn new(shape: &Shape, points: impl ExactSizeIterator<Item = [i64; 3]>) -> NameTable {
        let mut starts = Vec::with_capacity(points.len() + 1);
        let mut text = String::new();
        starts.push(0);
        for c in points {
            write_coords(shape, c, &mut text);
            starts.push(text.len() as u32);
        }
        NameTable { text, starts }
    }

    pub(super) fn get(&self, i: usize) -> &str {
        &self.text[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// Where a name is spelled: a `String`, or a [`PointName`]'s fixed buffer.
pub(super) trait Spell {
    fn push_byte(&mut self, b: u8);
}

impl Spell for String {
    fn push_byte(&mut self, b: u8) {
        self.push(b as char);
    }
}

struct Spelling {
    len: usize,
    bytes: [u8; INLINE],
}

impl Spell for Spelling {
    fn push_byte(&mut self, b: u8) {
        // Coordinates off any board (in error messages) are spelled into a `String` instead.
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }
}

/// Spells 1-based coordinates as the board names them, whether or not the cell is present.
pub(super) fn write_coords(shape: &Shape, c: [i64; 3], out: &mut impl Spell) {
    match *shape {
        Shape::Grid { dims: [w, _, 1] } if w <= 26 && (1..=26).contains(&c[0]) && c[2] == 1 => {
            out.push_byte(b'a' + (c[0] - 1) as u8);
            write_int(c[1], out);
        }
        Shape::Grid { dims: [_, _, 1] } if c[2] == 1 => write_tuple(&c[..2], out),
        _ => write_tuple(&c, out),
    }
}

fn write_tuple(c: &[i64], out: &mut impl Spell) {
    out.push_byte(b'(');
    for (i, &x) in c.iter().enumerate() {
        if i > 0 {
            out.push_byte(b',');
        }
        write_int(x, out);
    }
    out.push_byte(b')');
}

/// Decimal digits without the formatting machinery: printers spell millions of names.
fn write_int(x: i64, out: &mut impl Spell) {
    if x < 0 {
        out.push_byte(b'-');
    }
    let mut v = x.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push_byte(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spelled(shape: &Shape, c: [i64; 3]) -> String {
        let mut s = String::new();
        write_coords(shape, c, &mut s);
        s
    }

    #[test]
    fn spells_like_the_format_macro() {
        let chess = Shape::Grid { dims: [8, 8, 1] };
        let wide = Shape::Grid { dims: [30, 2, 1] };
        let cube = Shape::Grid { dims: [4, 4, 4] };
        assert_eq!(spelled(&chess, [1, 1, 1]), "a1");
        assert_eq!(spelled(&chess, [8, 10, 1]), "h10");
        assert_eq!(spelled(&chess, [0, -3, 1]), "(0,-3)");
        assert_eq!(spelled(&chess, [27, 1, 1]), "(27,1)");
        assert_eq!(spelled(&chess, [1, 1, 2]), "(1,1,2)");
        assert_eq!(spelled(&wide, [3, 2, 1]), "(3,2)");
        assert_eq!(spelled(&cube, [1, 2, 3]), "(1,2,3)");
        assert_eq!(
            spelled(&cube, [i64::MIN, i64::MAX, 0]),
            format!("({},{},0)", i64::MIN, i64::MAX)
        );
        let big = [1_048_576, 1_048_576, 1_048_576];
        assert_eq!(
            PointName::grid(&cube, big).as_str(),
            "(1048576,1048576,1048576)"
        );
    }

    #[test]
    fn a_name_pads_like_a_str() {
        let name = PointName::grid(&Shape::Grid { dims: [8, 8, 1] }, [2, 3, 1]);
        assert_eq!(format!("[{name:>4}]"), "[  b3]");
        assert_eq!(format!("{name:?}"), "\"b3\"");
        assert_eq!(name, "b3");
    }
}
