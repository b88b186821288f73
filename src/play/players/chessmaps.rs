//! The Chessmaps network (docs/players.md §5): from the control map and the leaders' places,
//! an importance per sector, by which the search orders quiet moves.
//!
//! The seed feeds the 64 squares of the chessmap and six king inputs to a network with 16
//! hidden nodes. lingeo reads any board, so its inputs are per sector: for the side to move (the
//! board flipped when Black moves, as the seed flips colours), per sector the share of its points
//! that side controls minus the share the other controls, then the sector of the side's leader
//! and the sector of the opponent's leader, one-hot (33 inputs). A side's **leader** is its first
//! royal piece on the board, or else its goal-owning piece nearest its goals (Pawned's most
//! advanced pawn). One hidden layer of tanh units, one sigmoid output per sector.
//!
//! The weights are trained by `train/src/main.rs` (the `lingeo-train` crate, candle) and shipped in
//! `chessmaps.weights` beside this file, built into the library; inference is plain Rust.

use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use crate::board::Point;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::{Move, State};

use super::control::ControlMap;
use super::sectors::{SECTORS, Sectors};

/// Inputs of the network: control per sector, the own leader's sector, the opponent's.
pub const INPUTS: usize = 3 * SECTORS;
/// At most this many hidden units in a weights file.
pub const MAX_HIDDEN: usize = 256;

/// The shipped weights, written by `train/src/main.rs`.
pub const SHIPPED: &str = include_str!("chessmaps.weights");

/// The shipped weights trained on chess (`lingeo-train --chess`): what `--ordering chessmaps`
/// reads on a game under the rules of chess unless given another network.
pub const SHIPPED_CHESS: &str = include_str!("chessmaps-chess.weights");

/// A network: `hidden` tanh units, `SECTORS` sigmoid outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The number of hidden units, at most [`MAX_HIDDEN`].
    pub hidden: usize,
    /// hidden x INPUTS, row-major.
    pub w1: Vec<f32>,
    /// The hidden units' biases, one per unit.
    pub b1: Vec<f32>,
    /// SECTORS x hidden, row-major.
    pub w2: Vec<f32>,
    /// The outputs' biases, one per sector.
    pub b2: Vec<f32>,
}

/// A weights file that does not read as a network: the line at fault, where there is one
/// (1-based, counting comment lines), and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", line.map_or(String::new(), |l| format!("line {l}: ")))]
pub struct WeightsError {
    /// The line at fault, 1-based; `None` where the file ends too soon.
    pub line: Option<usize>,
    /// What is wrong there.
    pub message: String,
}

impl WeightsError {
    fn at(line: usize, message: String) -> WeightsError {
        WeightsError {
            line: Some(line),
            message,
        }
    }
}

impl Network {
    /// The network shipped with lingeo, read once.
    pub fn shipped() -> Arc<Network> {
        static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
        NETWORK
            .get_or_init(|| {
                Arc::new(Network::parse(SHIPPED).expect("the shipped weights parse (tested)"))
            })
            .clone()
    }

    /// The shipped network trained on chess.
    pub fn shipped_chess() -> Arc<Network> {
        static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
        NETWORK
            .get_or_init(|| {
                Arc::new(Network::parse(SHIPPED_CHESS).expect("the shipped weights parse (tested)"))
            })
            .clone()
    }

    /// The shipped network for `game`: the one trained on chess under the rules of chess, the
    /// seeds' one otherwise.
    pub fn shipped_for(game: &Game) -> Arc<Network> {
        if game.is_chess() {
            Network::shipped_chess()
        } else {
            Network::shipped()
        }
    }

