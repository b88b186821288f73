//! What a grammar runs on: the board, its distance kernel and the pieces.

use super::value::Names;
use crate::board::{Board, Point};
use crate::kernel::{Kernel, MotionId};
use crate::piece::{Side, Usage};
use crate::scenario::Scenario;

#[derive(Clone, Debug)]
pub struct WorldPiece {
    pub name: String,
    pub side: Side,
    pub type_index: usize,
    /// `None` for a piece given by type only (it has no ON).
    pub at: Option<Point>,
    pub moves: MotionId,
    pub attacks: MotionId,
    pub value: f64,
}

/// The board, the kernel and the pieces a grammar reads through its built-ins.
pub struct World<'s> {
    pub scenario: &'s Scenario,
    pub kernel: &'s Kernel,
    /// The placed pieces (PIECES) first, then pieces given by type only.
    pub pieces: Vec<WorldPiece>,
    pub placed: usize,
}

impl<'s> World<'s> {
    pub fn new(scenario: &'s Scenario, kernel: &'s Kernel) -> World<'s> {
        let pieces: Vec<WorldPiece> = scenario
            .pieces
            .iter()
            .map(|p| WorldPiece {
                name: p.name.clone(),
                side: p.side,
                type_index: p.type_index,
                at: Some(p.at),
                moves: kernel.motion(p.type_index, p.side, Usage::Move),
                attacks: kernel.motion(p.type_index, p.side, Usage::Attack),
                value: scenario.types[p.type_index].value,
            })
            .collect();
        let placed = pieces.len();
        World {
            scenario,
            kernel,
            pieces,
            placed,
        }
    }

    pub fn board(&self) -> &Board {
        &self.scenario.board
    }

    /// A piece by a placed piece's name, or a new unplaced piece of a type and side. With a
    /// side the name is a type's, even where a placed piece has the same name (a placed
    /// piece's default name is its type's).
    pub fn piece(&mut self, name: &str, side: Option<Side>) -> Result<u32, String> {
        let placed = self.pieces[..self.placed]
            .iter()
            .position(|p| p.name == name);
        let type_index = self.scenario.type_index(name);
        match (placed, side, type_index) {
            (Some(i), None, _) => return Ok(i as u32),
            (Some(_), Some(_), None) => {
                return Err(format!(
                    "{name} is a placed piece; a side applies to piece types"
                ));
            }
            _ => {}
        }
        let Some(t) = type_index else {
            let pieces: Vec<&str> = self.pieces[..self.placed]
                .iter()
                .map(|p| p.name.as_str())
                .collect();
            let types: Vec<&str> = self
                .scenario
                .types
                .iter()
                .map(|t| t.name.as_str())
                .collect();
            return Err(format!(
                "`{name}` is neither a placed piece nor a piece type (placed pieces: {}; piece types: {})",
                if pieces.is_empty() {
                    "none".to_string()
                } else {
                    pieces.join(", ")
                },
                types.join(", ")
            ));
        };
        let side = side.unwrap_or(Side::White);
        if let Some(i) = self.pieces[self.placed..]
            .iter()
            .position(|p| p.type_index == t && p.side == side)
        {
            return Ok((self.placed + i) as u32);
        }
        self.pieces.push(WorldPiece {
            name: format!("{name} ({side})"),
            side,
            type_index: t,
            at: None,
            moves: self.kernel.motion(t, side, Usage::Move),
            attacks: self.kernel.motion(t, side, Usage::Attack),
            value: self.scenario.types[t].value,
        });
        Ok(self.pieces.len() as u32 - 1)
    }

    /// Calls `f` with what printing a value on this board needs, for a program whose enums
    /// have the values `enums`.
    pub fn with_names<R>(&self, enums: &[Vec<String>], f: impl FnOnce(&Names<'_>) -> R) -> R {
        let pieces: Vec<String> = self.pieces.iter().map(|p| p.name.clone()).collect();
        f(&Names {
            board: self.board(),
            pieces: &pieces,
            enums,
        })
    }
}
