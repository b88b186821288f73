//! Fuzzy patterns of the MAICS 2013 paper (docs/semantics.md §11.4): one per ordered
//! pair (x, y) where x can attack y, holding every main path at once.
//!
//! - The **main region** is the union of the [`locations`] of every
//!   main path (shortest paths by attack-ability): the points x occupies *or passes over* after
//!   leaving its square, up to and including y's point. It is found from the tables alone (the
//!   minimum set of the combined reach and attack-obtain tables, and the moves between its
//!   consecutive layers), without listing paths, and it equals that union exactly, so every
//!   pattern's main path lies in it.
//! - The **length** is the distance fuzzified into linguistic [`Terms`]: membership degrees of
//!   trapezoids. By default those of the paper's Figure 9 ([`Terms::paper`]); a scenario may give
//!   its own (`fuzzy length { ... }`).
//! - The **interacting pieces** keep their roles (attack: y's side, reaching a point of the
//!   main region other than y's within the horizon; block: x's side, able to remove y within
//!   the horizon) but no locations or paths; each pattern's pieces are among them.
//! - The **fuzzy rank** follows Cazenave's evaluation of groups in Go (degrees of life): see
//!   [`FuzzyRank`].

use crate::abilities::{Mover, attack, attack_obtain, reach};
use crate::board::Point;
use crate::kernel::Kernel;
use crate::pattern::{attack_distance, locations, mover, within};
use crate::scenario::Scenario;

/// One linguistic term: a name and a trapezoid `a <= b <= c <= d` over lengths (in moves).
/// Membership is 1 on `[b, c]`, rises linearly on `(a, b)`, falls linearly on `(c, d)` and is 0
/// elsewhere; `a == b` (or `c == d`) makes a vertical edge, and `c = d = inf` a term that stays
/// full for every longer length.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// The term's name (`short`, `long`, ...).
    pub name: String,
    /// Where membership starts to rise.
    pub a: f64,
    /// Where it is first full.
    pub b: f64,
    /// Where it is last full (may be infinite).
    pub c: f64,
    /// Where it has fallen to 0 (may be infinite).
    pub d: f64,
}

impl Term {
    /// The term `name` of the trapezoid `[a, b, c, d]` (unchecked: [`Terms`] checks a list).
    pub fn new(name: &str, [a, b, c, d]: [f64; 4]) -> Term {
        Term {
            name: name.to_string(),
            a,
            b,
            c,
            d,
        }
    }

    /// The degree to which `x` belongs to this term, in `[0, 1]`.
    pub fn membership(&self, x: f64) -> f64 {
        if self.b <= x && x <= self.c {
            1.0
        } else if self.a < x && x < self.b {
            (x - self.a) / (self.b - self.a)
        } else if self.c < x && x < self.d {
            (self.d - x) / (self.d - self.c)
        } else {
            0.0
        }
    }
}

/// What is wrong with a list of terms; `term` indexes the list.
#[derive(Clone, Debug, PartialEq)]
pub enum TermsError {
    /// No term at all.
    Empty,
    /// A term's numbers are not `a <= b <= c <= d`.
    Unordered {
        /// The term at fault.
        term: usize,
    },
    /// A negative number (lengths are never negative).
    Negative {
        /// The term at fault.
        term: usize,
    },
    /// `inf` where only `c` and `d` may be infinite, or `d = inf` with a finite `c`.
    Infinite {
        /// The term at fault.
        term: usize,
    },
    /// Two terms of one name.
    Duplicate {
        /// The second term of the name.
        term: usize,
        /// The first.
        first: usize,
    },
    /// The term is full (membership 1) at lengths where the previous term still is: terms are
    /// listed from the shortest to the longest, and their full ranges may only touch.
    Overlap {
        /// The term at fault.
        term: usize,
        /// The term before it, whose full range it overlaps.
        previous: usize,
    },
    /// Lengths that no term covers (membership 0 in every term): from `from` to `to`
    /// (`to` infinite: every longer length; `from == to`: one length). `after` is the term whose
    /// support ends where the gap starts (none when the gap starts at 0).
    Gap {
        /// Where the gap starts.
        from: f64,
        /// Where it ends.
        to: f64,
        /// The term whose support ends where the gap starts.
        after: Option<usize>,
    },
}