    /// Reads a weights file (the format `Network::write` produces; docs/players.md §5):
    /// `#` comment lines, a header `chessmaps INPUTS HIDDEN OUTPUTS`, then the rows of w1 (each
    /// INPUTS numbers), the line b1, the rows of w2 (each HIDDEN numbers), the line b2.
    pub fn parse(text: &str) -> Result<Network, WeightsError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let (at, header) = lines
            .next()
            .ok_or_else(|| WeightsError::at(1, "the file has no header".to_string()))?;
        let words: Vec<&str> = header.split_whitespace().collect();
        let sizes: Vec<usize> = words
            .iter()
            .skip(1)
            .filter_map(|w| w.parse().ok())
            .collect();
        if words.first() != Some(&"chessmaps") || words.len() != 4 || sizes.len() != 3 {
            return Err(WeightsError::at(
                at,
                format!(
                    "expected the header `chessmaps {INPUTS} HIDDEN {SECTORS}`, found `{header}`"
                ),
            ));
        }
        if sizes[0] != INPUTS || sizes[2] != SECTORS {
            return Err(WeightsError::at(
                at,
                format!(
                    "the network must have {INPUTS} inputs and {SECTORS} outputs, not {} and {}",
                    sizes[0], sizes[2]
                ),
            ));
        }
        let hidden = sizes[1];
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(WeightsError::at(
                at,
                format!("the hidden layer has 1 to {MAX_HIDDEN} units, not {hidden}"),
            ));
        }
        let mut row = |width: usize, what: &str| -> Result<Vec<f32>, WeightsError> {
            let (at, line) = lines.next().ok_or_else(|| WeightsError {
                line: None,
                message: format!("the file ends before {what}"),
            })?;
            let mut out = Vec::with_capacity(width);
            for w in line.split_whitespace() {
                // Read as f64 first: a finite number too large for an f32 is out of range,
                // not "not finite".
                match w.parse::<f64>() {
                    Ok(v) if v.is_finite() && v.abs() <= f64::from(f32::MAX) => out.push(v as f32),
                    Ok(v) if v.is_finite() => {
                        return Err(WeightsError::at(
                            at,
                            format!(
                                "`{w}` in {what} is out of range (a weight is at most {:e} either way)",
                                f32::MAX
                            ),
                        ));
                    }
                    _ => {
                        return Err(WeightsError::at(
                            at,
                            format!("`{w}` in {what} is not a finite number"),
                        ));
                    }
                }
            }
            if out.len() != width {
                return Err(WeightsError::at(
                    at,
                    format!("{what} has {} numbers, expected {width}", out.len()),
                ));
            }
            Ok(out)
        };
        let mut w1 = Vec::with_capacity(hidden * INPUTS);
        for k in 0..hidden {
            w1.extend(row(INPUTS, &format!("row {} of w1", k + 1))?);
        }
        let b1 = row(hidden, "b1")?;
        let mut w2 = Vec::with_capacity(SECTORS * hidden);
        for k in 0..SECTORS {
            w2.extend(row(hidden, &format!("row {} of w2", k + 1))?);
        }
        let b2 = row(SECTORS, "b2")?;
        if let Some((at, _)) = lines.next() {
            return Err(WeightsError::at(at, "text after b2".to_string()));
        }
        Ok(Network {
            hidden,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// The weights file: `comment` as `#` lines, then the format [`Network::parse`] reads, each
    /// number with five decimals (the same network, the same bytes).
    pub fn write(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            let _ = writeln!(out, "# {line}");
        }
        let _ = writeln!(out, "chessmaps {INPUTS} {} {SECTORS}", self.hidden);
        let mut put = |values: &[f32]| {
            let mut first = true;
            for v in values {
                if !first {
                    out.push(' ');
                }
                first = false;
                // -0.00000 and 0.00000 are one number: one spelling.
                let v = if v.abs() < 5e-6 { 0.0 } else { *v };
                let _ = write!(out, "{v:.5}");
            }
            out.push('\n');
        };
        for r in self.w1.chunks(INPUTS) {
            put(r);
        }
        put(&self.b1);
        for r in self.w2.chunks(self.hidden) {
            put(r);
        }
        put(&self.b2);
        out
    }

    /// The importance of each sector (index 0 is sector 1), in (0, 1).
    pub fn predict(&self, input: &[f32; INPUTS]) -> [f32; SECTORS] {
        let mut h = [0f32; MAX_HIDDEN];
        for (k, hk) in h.iter_mut().take(self.hidden).enumerate() {
            let row = &self.w1[k * INPUTS..(k + 1) * INPUTS];
            let z: f32 = row.iter().zip(input).map(|(w, x)| w * x).sum::<f32>() + self.b1[k];
            *hk = z.tanh();
        }
        let mut out = [0f32; SECTORS];
        for (s, o) in out.iter_mut().enumerate() {
            let row = &self.w2[s * self.hidden..(s + 1) * self.hidden];
            let z: f32 = row.iter().zip(&h).map(|(w, x)| w * x).sum::<f32>() + self.b2[s];
            *o = 1.0 / (1.0 + (-z).exp());
        }
        out
    }
}

/// What the network reads of one game, made once: the two partitions and their sector sizes.
#[derive(Clone, Debug)]
pub struct View {
    /// White's partition, then Black's (the board flipped).
    sectors: [Sectors; 2],
    sizes: [[u32; SECTORS]; 2],
}

