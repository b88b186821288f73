//! Which piece a request is about: a placed piece by name, or a piece type of a side, and the
//! motion (moves or attacks) it asks for.

use super::Workbench;
use super::error::{ApiError, Result};
use crate::board::Point;
use crate::kernel::MotionId;
use crate::piece::{Side, Usage};

/// A piece a request chose: its label in results, its motion and, for a placed piece, its
/// point.
#[derive(Clone, Debug)]
pub struct Chosen {
    /// `WK (white king)` for a placed piece, `type king (white)` for a type.
    pub label: String,
    /// The motion of its moves or its attacks.
    pub motion: MotionId,
    /// Where a placed piece stands (none for a type).
    pub at: Option<Point>,
    /// Its type's name.
    pub type_name: String,
    /// Its side.
    pub side: Side,
}

impl Workbench {
    /// The piece `piece` names (a placed piece, or where none has that name a piece type) or
    /// the type `type_name` names (always a type, of `side`, White by default), with the motion
    /// of `usage`.
    ///
    /// ```
    /// use lingeo::piece::{Side, Usage};
    /// let bench = lingeo::api::Workbench::from_text("board 8x8\nblack king at a8 as BK\n", "k")
    ///     .unwrap();
    /// assert_eq!(bench.choose(Some("BK"), None, None, Usage::Move).unwrap().label, "BK (black king)");
    /// let rook = bench.choose(None, Some("rook"), Some(Side::Black), Usage::Move).unwrap();
    /// assert_eq!(rook.label, "type rook (black)");
    /// assert!(bench.choose(Some("BQ"), None, None, Usage::Move).is_err());
    /// ```
    pub fn choose(
        &self,
        piece: Option<&str>,
        type_name: Option<&str>,
        side: Option<Side>,
        usage: Usage,
    ) -> Result<Chosen> {
        let s = self.scenario();
        let closest = |word: &str, names: Vec<&str>| {
            crate::syntax::suggest::closest(word, names)
                .map_or(String::new(), |n| format!(" (did you mean `{n}`?)"))
        };
        let type_chosen = |index: usize, side: Option<Side>| {
            let side = side.unwrap_or(Side::White);
            let type_name = s.types[index].name.clone();
            Chosen {
                label: format!("type {type_name} ({side})"),
                motion: self.kernel().motion(index, side, usage),
                at: None,
                type_name,
                side,
            }
        };
        if piece.is_some() && type_name.is_some() {
            return Err(ApiError::request(
                Some("type_name"),
                "give a placed piece or a piece type, not both",
            ));
        }
        if let Some(name) = type_name {
            let Some(index) = s.type_index(name) else {
                let hint = closest(name, s.types.iter().map(|t| t.name.as_str()).collect());
                return Err(ApiError::request(
                    Some("type_name"),
                    format!("no piece type is named `{name}`{hint}"),
                ));
            };
            return Ok(type_chosen(index, side));
        }
        let Some(name) = piece else {
            return Err(ApiError::request(
                Some("piece"),
                "give a placed piece or a piece type",
            ));
        };
        if let Some(p) = s.piece(name) {
            if side.is_some() {
                return Err(ApiError::request(
                    Some("side"),
                    format!("{name} is a placed piece: a side goes with a piece type"),
                ));
            }
            let type_name = s.types[p.type_index].name.clone();
            return Ok(Chosen {
                label: format!("{} ({} {type_name})", p.name, p.side),
                motion: self.kernel().motion(p.type_index, p.side, usage),
                at: Some(p.at),
                type_name,
                side: p.side,
            });
        }
        if let Some(index) = s.type_index(name) {
            return Ok(type_chosen(index, side));
        }
        let names = s
            .pieces
            .iter()
            .map(|p| p.name.as_str())
            .chain(s.types.iter().map(|t| t.name.as_str()))
            .collect();
        Err(ApiError::request(
            Some("piece"),
            format!(
                "no placed piece or piece type is named `{name}`{}",
                closest(name, names)
            ),
        ))
    }

    /// The point a chosen piece starts from: `from`, or where the placed piece stands.
    pub fn origin(&self, chosen: &Chosen, from: Option<&str>) -> Result<Point> {
        match (from, chosen.at) {
            (Some(text), Some(at)) => {
                let p = self.point("from", text)?;
                if p != at {
                    return Err(ApiError::request(
                        Some("from"),
                        format!(
                            "the placed piece {} stands on {}, not {text}: give no origin, or its type",
                            chosen.label,
                            self.scenario().board.name(at)
                        ),
                    ));
                }
                Ok(p)
            }
            (Some(text), None) => self.point("from", text),
            (None, Some(at)) => Ok(at),
            (None, None) => Err(ApiError::request(
                Some("from"),
                format!(
                    "a piece type needs a point to start from ({} stands nowhere)",
                    chosen.label
                ),
            )),
        }
    }
}