impl std::fmt::Display for TermsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TermsError::Empty => write!(f, "no linguistic terms"),
            TermsError::Unordered { .. } => {
                write!(f, "a term's numbers must not decrease: a <= b <= c <= d")
            }
            TermsError::Negative { .. } => write!(f, "a length cannot be negative"),
            TermsError::Infinite { .. } => {
                write!(
                    f,
                    "only the last two numbers of a term may be `inf`, and `c` only with `d`"
                )
            }
            TermsError::Duplicate { .. } => write!(f, "two terms have the same name"),
            TermsError::Overlap { .. } => write!(
                f,
                "the term is full where the previous one still is: list terms from the shortest to the longest"
            ),
            TermsError::Gap { from, to, .. } => {
                if to.is_infinite() {
                    write!(f, "no term covers the lengths above {}", number(*from))
                } else if from == to {
                    write!(f, "no term covers the length {}", number(*from))
                } else {
                    write!(
                        f,
                        "no term covers the lengths between {} and {}",
                        number(*from),
                        number(*to)
                    )
                }
            }
        }
    }
}

impl std::error::Error for TermsError {}

/// A number as lingeo prints it: at most three decimals, no trailing zeros (`2`, `0.5`,
/// `0.333`), `inf` for infinity.
pub fn number(v: f64) -> String {
    if v.is_infinite() {
        return if v > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Validated linguistic terms of one fuzzy variable (the length), shortest first.
///
/// The **degree** of a term (how near it is) is `(n - k) / n` for the k-th of n terms
/// (0-based): 1, 0.75, 0.5, 0.25 for the paper's four. The degree of a crisp length is the
/// average of the term degrees weighted by its memberships (the height method of
/// defuzzification): 0.875 for a length of 2 under the paper's terms (half very short, half
/// short).
#[derive(Clone, Debug, PartialEq)]
pub struct Terms {
    terms: Vec<Term>,
}

/// The fuzzified value of one crisp length.
#[derive(Clone, Debug, PartialEq)]
pub struct Fuzzy {
    /// The crisp length, in moves.
    pub value: u32,
    /// The membership in each term, in the order of the terms.
    pub membership: Vec<f64>,
    /// The term of highest membership (the shorter one on a tie).
    pub term: usize,
    /// The degree of the length (see [`Terms`]).
    pub degree: f64,
}

impl Terms {
    /// The paper's Figure 9: Very Short 0-2, Short 2-4, Long 4-6, Very Long 6-8, as trapezoids
    /// that overlap by one unit at each boundary (half a unit on either side of it), and Very
    /// Long staying full beyond 8:
    ///
    /// ```text
    /// very short   0   0   1.5 2.5
    /// short        1.5 2.5 3.5 4.5
    /// long         3.5 4.5 5.5 6.5
    /// very long    5.5 6.5 inf inf
    /// ```
    ///
    /// A length on a boundary (2, 4, 6) belongs half to each neighbour and is named by the
    /// shorter, so a length of 2 is "very short", as in the paper's example.
    pub fn paper() -> Terms {
        let inf = f64::INFINITY;
        Terms::new(vec![
            Term::new("very short", [0.0, 0.0, 1.5, 2.5]),
            Term::new("short", [1.5, 2.5, 3.5, 4.5]),
            Term::new("long", [3.5, 4.5, 5.5, 6.5]),
            Term::new("very long", [5.5, 6.5, inf, inf]),
        ])
        .expect("the paper's terms are valid")
    }

    /// Checks the terms: at least one; `0 <= a <= b <= c <= d` with only `c` and `d` possibly
    /// infinite (and `c` only together with `d`); distinct names; listed from the shortest to
    /// the longest, each term's full range `[b, c]` starting where the previous one's ends or
    /// later; and together covering every length from 0 up (no length has membership 0 in
    /// every term). Reports the first problem found.
    pub fn new(terms: Vec<Term>) -> Result<Terms, TermsError> {
        if terms.is_empty() {
            return Err(TermsError::Empty);
        }
        for (i, t) in terms.iter().enumerate() {
            if [t.a, t.b, t.c, t.d].iter().any(|v| v.is_nan() || *v < 0.0) {
                return Err(TermsError::Negative { term: i });
            }
            if t.a.is_infinite() || t.b.is_infinite() || (t.d.is_infinite() && t.c.is_finite()) {
                return Err(TermsError::Infinite { term: i });
            }
            if !(t.a <= t.b && t.b <= t.c && t.c <= t.d) {
                return Err(TermsError::Unordered { term: i });
            }
            if let Some(first) = terms[..i].iter().position(|o| o.name == t.name) {
                return Err(TermsError::Duplicate { term: i, first });
            }
            if i > 0 && t.b < terms[i - 1].c {
                return Err(TermsError::Overlap {
                    term: i,
                    previous: i - 1,
                });
            }
        }
        let terms = Terms { terms };
        terms.check_coverage()?;
        Ok(terms)
    }

    /// Membership is piecewise linear with breaks only at the terms' numbers, so it is enough
    /// to look at 0, at each number, between consecutive numbers and beyond the last.
    fn check_coverage(&self) -> Result<(), TermsError> {
        let mut breaks: Vec<f64> = self
            .terms
            .iter()
            .flat_map(|t| [t.a, t.b, t.c, t.d])
            .filter(|v| v.is_finite())
            .chain([0.0])
            .collect();
        breaks.sort_by(f64::total_cmp);
        breaks.dedup();
        let covered = |x: f64| self.terms.iter().any(|t| t.membership(x) > 0.0);
        let after = |x: f64| {
            // The term whose support ends last at or before x.
            self.terms
                .iter()
                .enumerate()
                .filter(|(_, t)| t.d <= x)
                .max_by(|a, b| a.1.d.total_cmp(&b.1.d))
                .map(|(i, _)| i)
        };
        for (k, &v) in breaks.iter().enumerate() {
            let next = breaks.get(k + 1).copied();
            let point_gap = !covered(v);
            let mid = next.map_or(v + 1.0, |n| (v + n) / 2.0);
            let open_gap = !covered(mid);
            if point_gap || open_gap {
                let to = if open_gap {
                    next.unwrap_or(f64::INFINITY)
                } else {
                    v
                };
                return Err(TermsError::Gap {
                    from: v,
                    to,
                    after: after(v),
                });
            }
        }
        Ok(())
    }

    /// The terms, from the shortest lengths to the longest.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The degree of the k-th term: `(n - k) / n`.
    pub fn term_degree(&self, k: usize) -> f64 {
        let n = self.terms.len() as f64;
        (n - k as f64) / n
    }

    /// The memberships of a crisp length in every term.
    pub fn membership(&self, x: f64) -> Vec<f64> {
        self.terms.iter().map(|t| t.membership(x)).collect()
    }

    /// Fuzzifies a length: memberships, the best term and the degree.
    pub fn fuzzify(&self, length: u32) -> Fuzzy {
        let x = f64::from(length);
        let membership = self.membership(x);
        let mut term = 0;
        for (k, &m) in membership.iter().enumerate() {
            if m > membership[term] {
                term = k;
            }
        }
        let total: f64 = membership.iter().sum();
        let degree = if total > 0.0 {
            membership
                .iter()
                .enumerate()
                .map(|(k, m)| m * self.term_degree(k))
                .sum::<f64>()
                / total
        } else {
            0.0
        };
        Fuzzy {
            value: length,
            membership,
            term,
            degree,
        }
    }
}

impl Default for Terms {
    fn default() -> Terms {
        Terms::paper()
    }
}

/// An interacting piece of a fuzzy pattern: its role is where it is kept
/// ([`FuzzyPattern::attack`] or [`FuzzyPattern::block`]), and no location or path.
#[derive(Clone, Debug, PartialEq)]
pub struct Interacting {
    /// Index into [`Scenario::pieces`].
    pub piece: usize,
    /// The nearest of its options, fuzzified: for an attack piece the fewest moves to a point
    /// of the main region (not y's), for a block piece the fewest moves removing y. Its degree
    /// is the maximum over the piece's options (Cazenave: a degree is the maximum over the
    /// contributing attributes).
    pub distance: Fuzzy,
}

/// The fuzzy rank of a fuzzy pattern, Cazenave's evaluation (degree × importance of one side's
/// groups minus the other's), with the pieces as groups and their values as importances:
///
/// ```text
/// rank = deg(len) · v(y) + Σ_block deg_i · v(i) − Σ_attack deg_i · v(i)
/// ```
///
/// `deg(len)` is the degree of the fuzzified length of the main paths, `deg_i` the degree of
/// piece i's fuzzified distance, maximised over its options (see [`Terms`] for degrees). x's
/// threat on y and its supporters are one side, y's interceptors the other. It mirrors the
/// crisp [`rank`](crate::pattern::rank), with `1 / len` and `1 / d_i` replaced by degrees.
#[derive(Clone, Debug, PartialEq)]
pub struct FuzzyRank {
    /// `deg(len) · v(y)`.
    pub target: f64,
    /// `Σ_block deg_i · v(i)`.
    pub block: f64,
    /// `Σ_attack deg_i · v(i)`.
    pub attack: f64,
    /// `target + block − attack`.
    pub value: f64,
}

/// The fuzzy pattern of x attacking y.
#[derive(Clone, Debug, PartialEq)]
pub struct FuzzyPattern {
    /// The attacking piece (an index into the scenario's pieces).
    pub x: usize,
    /// The attacked piece.
    pub y: usize,
    /// The intermediate stops of the main paths, by move: `stops[k]` are the points where some
    /// main path stands after `k + 1` moves (for length 2 the paper's "(5,1) or (8,8)"). In
    /// enumeration order.
    pub stops: Vec<Vec<Point>>,
    /// The main region: every point of every main path's locations (stops and points passed
    /// over, y's point included, x's not), in enumeration order.
    pub region: Vec<Point>,
    /// The length of the main paths, fuzzified.
    pub length: Fuzzy,
    /// Attack pieces (y's side), in declaration order.
    pub attack: Vec<Interacting>,
    /// Block pieces (x's side), in declaration order.
    pub block: Vec<Interacting>,
    /// The pattern's rank: its target, block and attack parts and their value.
    pub rank: FuzzyRank,
}

/// The fuzzy pattern of x attacking y with interacting pieces within `horizon` moves, or `None`
/// when y is not attack-able by x (same side, unreachable, or no move needed). Uses tables only:
/// nothing is listed, whatever the number of paths.
pub fn fuzzy_pattern(
    scenario: &Scenario,
    kernel: &Kernel,
    x: usize,
    y: usize,
    horizon: u32,
    terms: &Terms,
) -> Option<FuzzyPattern> {
    let l = attack_distance(scenario, kernel, x, y)?;
    let mx = mover(scenario, kernel, x);
    let layers = main_layers(scenario, kernel, mx, x, y, l);
    let region = main_region(scenario, kernel, mx, &layers);
    let (attack_pieces, block_pieces) =
        interacting(scenario, kernel, (x, y), &region, horizon, terms);
    let value = |i: usize| scenario.types[scenario.pieces[i].type_index].value;
    let length = terms.fuzzify(l);
    let target = length.degree * value(y);
    let sum = |pieces: &[Interacting]| -> f64 {
        pieces
            .iter()
            .map(|p| p.distance.degree * value(p.piece))
            .sum()
    };
    let (block, attack_sum) = (sum(&block_pieces), sum(&attack_pieces));
    Some(FuzzyPattern {
        x,
        y,
        stops: layers[1..l as usize].to_vec(),
        region,
        length,
        attack: attack_pieces,
        block: block_pieces,
        rank: FuzzyRank {
            target,
            block,
            attack: attack_sum,
            value: target + block - attack_sum,
        },
    })
}

/// The minimum set of x's main paths to y, `l` moves long, by layer: `layers[k]` the points
/// the paths stand on after k moves (layer 0 = x's point, layer l = y's), read off two
/// distance tables (from x, and to attack y) whose sum is `l`.
fn main_layers(
    scenario: &Scenario,
    kernel: &Kernel,
    mx: Mover,
    x: usize,
    y: usize,
    l: u32,
) -> Vec<Vec<Point>> {
    let (px, py) = (&scenario.pieces[x], &scenario.pieces[y]);
    let from = reach(kernel, mx, px.at);
    let to = attack_obtain(kernel, mx, py.at);
    let mut layers: Vec<Vec<Point>> = vec![Vec::new(); l as usize + 1];
    layers[0].push(px.at);
    for v in scenario.board.points() {
        if let (Some(a), Some(b)) = (from[v.index()], to[v.index()])
            && a >= 1
            && a < l
            && a + b == l
        {
            layers[a as usize].push(v);
        }
    }
    layers[l as usize] = vec![py.at];
    layers
}

/// The region of the main paths: the locations each of their steps goes over (a move
/// between consecutive layers is exactly such a step; the last is an attack where the piece
/// attacks otherwise than it moves), sorted, each once.
fn main_region(
    scenario: &Scenario,
    kernel: &Kernel,
    mx: Mover,
    layers: &[Vec<Point>],
) -> Vec<Point> {
    let l = layers.len() - 1;
    let mut layer_of: Vec<Option<usize>> = vec![None; kernel.n()];
    for (k, layer) in layers.iter().enumerate().skip(1) {
        for p in layer {
            layer_of[p.index()] = Some(k);
        }
    }
    let moves = kernel.relation(mx.moves);
    let attacks = kernel.relation(mx.attacks);
    let mut region: Vec<Point> = Vec::new();
    for (k, layer) in layers.iter().enumerate().take(l) {
        let last = k + 1 == l;
        for &u in layer {
            let succ = if last && mx.separate {
                attacks.successors(u)
            } else {
                moves.successors(u)
            };
            for &w in succ {
                if layer_of[w.index()] == Some(k + 1) {
                    region.extend(locations(scenario, &[u, w]));
                }
            }
        }
    }
    region.sort();
    region.dedup();
    region
}

/// The pieces that interact with x's attack on y within `horizon`: (attack, block), in
/// declaration order. An attack piece (y's side) can reach the region (y's point aside), at
/// its best fuzzified distance; a block piece (x's side) can attack y.
fn interacting(
    scenario: &Scenario,
    kernel: &Kernel,
    (x, y): (usize, usize),
    region: &[Point],
    horizon: u32,
    terms: &Terms,
) -> (Vec<Interacting>, Vec<Interacting>) {
    let py = &scenario.pieces[y];
    let mut attack_pieces = Vec::new();
    let mut block_pieces = Vec::new();
    for (i, q) in scenario.pieces.iter().enumerate() {
        if i == x || i == y {
            continue;
        }
        let mq = mover(scenario, kernel, i);
        if q.side == py.side {
            let from_q = reach(kernel, mq, q.at);
            let mut distances: Vec<u32> = region
                .iter()
                .filter(|&&z| z != py.at)
                .filter_map(|z| from_q[z.index()].filter(|&d| within(Some(d), horizon)))
                .collect();
            distances.sort();
            distances.dedup();
            if let Some(best) = best_of(terms, &distances) {
                attack_pieces.push(Interacting {
                    piece: i,
                    distance: best,
                });
            }
        } else {
            let d = attack(kernel, mq, q.at)[py.at.index()];
            if within(d, horizon) {
                block_pieces.push(Interacting {
                    piece: i,
                    distance: terms.fuzzify(d.expect("within the horizon")),
                });
            }
        }
    }
    (attack_pieces, block_pieces)
}

/// The option of highest degree (the shortest on a tie), fuzzified.
fn best_of(terms: &Terms, distances: &[u32]) -> Option<Fuzzy> {
    distances
        .iter()
        .map(|&d| terms.fuzzify(d))
        .reduce(|best, f| if f.degree > best.degree { f } else { best })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn paper_trapezoids_at_their_boundaries() {
        let t = Terms::paper();
        let m = |x: f64| t.membership(x);
        assert_eq!(m(0.0), [1.0, 0.0, 0.0, 0.0]);
        assert_eq!(m(1.0), [1.0, 0.0, 0.0, 0.0]);
        assert_eq!(m(1.5), [1.0, 0.0, 0.0, 0.0]);
        assert_eq!(m(2.0), [0.5, 0.5, 0.0, 0.0]);
        assert_eq!(m(2.5), [0.0, 1.0, 0.0, 0.0]);
        assert_eq!(m(3.0), [0.0, 1.0, 0.0, 0.0]);
        assert_eq!(m(4.0), [0.0, 0.5, 0.5, 0.0]);
        assert_eq!(m(5.0), [0.0, 0.0, 1.0, 0.0]);
        assert_eq!(m(6.0), [0.0, 0.0, 0.5, 0.5]);
        assert_eq!(m(6.5), [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(m(8.0), [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(m(1e9), [0.0, 0.0, 0.0, 1.0]);
        assert!(close(m(1.75)[0], 0.75) && close(m(1.75)[1], 0.25));
        // Every length has total membership 1 (a Ruspini partition).
        for i in 0..200 {
            let x = f64::from(i) * 0.05;
            assert!(close(m(x).iter().sum::<f64>(), 1.0), "{x}");
        }
    }

    #[test]
    fn lengths_get_terms_and_degrees() {
        let t = Terms::paper();
        let names = |l: u32| t.terms()[t.fuzzify(l).term].name.clone();
        let got: Vec<String> = (1..=8).map(names).collect();
        assert_eq!(
            got,
            [
                "very short",
                "very short",
                "short",
                "short",
                "long",
                "long",
                "very long",
                "very long"
            ]
        );
        assert!(close(t.fuzzify(1).degree, 1.0));
        assert!(close(t.fuzzify(2).degree, 0.875));
        assert!(close(t.fuzzify(3).degree, 0.75));
        assert!(close(t.fuzzify(6).degree, 0.375));
        assert!(close(t.fuzzify(40).degree, 0.25));
    }

    #[test]
    fn vertical_edges_and_shoulders() {
        let crisp = Term::new("near", [0.0, 0.0, 2.0, 2.0]);
        assert_eq!(crisp.membership(2.0), 1.0);
        assert_eq!(crisp.membership(2.0001), 0.0);
        let far = Term::new("far", [2.0, 3.0, f64::INFINITY, f64::INFINITY]);
        assert_eq!(far.membership(2.0), 0.0);
        assert_eq!(far.membership(2.5), 0.5);
        assert_eq!(far.membership(1e300), 1.0);
    }

    #[test]
    fn malformed_terms_are_rejected() {
        let inf = f64::INFINITY;
        let t = |list: &[(&str, [f64; 4])]| {
            Terms::new(list.iter().map(|(n, v)| Term::new(n, *v)).collect())
        };
        assert_eq!(t(&[]), Err(TermsError::Empty));
        assert_eq!(
            t(&[("a", [0.0, 2.0, 1.0, 5.0])]),
            Err(TermsError::Unordered { term: 0 })
        );
        assert_eq!(
            t(&[("a", [-1.0, 0.0, inf, inf])]),
            Err(TermsError::Negative { term: 0 })
        );
        assert_eq!(
            t(&[("a", [0.0, 0.0, 3.0, inf])]),
            Err(TermsError::Infinite { term: 0 })
        );
        assert_eq!(
            t(&[("a", [0.0, 0.0, 1.0, 2.0]), ("a", [1.0, 2.0, inf, inf])]),
            Err(TermsError::Duplicate { term: 1, first: 0 })
        );
        assert_eq!(
            t(&[("a", [0.0, 0.0, 3.0, 4.0]), ("b", [1.0, 2.0, inf, inf])]),
            Err(TermsError::Overlap {
                term: 1,
                previous: 0
            })
        );
        // Touching vertical edges leave no gap; a point where both are 0 does.
        assert!(t(&[("a", [0.0, 0.0, 2.0, 2.0]), ("b", [2.0, 2.0, inf, inf])]).is_ok());
        assert_eq!(
            t(&[("a", [0.0, 0.0, 1.0, 2.0]), ("b", [2.0, 3.0, inf, inf])]),
            Err(TermsError::Gap {
                from: 2.0,
                to: 2.0,
                after: Some(0)
            })
        );
        assert_eq!(
            t(&[("a", [0.0, 0.0, 1.0, 2.0]), ("b", [3.0, 4.0, inf, inf])]),
            Err(TermsError::Gap {
                from: 2.0,
                to: 3.0,
                after: Some(0)
            })
        );
        assert_eq!(
            t(&[("a", [0.0, 0.0, 1.0, 2.0])]),
            Err(TermsError::Gap {
                from: 2.0,
                to: inf,
                after: Some(0)
            })
        );
        assert_eq!(
            t(&[("a", [1.0, 1.0, inf, inf])]),
            Err(TermsError::Gap {
                from: 0.0,
                to: 1.0,
                after: None
            })
        );
    }

    #[test]
    fn numbers_print_short() {
        assert_eq!(number(2.0), "2");
        assert_eq!(number(0.875), "0.875");
        assert_eq!(number(1.0 / 3.0), "0.333");
        assert_eq!(number(-0.0), "0");
        assert_eq!(number(f64::INFINITY), "inf");
        assert_eq!(number(169.0), "169");
    }
}