fn index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

impl View {
    /// The view of `game`'s board: its partition from each side, and how many points each
    /// sector holds.
    pub fn of(game: &Game) -> View {
        let board = &game.scenario.board;
        let sectors = [Sectors::of(board), Sectors::flipped(board)];
        let mut sizes = [[0; SECTORS]; 2];
        for (k, s) in sectors.iter().enumerate() {
            for p in board.points() {
                sizes[k][s.sector(p) - 1] += 1;
            }
        }
        View { sectors, sizes }
    }

    /// The sector of `p` (0-based) seen from `side`.
    pub fn sector(&self, side: Side, p: Point) -> usize {
        self.sectors[index(side)].sector(p) - 1
    }

    /// The network's input for `state`, seen from its side to move.
    pub fn input(&self, game: &Game, state: &State, control: &ControlMap) -> [f32; INPUTS] {
        let side = state.to_move;
        let k = index(side);
        let sign = if side == Side::White { 1 } else { -1 };
        let mut sums = [0i32; SECTORS];
        for p in game.scenario.board.points() {
            sums[self.sector(side, p)] += sign * i32::from(control.control(p));
        }
        let mut input = [0f32; INPUTS];
        for s in 0..SECTORS {
            if self.sizes[k][s] > 0 {
                input[s] = sums[s] as f32 / self.sizes[k][s] as f32;
            }
        }
        for (offset, who) in [(SECTORS, side), (2 * SECTORS, side.opposite())] {
            if let Some(p) = leader(game, state, who) {
                input[offset + self.sector(side, p)] = 1.0;
            }
        }
        input
    }

    /// The sectors a move influences, seen from its side (bit s for sector s + 1): the sector of
    /// its destination and of every point the piece attacks from there (its attack rays, a
    /// slide stopping at the first piece, the point it left being empty). A pass influences none.
    pub fn influence(&self, game: &Game, state: &State, mv: Move) -> u16 {
        let Move::Step {
            piece, from, to, ..
        } = mv
        else {
            return 0;
        };
        let i = usize::from(piece);
        // The move is the side to move's. A piece placed from the reserve in hand takes the
        // placed type's class of that side; any other keeps its class (a flip only follows).
        let side = state.to_move;
        let class = match &game.placement {
            Some(p) if state.at[i].is_none() => p.class[usize::from(side == Side::Black)],
            _ => state.class(i),
        };
        let mut mask = 1u16 << self.sector(side, to);
        let rays = game.attack_rays(class);
        for ray in rays.from(to) {
            for &q in ray {
                mask |= 1 << self.sector(side, q);
                if q != from && state.piece_at(q).is_some() {
                    break;
                }
            }
        }
        mask
    }
}

/// A side's leader: its first royal piece on the board, or else its goal-owning piece nearest
/// its goals (the first of equals); none when it has neither.
pub fn leader(game: &Game, state: &State, side: Side) -> Option<Point> {
    let pieces =
        || {
            state.at.iter().enumerate().filter_map(move |(i, at)| {
                at.filter(|_| state.side(game, i) == side).map(|p| (i, p))
            })
        };
    if let Some((_, p)) = pieces().find(|&(i, _)| game.royal[i]) {
        return Some(p);
    }
    pieces()
        .filter(|&(i, _)| game.owns_goal[i])
        .min_by_key(|&(i, p)| game.goal_distance[i][p.index()])
        .map(|(_, p)| p)
}

/// The Chessmaps ordering's view of a position: the importance of each sector for the side to
/// move, as integers (importance x 10^4) for the move keys.
pub fn importance(game: &Game, view: &View, network: &Network, state: &State) -> [i64; SECTORS] {
    let control = ControlMap::of(game, state);
    let out = network.predict(&view.input(game, state, &control));
    out.map(|v| (f64::from(v) * 1e4).round() as i64)
}

