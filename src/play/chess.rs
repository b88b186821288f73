//! The rules of chess as it is played (`rules chess`, docs/play-and-search.md §1.5), compiled
//! for a game: which classes are the pawns, kings and rooks, what a pawn may become, the ranks
//! of the double step and of promotion, the castling ways, and the extra Zobrist keys (castling
//! rights, en passant square). The moves themselves are made by [`super::state::State`] on the
//! same rays as every other game: these rules add moves (double step, en passant, promotion,
//! castling) and endings (fifty moves, repetition, insufficient material) to it.

use crate::board::{Board, Point};
use crate::piece::Side;
use crate::play::game::{Class, GameError, Rays, add_class};
use crate::play::rules::Castling;
use crate::random::SplitMix;
use crate::scenario::Scenario;

/// The built-in types, by their index in every scenario's types.
pub const KING: usize = 0;
/// The queen's type index.
pub const QUEEN: usize = 1;
/// The rook's type index.
pub const ROOK: usize = 2;
/// The bishop's type index.
pub const BISHOP: usize = 3;
/// The knight's type index.
pub const KNIGHT: usize = 4;
/// The pawn's type index.
pub const PAWN: usize = 5;

/// The types whose classes a game under the rules of chess has from the start (for both
/// sides), whether or not a piece of them stands on the board: a pawn may become any of them.
pub(crate) const CLASS_TYPES: [usize; 6] = [KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN];