/// The priority of a quiet move: the summed importance of the sectors it influences.
pub fn priority(importance: &[i64; SECTORS], mask: u16) -> i64 {
    (0..SECTORS)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s| importance[s])
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    fn game(name: &str) -> Game {
        let path = format!("{}/examples/{name}.scenario", env!("CARGO_MANIFEST_DIR"));
        Game::new(Scenario::load(std::path::Path::new(&path)).unwrap()).unwrap()
    }

    #[test]
    fn the_shipped_weights_load_and_predict_importances() {
        let net = Network::shipped();
        assert_eq!(
            (net.w1.len(), net.w2.len()),
            (net.hidden * INPUTS, SECTORS * net.hidden)
        );
        let g = game("pawned");
        let view = View::of(&g);
        let s = State::initial(&g);
        let imp = net.predict(&view.input(&g, &s, &ControlMap::of(&g, &s)));
        assert!(imp.iter().all(|v| *v > 0.0 && *v < 1.0), "{imp:?}");
        // The network does not answer a constant: the sectors differ in importance.
        let (lo, hi) = imp
            .iter()
            .fold((1f32, 0f32), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
        assert!(hi - lo > 0.05, "{imp:?}");
        // Written and read again, the same network.
        assert_eq!(Network::parse(&net.write("again")).unwrap(), *net);
    }

    /// A game under the rules of chess reads the network trained on chess; every other game
    /// the seeds' one.
    #[test]
    fn a_chess_game_reads_the_chess_network() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let chess = Game::new(Scenario::from_fen(start).unwrap()).unwrap();
        assert_eq!(*Network::shipped_for(&chess), *Network::shipped_chess());
        assert_eq!(*Network::shipped_for(&game("pawned")), *Network::shipped());
        assert_ne!(*Network::shipped_chess(), *Network::shipped());
    }

    #[test]
    fn bad_weights_files_say_where() {
        let net = Network::shipped();
        let text = net.write("");
        // The line is the error's, not only its text's.
        let e = Network::parse(&text.replacen("\n", "\nx", 1)).unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        let short: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
        assert_eq!(Network::parse(&short).unwrap_err().line, None);
        let e = Network::parse(&text.replacen("chessmaps 33", "chessmaps 34", 1))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("line 1: the network must have 33 inputs"),
            "{e}"
        );
        let e = Network::parse(&text.replacen("\n", "\nx", 1))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("line 2: `x") && e.contains("is not a finite number"),
            "{e}"
        );
        let e = Network::parse(&text.replacen("\n", "\n1e300 ", 1))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("line 2: `1e300`") && e.contains("is out of range"),
            "{e}"
        );
        let e = Network::parse(&text.replacen("\n", "\ninf ", 1))
            .unwrap_err()
            .to_string();
        assert!(e.contains("is not a finite number"), "{e}");
        let short: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
        assert!(
            Network::parse(&short)
                .unwrap_err()
                .to_string()
                .contains("ends before")
        );
        assert!(
            Network::parse("")
                .unwrap_err()
                .to_string()
                .contains("no header")
        );
        let e = Network::parse(&format!("{text}1\n"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("text after b2"), "{e}");
    }

    #[test]
    fn pawned_s_leaders_are_the_most_advanced_pawns_and_black_sees_the_board_flipped() {
        let g = game("pawned");
        let mut s = State::initial(&g);
        let mv = s.parse_move(&g, "c1-c2").unwrap();
        s.make(&g, mv);
        let b = &g.scenario.board;
        assert_eq!(leader(&g, &s, Side::White), b.parse_point("c2").ok());
        let view = View::of(&g);
        // Black to move: its own leader on rank 6 is on its first rank, sector 1, 5 or 3.
        let input = view.input(&g, &s, &ControlMap::of(&g, &s));
        let own: Vec<usize> = (0..SECTORS)
            .filter(|&k| input[SECTORS + k] == 1.0)
            .collect();
        assert_eq!(own.len(), 1);
        assert!([0, 2, 4].contains(&own[0]), "{own:?}");
        // White's pawn on c2 now sits in White's sector 5 (the centre file, low ranks).
        let opp: Vec<usize> = (0..SECTORS)
            .filter(|&k| input[2 * SECTORS + k] == 1.0)
            .collect();
        assert_eq!(
            opp,
            [view.sector(Side::Black, b.parse_point("c2").unwrap())]
        );
    }

    #[test]
    fn a_move_influences_its_destination_and_what_it_attacks_from_there() {
        let g = game("pawned");
        let s = State::initial(&g);
        let view = View::of(&g);
        let mv = s.parse_move(&g, "a1-a2").unwrap();
        // A white pawn on a2 attacks b3: sectors 1 (a2) and 2 (b3 on 5x6: rank 3 is band 1).
        let mask = view.influence(&g, &s, mv);
        let b = &g.scenario.board;
        let expect = (1u16 << view.sector(Side::White, b.parse_point("a2").unwrap()))
            | (1 << view.sector(Side::White, b.parse_point("b3").unwrap()));
        assert_eq!(mask, expect);
        assert_eq!(priority(&[1; SECTORS], mask), i64::from(mask.count_ones()));
    }
}