/// What a pawn may become, in the order moves list them (queen first).
pub const PROMOTIONS: [usize; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// The board width castling is defined on (the king on file e, rooks on a and h).
pub const CASTLING_WIDTH: u32 = 8;

/// One of the four castlings: the right it needs, where king and rook stand and go, the points
/// that must be empty, and the points the king stands on, crosses and reaches, none of which
/// may be attacked.
#[derive(Clone, Debug)]
pub(crate) struct CastleWay {
    pub(crate) right: u8,
    pub(crate) side: Side,
    pub(crate) king_from: Point,
    pub(crate) king_to: Point,
    pub(crate) rook_from: Point,
    pub(crate) rook_to: Point,
    pub(crate) empty: Vec<Point>,
    pub(crate) safe: Vec<Point>,
}

/// The rules of chess compiled for one game.
#[derive(Clone, Debug)]
pub(crate) struct ChessGame {
    /// Per side (White, Black): the class of its pawns, king and rooks.
    pub(crate) pawn: [usize; 2],
    pub(crate) king: [usize; 2],
    pub(crate) rook: [usize; 2],
    /// Per side: the classes a pawn may become, queen first.
    pub(crate) promotions: [[usize; 4]; 2],
    /// Per side: the rank (0-based) a pawn double-steps from, and the rank it promotes on.
    pub(crate) start_rank: [i32; 2],
    pub(crate) last_rank: [i32; 2],
    /// Per side: the rank direction a pawn moves in.
    pub(crate) forward: [i32; 2],
    /// The castlings the board has (none on boards not 8 files wide).
    pub(crate) ways: Vec<CastleWay>,
    /// Per point: the castling rights that survive a move from or to it.
    pub(crate) rights_kept: Vec<u8>,
    /// Whether every piece is of a built-in chess type, whose attack rays run alike both ways
    /// (a pawn's reversed are the other side's): then [`super::state::State::attacked`] looks
    /// from the point outward, along each type's rays, instead of from every piece.
    pub(crate) builtin_only: bool,
    /// Keys of the four castling rights, and of an en passant point per point.
    pub(crate) castling_keys: [u64; 4],
    pub(crate) en_passant_keys: Vec<u64>,
}

impl ChessGame {
    /// Adds the classes of every type a pawn may become (and of kings, rooks and pawns) for
    /// both sides, with their rays and keys, after the pieces' own; draws the castling and en
    /// passant keys after every key a game without these rules draws.
    pub(crate) fn build(
        scenario: &Scenario,
        classes: &mut Vec<Class>,
        rays: &mut Vec<Rays>,
        ray_keys: &mut Vec<(usize, Side, crate::piece::Usage)>,
        piece_keys: &mut Vec<u64>,
        keys: &mut SplitMix,
    ) -> Result<ChessGame, GameError> {
        let len = scenario.board.len();
        let mut class = |t: usize, side: Side| {
            let before = classes.len();
            let c = add_class(scenario, classes, rays, ray_keys, t, side)?;
            if classes.len() > before {
                piece_keys.extend((0..len).map(|_| keys.next_u64()));
            }
            Ok::<_, GameError>(c)
        };
        let mut of =
            |t: usize| Ok::<_, GameError>([class(t, Side::White)?, class(t, Side::Black)?]);
        let king = of(KING)?;
        let queen = of(QUEEN)?;
        let rook = of(ROOK)?;
        let bishop = of(BISHOP)?;
        let knight = of(KNIGHT)?;
        let pawn = of(PAWN)?;
        let promotions = [0, 1].map(|s| [queen[s], rook[s], bishop[s], knight[s]]);
        let height = scenario.board.dims().map_or(1, |d| d[1] as i32);
        let ways = castle_ways(&scenario.board);
        let mut rights_kept = vec![15u8; len];
        for w in &ways {
            rights_kept[w.rook_from.index()] &= !w.right;
            rights_kept[w.king_from.index()] &= !w.right;
        }
        Ok(ChessGame {
            pawn,
            king,
            rook,
            promotions,
            start_rank: [1, height - 2],
            last_rank: [height - 1, 0],
            forward: [1, -1],
            ways,
            rights_kept,
            builtin_only: scenario.pieces.iter().all(|p| p.type_index <= PAWN),
            castling_keys: [
                keys.next_u64(),
                keys.next_u64(),
                keys.next_u64(),
                keys.next_u64(),
            ],
            en_passant_keys: (0..len).map(|_| keys.next_u64()).collect(),
        })
    }

    /// The key of castling rights `rights`.
    pub(crate) fn castling_key(&self, rights: Castling) -> u64 {
        (0..4)
            .filter(|&b| rights.0 & (1 << b) != 0)
            .fold(0, |h, b| h ^ self.castling_keys[b])
    }
}

/// The castlings of a board 8 files wide (and at least 2 ranks high): king e1-g1 with rook h1-f1,
/// king e1-c1 with rook a1-d1, and the same for Black on the last rank. None on other boards.
pub(crate) fn castle_ways(board: &Board) -> Vec<CastleWay> {
    let Some([w, h, 1]) = board.dims() else {
        return Vec::new();
    };
    if w != CASTLING_WIDTH || h < 2 {
        return Vec::new();
    }
    let mut ways = Vec::new();
    for (side, rank, king_right, queen_right) in [
        (Side::White, 0, Castling::WHITE_KING, Castling::WHITE_QUEEN),
        (
            Side::Black,
            h as i32 - 1,
            Castling::BLACK_KING,
            Castling::BLACK_QUEEN,
        ),
    ] {
        let at = |file: i32| board.at([file, rank, 0]);
        let points = |files: &[i32]| files.iter().filter_map(|&f| at(f)).collect::<Vec<_>>();
        // A removed point on the way leaves that castling out.
        let all = |files: &[i32]| files.iter().all(|&f| at(f).is_some());
        if all(&[4, 5, 6, 7]) {
            ways.push(CastleWay {
                right: king_right,
                side,
                king_from: at(4).expect("checked"),
                king_to: at(6).expect("checked"),
                rook_from: at(7).expect("checked"),
                rook_to: at(5).expect("checked"),
                empty: points(&[5, 6]),
                safe: points(&[4, 5, 6]),
            });
        }
        if all(&[0, 1, 2, 3, 4]) {
            ways.push(CastleWay {
                right: queen_right,
                side,
                king_from: at(4).expect("checked"),
                king_to: at(2).expect("checked"),
                rook_from: at(0).expect("checked"),
                rook_to: at(3).expect("checked"),
                empty: points(&[1, 2, 3]),
                safe: points(&[4, 3, 2]),
            });
        }
    }
    ways
}

/// Each right of `rights` whose king or rook is not on its point: its FEN letter and why
/// ([`castling_problem`]), in the order `KQkq`. The FEN reader and the game block both check
/// rights so.
pub fn castling_problems(scenario: &Scenario, rights: Castling) -> Vec<(char, String)> {
    [
        (Castling::WHITE_KING, 'K'),
        (Castling::WHITE_QUEEN, 'Q'),
        (Castling::BLACK_KING, 'k'),
        (Castling::BLACK_QUEEN, 'q'),
    ]
    .into_iter()
    .filter(|&(flag, _)| rights.has(flag))
    .filter_map(|(flag, letter)| castling_problem(scenario, flag).map(|why| (letter, why)))
    .collect()
}

/// Why the castling right `right` cannot be held in `scenario`: the board has no such castling,
/// or its king or rook is not on its point. `None` when it can.
pub fn castling_problem(scenario: &Scenario, right: u8) -> Option<String> {
    let ways = castle_ways(&scenario.board);
    let Some(way) = ways.iter().find(|w| w.right == right) else {
        return Some(format!(
            "castling needs a board {CASTLING_WIDTH} files wide with the king's rank whole"
        ));
    };
    let stands = |t: usize, at: Point| {
        scenario
            .pieces
            .iter()
            .any(|p| p.at == at && p.side == way.side && p.type_index == t)
    };
    let b = &scenario.board;
    let side = way.side;
    if !stands(KING, way.king_from) {
        return Some(format!("no {side} king on {}", b.name(way.king_from)));
    }
    if !stands(ROOK, way.rook_from) {
        return Some(format!("no {side} rook on {}", b.name(way.rook_from)));
    }
    None
}

/// The castling rights whose king and rook stand on their points (a scenario's rights when its
/// game block does not give them).
pub fn placed_castling(scenario: &Scenario) -> Castling {
    let mut rights = 0;
    for right in [
        Castling::WHITE_KING,
        Castling::WHITE_QUEEN,
        Castling::BLACK_KING,
        Castling::BLACK_QUEEN,
    ] {
        if castling_problem(scenario, right).is_none() {
            rights |= right;
        }
    }
    Castling(rights)
}

/// Reads castling rights as FEN writes them (`KQkq`, a part of it in that order or not, `-`);
/// `None` for a letter that is none of them or a letter given twice.
pub fn parse_castling(text: &str) -> Option<Castling> {
    if text == "-" {
        return Some(Castling(0));
    }
    let mut rights = 0u8;
    for c in text.chars() {
        let flag = match c {
            'K' => Castling::WHITE_KING,
            'Q' => Castling::WHITE_QUEEN,
            'k' => Castling::BLACK_KING,
            'q' => Castling::BLACK_QUEEN,
            _ => return None,
        };
        if rights & flag != 0 {
            return None;
        }
        rights |= flag;
    }
    (!text.is_empty()).then_some(Castling(rights))
}

/// Whether the pieces left can never give checkmate, whatever is played: kings alone, a king
/// and one bishop or knight against a king, or kings and bishops all on squares of one colour.
/// Only the built-in chess types are understood: any other type on the board keeps the game on.
pub(crate) fn insufficient_material(
    board: &Board,
    pieces: impl Iterator<Item = (usize, Point)>,
) -> bool {
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_colours = [false; 2];
    for (t, at) in pieces {
        match t {
            KING => {}
            BISHOP => {
                minors += 1;
                let c = board.coords(at).unwrap_or([0; 3]);
                bishop_colours[((c[0] + c[1]) % 2) as usize] = true;
            }
            KNIGHT => {
                minors += 1;
                knights += 1;
            }
            _ => return false,
        }
    }
    minors <= 1 || (knights == 0 && !(bishop_colours[0] && bishop_colours[1]))
}

/// The rules of play `rules chess` gives (a scenario's game block, a FEN): `first` to move, the
/// king royal, stalemate a draw, no move limit, and the position's extras.
pub fn chess_rules(
    first: Side,
    chess: crate::play::rules::ChessRules,
) -> crate::play::rules::Rules {
    crate::play::rules::Rules {
        first,
        stalemate: crate::play::rules::Stalemate::Draw,
        royal: vec![KING],
        limit: u32::MAX,
        chess: Some(chess),
        ..crate::play::rules::Rules::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::Game;
    use crate::play::rules::Stalemate;
    use crate::play::state::{Move, Reason, Special, State};

    fn game(fen: &str) -> Game {
        Game::new(Scenario::from_fen(fen).unwrap()).unwrap()
    }

    fn legal(game: &Game, state: &State) -> Vec<Move> {
        let mut out = Vec::new();
        state.moves(game, &mut out);
        out
    }

    fn uci(game: &Game, state: &State) -> Vec<String> {
        legal(game, state).iter().map(|m| m.uci(game)).collect()
    }

    /// A piece pinned to its king moves along the pin's line only (capturing the pinner
    /// included), a knight pinned on a diagonal not at all, the king onto free points only:
    /// what the legal-move list decides without making the moves (`State::keep_legal_by_pins`).
    /// In check every move is made and tested: the king may not step back along the line of
    /// the rook that checks it.
    #[test]
    fn pinned_pieces_move_along_the_pin_only() {
        // The rook on e2 pinned by the rook on e7, the knight on d2 by the bishop on b4.
        let g = game("4k3/4r3/8/8/1b6/8/3NR3/4K3 w - - 0 1");
        let s = State::initial(&g);
        let moves = uci(&g, &s);
        let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with("e2")).collect();
        assert_eq!(rook, ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7"]);
        assert!(!moves.iter().any(|m| m.starts_with("d2")), "{moves:?}");
        let king: Vec<&String> = moves.iter().filter(|m| m.starts_with("e1")).collect();
        assert_eq!(king, ["e1d1", "e1f1", "e1f2"]);
        // Checked along the first rank: h1 stays attacked once the king leaves g1.
        let g = game("4k3/8/8/8/8/8/8/r5K1 w - - 0 1");
        let s = State::initial(&g);
        let mut king = uci(&g, &s);
        king.sort();
        assert_eq!(king, ["g1f2", "g1g2", "g1h2"]);
    }

    /// Plays moves written in UCI, each of which must be legal.
    fn play(game: &Game, state: &mut State, moves: &str) {
        for text in moves.split_whitespace() {
            let mv = legal(game, state)
                .into_iter()
                .find(|m| m.uci(game) == text)
                .unwrap_or_else(|| panic!("{text} is not legal: {:?}", uci(game, state)));
            state.make(game, mv);
        }
    }

    #[test]
    fn a_scenario_selects_the_rules_with_rules_chess() {
        let text = "board 8x8\nwhite king at e1\nwhite rook at h1\nwhite pawn at e2\n\
                    black king at e8\nblack pawn at d4\ngame {\n  rules chess\n}\n";
        let s = Scenario::parse("t.scenario", text).unwrap();
        let rules = s.game.clone().unwrap();
        assert!(
            crate::api::check::rules_summary(&s, &rules)
                .ends_with("no limit, royal king, rules chess, castling K")
        );
        assert_eq!(rules.stalemate, Stalemate::Draw);
        assert_eq!(rules.royal, [KING]);
        assert_eq!(rules.limit, u32::MAX);
        // The rights whose king and rook stand: White's king's side only.
        assert_eq!(
            rules.chess.unwrap().castling,
            Castling(Castling::WHITE_KING)
        );
        let g = Game::new(s).unwrap();
        let mut state = State::initial(&g);
        let moves = uci(&g, &state);
        assert!(moves.contains(&"e2e4".to_string()), "{moves:?}");
        assert!(moves.contains(&"e1g1".to_string()), "{moves:?}");
        play(&g, &mut state, "e2e4");
        assert_eq!(
            state
                .en_passant()
                .map(|p| g.scenario.board.name(p).to_string()),
            Some("e3".into())
        );
        // Black's pawn on d4 takes en passant; White's pawn leaves the board.
        play(&g, &mut state, "d4e3");
        assert_eq!(state.at[2], None);
        // Without the rules the same pieces know none of it.
        let plain = text.replace("  rules chess\n", "");
        let g = Game::new(Scenario::parse("t.scenario", &plain).unwrap()).unwrap();
        let moves = uci(&g, &State::initial(&g));
        assert!(!moves.contains(&"e2e4".to_string()) && !moves.contains(&"e1g1".to_string()));
    }

    #[test]
    fn the_game_block_refuses_what_the_rules_of_chess_decide() {
        let bad = [
            (
                "board 8x8\ngame {\n  castling KQ\n}\n",
                "`castling` needs `rules chess`",
            ),
            (
                "board 3x3x3\ngame {\n  rules chess\n}\n",
                "`rules chess` needs a 2D grid board",
            ),
            (
                "board 8x8\nwhite king at e1\nblack king at e8\ngame {\n  rules chess\n  stalemate pass\n}\n",
                "`stalemate` is set by `rules chess`",
            ),
            (
                "board 8x8\nwhite king at e1\nblack king at e8\ngame {\n  rules chess\n  goals survive\n}\n",
                "`goals` is set by `rules chess`",
            ),
            (
                "board 8x8\nwhite king at e1\nblack king at e8\ngame {\n  rules chess\n  castling K\n}\n",
                "castling right `K` cannot be held: no white rook on h1",
            ),
            (
                "board 8x8\ngame {\n  rules chess\n  castling KX\n}\n",
                "`KX` is no castling rights",
            ),
            (
                "board 8x8\ngame {\n  rules chesss\n}\n",
                "unknown `rules` setting `chesss`",
            ),
        ];
        for (text, words) in bad {
            let e = Scenario::parse("t.scenario", text).unwrap_err().to_string();
            assert!(e.contains(words), "{text}: `{e}` lacks `{words}`");
        }
        let s = Scenario::parse(
            "t.scenario",
            "board 8x8\nwhite king at e1\nwhite rook at h1\nblack king at e8\ngame {\n  rules chess\n  castling none\n  limit 80\n}\n",
        )
        .unwrap();
        let rules = s.game.unwrap();
        assert_eq!(rules.chess.unwrap().castling, Castling(0));
        assert_eq!(rules.limit, 80);
    }

    /// Random games: after every move the key kept by make equals the key computed afresh, and
    /// unmaking every move gives back the start, field by field.
    #[test]
    fn make_and_unmake_keep_the_state_and_its_key() {
        let mut rng = crate::random::SplitMix(47);
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            let g = game(fen);
            for _ in 0..20 {
                let start = State::initial(&g);
                let mut state = start.clone();
                let mut undos = Vec::new();
                let mut moves = Vec::new();
                for _ in 0..60 {
                    state.successors(&g, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                    undos.push(state.make(&g, mv));
                    assert_eq!(state.hash(&g), state.recomputed_hash(&g), "{}", mv.uci(&g));
                }
                while let Some(u) = undos.pop() {
                    state.unmake(&g, u);
                }
                assert_eq!(state, start);
            }
        }
    }

    #[test]
    fn promotion_changes_the_type_underpromotion_included() {
        // A black pawn keeps material on the board (a knight alone could not mate).
        let g = game("7k/P7/8/7p/8/8/8/K7 w - - 0 1");
        let state = State::initial(&g);
        let promotions: Vec<String> = uci(&g, &state)
            .into_iter()
            .filter(|m| m.starts_with("a7"))
            .collect();
        assert_eq!(promotions, ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]);
        let mut knight = state.clone();
        play(&g, &mut knight, "a7a8n");
        let pawn = g
            .scenario
            .pieces
            .iter()
            .position(|p| p.name == "WP")
            .unwrap();
        assert_eq!(knight.kind(&g, pawn), KNIGHT);
        // The scenario of the position (what the zones are generated from) has a knight there.
        let (s, _) = knight.scenario(&g);
        assert_eq!(
            s.pieces.iter().find(|p| p.name == "WP").unwrap().type_index,
            KNIGHT
        );
        // It moves as a knight: a8-b6 and a8-c7; the position is drawn with a knight there.
        play(&g, &mut knight, "h8h7");
        let picture = crate::api::play::position(&g, &knight);
        assert!(picture.lines().any(|l| l.starts_with("8  N")), "{picture}");
        let moves = uci(&g, &knight);
        assert!(
            moves.contains(&"a8b6".into()) && moves.contains(&"a8c7".into()),
            "{moves:?}"
        );
        // The queen checks along the rank; unmade, the pawn is a pawn again.
        let mut queen = state.clone();
        let undo = queen.make(
            &g,
            legal(&g, &queen)
                .into_iter()
                .find(|m| m.uci(&g) == "a7a8q")
                .unwrap(),
        );
        assert!(queen.royal_attacked(&g, crate::piece::Side::Black));
        queen.unmake(&g, undo);
        assert_eq!(queen, state);
        assert_eq!(queen.kind(&g, pawn), PAWN);
    }

    #[test]
    fn castling_not_out_of_through_or_into_check() {
        // Free to castle both ways.
        let free = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let moves = uci(&free, &State::initial(&free));
        assert!(moves.contains(&"e1g1".into()) && moves.contains(&"e1c1".into()));
        for (fen, gone) in [
            // Out of check: the rook on e8 attacks e1.
            ("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", ["e1g1", "e1c1"]),
            // Through check: f1 and d1 attacked.
            ("3r1rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", ["e1g1", "e1c1"]),
            // Into check: g1 and c1 attacked.
            ("2r3r1/1k6/8/8/8/8/8/R3K2R w KQ - 0 1", ["e1g1", "e1c1"]),
        ] {
            let g = game(fen);
            let moves = uci(&g, &State::initial(&g));
            for m in gone {
                assert!(!moves.contains(&m.to_string()), "{fen}: {m} in {moves:?}");
            }
        }
        // b1 attacked does not stop the queen's side castling (the king does not cross it),
        // b1 occupied does.
        let g = game("1r4k1/8/8/8/8/8/8/R3K3 w Q - 0 1");
        assert!(uci(&g, &State::initial(&g)).contains(&"e1c1".into()));
        let g = game("6k1/8/8/8/8/8/8/RN2K3 w Q - 0 1");
        assert!(!uci(&g, &State::initial(&g)).contains(&"e1c1".into()));
        // The rook moves with the king; a rook's move or its capture ends its side's right.
        let mut state = State::initial(&free);
        play(&free, &mut state, "e1g1");
        let rook = state.piece_at(free.scenario.board.parse_point("f1").unwrap());
        assert_eq!(free.scenario.pieces[rook.unwrap()].name, "WR2");
        assert_eq!(state.castling().fen(), "kq");
        play(&free, &mut state, "a8a1");
        assert_eq!(state.castling().fen(), "k");
        let mv = legal(&free, &State::initial(&free))
            .into_iter()
            .find(|m| m.uci(&free) == "e1c1")
            .unwrap();
        assert!(matches!(
            mv,
            Move::Step {
                special: Special::Castle { .. },
                ..
            }
        ));
    }

    fn outcome_after(fen: &str, moves: &str) -> Option<(i8, Reason)> {
        let g = game(fen);
        let mut state = State::initial(&g);
        play(&g, &mut state, moves);
        let mut next = Vec::new();
        state.successors(&g, &mut next);
        state.outcome.map(|o| (o.value, o.reason))
    }

    #[test]
    fn the_endings_of_chess() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        // Fool's mate.
        assert_eq!(
            outcome_after(start, "f2f3 e7e5 g2g4 d8h4"),
            Some((-1, Reason::Checkmate))
        );
        // Stalemate: Black's king on h8 has no move (g8, g7, h7 attacked), not in check.
        assert_eq!(
            outcome_after("7k/8/8/5Q2/8/8/8/K7 w - - 0 1", "f5g6"),
            Some((0, Reason::Stalemate))
        );
        // Knights out and back twice: the start position a third time.
        assert_eq!(
            outcome_after(start, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"),
            None
        );
        assert_eq!(
            outcome_after(start, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"),
            Some((0, Reason::Repetition))
        );
        // The hundredth ply without capture or pawn move draws ...
        assert_eq!(
            outcome_after("7k/8/8/8/8/8/R7/K7 w - - 99 80", "a2b2"),
            Some((0, Reason::FiftyMoves))
        );
        // ... unless it mates.
        assert_eq!(
            outcome_after("7k/1R6/8/8/8/8/R7/K7 w - - 99 80", "a2a8"),
            Some((1, Reason::Checkmate))
        );
        // A capture that leaves a king and a knight against a king.
        assert_eq!(
            outcome_after("7k/8/8/8/8/8/r7/KN6 w - - 0 1", "a1a2"),
            Some((0, Reason::InsufficientMaterial))
        );
        // A rook left is enough to go on.
        assert_eq!(
            outcome_after("7k/8/8/8/8/8/r7/KNR5 w - - 0 1", "a1a2"),
            None
        );
    }

    #[test]
    fn insufficient_material_counts_bishops_by_colour() {
        let b = Board::grid(8, 8, 1, &[]).unwrap();
        let at = |s: &str| b.parse_point(s).unwrap();
        let kings = [(KING, at("a1")), (KING, at("h8"))];
        let with = |extra: &[(usize, &str)]| {
            insufficient_material(
                &b,
                kings
                    .iter()
                    .copied()
                    .chain(extra.iter().map(|&(t, p)| (t, at(p)))),
            )
        };
        assert!(with(&[]));
        assert!(with(&[(KNIGHT, "c3")]));
        assert!(
            with(&[(BISHOP, "c1"), (BISHOP, "d2")]),
            "both on dark squares"
        );
        assert!(
            !with(&[(BISHOP, "c1"), (BISHOP, "c2")]),
            "one of each colour"
        );
        assert!(!with(&[(KNIGHT, "c3"), (KNIGHT, "d3")]));
        assert!(!with(&[(PAWN, "c3")]));
    }
}
