//! A structure-aware generator of small grammars for the `eval` target: the fuzzer's bytes
//! choose a grammar's shape (types, symbols, functions, vars, rows, label sets) and every
//! expression in it, built by type, so that most generated grammars pass the checker and
//! reach the evaluator and the derivation engine. The choices that are plain enums or
//! numbers are derived with `arbitrary`; the typed expression trees are built by hand from
//! the same [`Unstructured`] bytes.
//!
//! The grammar is printed as `.lgg` text (every compound subexpression in parentheses) and
//! goes through the same lexer, parser and checker as a file, so a generator bug shows up as
//! a checker error, never as a crash.

use std::fmt::Write;

use arbitrary::{Arbitrary, Result, Unstructured};

/// The types the generator builds values of.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Int,
    Bool,
    Point,
    SetInt,
    SetPoint,
    VecInt,
    /// `(int, point)`
    Pair,
    Traj,
    SetTraj,
}

impl Ty {
    fn text(self) -> &'static str {
        match self {
            Ty::Int => "int",
            Ty::Bool => "bool",
            Ty::Point => "point",
            Ty::SetInt => "set<int>",
            Ty::SetPoint => "set<point>",
            Ty::VecInt => "vector<int>",
            Ty::Pair => "(int, point)",
            Ty::Traj => "trajectory",
            Ty::SetTraj => "set<trajectory>",
        }
    }

    /// The element type of a set type.
    fn element(self) -> Option<Ty> {
        match self {
            Ty::SetInt => Some(Ty::Int),
            Ty::SetPoint => Some(Ty::Point),
            Ty::SetTraj => Some(Ty::Traj),
            _ => None,
        }
    }
}

#[derive(Arbitrary, Clone, Copy, Debug)]
enum IntOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

#[derive(Arbitrary, Clone, Copy, Debug)]
enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

#[derive(Arbitrary, Clone, Copy, Debug)]
enum SetOp {
    Union,
    Inter,
    Diff,
}

impl IntOp {
    fn text(self) -> &'static str {
        match self {
            IntOp::Add => "+",
            IntOp::Sub => "-",
            IntOp::Mul => "*",
            IntOp::Div => "/",
            IntOp::Mod => "%",
        }
    }
}

impl CmpOp {
    fn text(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
        }
    }
}

impl SetOp {
    fn text(self) -> &'static str {
        match self {
            SetOp::Union => "union",
            SetOp::Inter => "inter",
            SetOp::Diff => "-",
        }
    }
}

/// A function's signature; `pred`s return `Bool`.
#[derive(Clone, Debug)]
struct FnSig {
    name: String,
    params: Vec<Ty>,
    ret: Ty,
}

/// A symbol: terminals `t0..`, nonterminals `S` and `A0..`.
#[derive(Clone, Debug)]
struct Symbol {
    name: String,
    params: Vec<Ty>,
}

/// The shipped grammars an input may import (by file name, see
/// `Grammar::parse_without_files`): both have `start S(x0: point, y0: point, l0: int)` and
/// `input p: piece`.
const IMPORTS: [&str; 2] = ["shortest-trajectories.lgg", "admissible-trajectories.lgg"];

/// Expressions nest at most this deep (below the top level of a cell).
const MAX_DEPTH: u32 = 4;
/// Compound expression nodes in one grammar, at most: generation stays fast and small.
const MAX_NODES: u32 = 400;

struct Gen<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    fns: Vec<FnSig>,
    /// Global names in scope: inputs, start parameters, consts and vars declared so far.
    globals: Vec<(String, Ty)>,
    /// Parameters, patterns and bound variables in scope.
    locals: Vec<(String, Ty)>,
    fresh: usize,
    nodes: u32,
    /// The function whose body is being built: a call to it gets a smaller first argument.
    current: Option<usize>,
    import: Option<&'static str>,
}

impl Gen<'_, '_> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    fn pick<'x, T>(&mut self, items: &'x [T]) -> Result<&'x T> {
        self.u.choose(items)
    }

    /// A name in scope of type `ty`, if any.
    fn name_of(&mut self, ty: Ty) -> Result<Option<String>> {
        let names: Vec<&String> = self
            .locals
            .iter()
            .chain(&self.globals)
            .filter(|(_, t)| *t == ty)
            .map(|(n, _)| n)
            .collect();
        if names.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.u.choose(&names)?.to_string()))
    }

    fn small_int(&mut self) -> Result<String> {
        Ok(match self.u.int_in_range(0..=15u8)? {
            k @ 0..=9 => k.to_string(),
            10 => "n".into(),
            11 => "16".into(),
            12 => "100".into(),
            13 => "4294967296".into(),
            14 => "4611686018427387904".into(),
            _ => "9223372036854775807".into(),
        })
    }

    fn piece(&mut self, depth: u32) -> Result<String> {
        Ok(match self.u.int_in_range(0..=3u8)? {
            0 | 1 => "p".into(),
            2 => "min(PIECES)".into(),
            _ => format!("pick(PIECES, {}, p)", self.pick_index(depth)?),
        })
    }

    /// An index into something of `size` members counted from `from` (0 or 1): mostly one
    /// in range, `(from + (e % size))` (Euclidean, so never negative), sometimes any int, so
    /// that runs are not mostly cut short by an index error.
    fn index(&mut self, from: u8, size: &str, d: u32) -> Result<String> {
        let e = self.expr(Ty::Int, d)?;
        Ok(if self.u.ratio(9, 10)? {
            format!("({from} + (({e}) % max(1, {size})))")
        } else {
            e
        })
    }

    /// `(let b = base in b[index])` with a mostly valid index into `b`, which has `size(b)`
    /// (1-based) or `len(b) + 1` (0-based, trajectories) members; a set is mostly tested for
    /// being empty first.
    fn indexed(&mut self, base: Ty, d: u32) -> Result<String> {
        let b = self.fresh("b");
        let value = self.expr(base, d)?;
        let (from, size) = match base {
            Ty::Traj => (0, format!("len({b}) + 1")),
            _ => (1, format!("size({b})")),
        };
        let i = self.index(from, &size, d)?;
        let read = if base != Ty::Traj && self.u.arbitrary()? {
            format!("nth({b}, {i})")
        } else {
            format!("{b}[{i}]")
        };
        Ok(match base.element() {
            Some(element) if self.u.ratio(3, 4)? => {
                let fallback = self.expr(element, d)?;
                format!("(let {b} = {value} in if {b} == {{}} then {fallback} else {read})")
            }
            _ => format!("(let {b} = {value} in {read})"),
        })
    }

    /// `min(S)` or `max(S)`, mostly with a fallback for the empty set.
    fn extreme(&mut self, set: Ty, d: u32) -> Result<String> {
        let f = *self.pick(&["min", "max"])?;
        let s = self.expr(set, d)?;
        Ok(if self.u.ratio(4, 5)? {
            let b = self.fresh("b");
            let element = set.element().expect("a set type");
            let fallback = self.expr(element, d)?;
            format!("(let {b} = {s} in if {b} == {{}} then {fallback} else {f}({b}))")
        } else {
            format!("{f}({s})")
        })
    }

    /// The index argument of `pick`: mostly 1, 2 or 3.
    fn pick_index(&mut self, d: u32) -> Result<String> {
        Ok(if self.u.ratio(9, 10)? {
            self.u.int_in_range(1..=3u8)?.to_string()
        } else {
            self.expr(Ty::Int, d)?
        })
    }

    /// An expression of type `ty` without compound subexpressions (but a name or literal).
    fn leaf(&mut self, ty: Ty) -> Result<String> {
        if self.u.ratio(2, 3)?
            && let Some(name) = self.name_of(ty)?
        {
            return Ok(name);
        }
        Ok(match ty {
            Ty::Int => self.small_int()?,
            Ty::Bool => (if self.u.arbitrary::<bool>()? {
                "true"
            } else {
                "false"
            })
            .into(),
            Ty::Point => format!("X[{}]", self.u.int_in_range(1..=4u8)?),
            Ty::SetInt => match self.u.int_in_range(0..=2u8)? {
                0 => "{}".into(),
                1 => format!("{{{}, {}}}", self.small_int()?, self.small_int()?),
                _ => format!("(1..{})", self.u.int_in_range(0..=5u8)?),
            },
            Ty::SetPoint => match self.u.int_in_range(0..=2u8)? {
                0 => "X".into(),
                1 => "{}".into(),
                _ => format!("{{{}}}", self.leaf(Ty::Point)?),
            },
            Ty::VecInt => {
                let z = self.fresh("z");
                format!("(vec {z} in X: {})", self.small_int()?)
            }
            Ty::Pair => format!("({}, {})", self.leaf(Ty::Int)?, self.leaf(Ty::Point)?),
            Ty::Traj => format!("single({})", self.leaf(Ty::Point)?),
            Ty::SetTraj => format!("{{{}}}", self.leaf(Ty::Traj)?),
        })
    }

    /// An expression of type `ty`, at most `depth` levels deep.
    fn expr(&mut self, ty: Ty, depth: u32) -> Result<String> {
        if depth == 0 || self.nodes == 0 || self.u.is_empty() {
            return self.leaf(ty);
        }
        self.nodes -= 1;
        let d = depth - 1;
        // 0 is a leaf (what an exhausted input gives), 1..=3 the forms of every type.
        match self.u.int_in_range(0..=12u8)? {
            0 => self.leaf(ty),
            1 => Ok(format!(
                "(if {} then {} else {})",
                self.expr(Ty::Bool, d)?,
                self.expr(ty, d)?,
                self.expr(ty, d)?
            )),
            2 => self.let_in(ty, d),
            3 => self.call(ty, d),
            _ => self.typed(ty, d),
        }
    }

    /// `let b = v in body`, or `let (b, c) = pair in body`.
    fn let_in(&mut self, ty: Ty, d: u32) -> Result<String> {
        let mark = self.locals.len();
        let out = if self.u.arbitrary()? {
            let (a, b) = (self.fresh("b"), self.fresh("b"));
            let value = self.expr(Ty::Pair, d)?;
            self.locals.push((a.clone(), Ty::Int));
            self.locals.push((b.clone(), Ty::Point));
            format!("(let ({a}, {b}) = {value} in {})", self.expr(ty, d)?)
        } else {
            let t: Ty = self.u.arbitrary()?;
            let b = self.fresh("b");
            let value = self.expr(t, d)?;
            self.locals.push((b.clone(), t));
            format!("(let {b} = {value} in {})", self.expr(ty, d)?)
        };
        self.locals.truncate(mark);
        Ok(out)
    }

    /// A call of a function returning `ty`; a call of the function being defined gets a first
    /// argument one or two less than its first parameter, when that is an int.
    fn call(&mut self, ty: Ty, d: u32) -> Result<String> {
        let candidates: Vec<usize> = (0..self.fns.len())
            .filter(|&k| self.fns[k].ret == ty)
            .collect();
        if candidates.is_empty() {
            return self.typed(ty, d);
        }
        let k = *self.u.choose(&candidates)?;
        let f = self.fns[k].clone();
        let mut args = Vec::new();
        for (j, &t) in f.params.iter().enumerate() {
            let recursive = self.current == Some(k) && j == 0 && t == Ty::Int;
            if recursive && self.u.ratio(7, 8)? {
                let step = self.u.int_in_range(1..=2u8)?;
                args.push(format!("{} - {step}", self.locals[0].0));
            } else {
                args.push(self.expr(t, d)?);
            }
        }
        Ok(format!("{}({})", f.name, args.join(", ")))
    }

    /// A set to range over and the type of its elements.
    fn domain(&mut self, d: u32) -> Result<(String, Ty)> {
        let ty = *self.pick(&[Ty::SetInt, Ty::SetPoint, Ty::SetPoint, Ty::SetTraj])?;
        Ok((self.expr(ty, d)?, ty.element().expect("a set type")))
    }

    /// `exists b in S: cond` / `forall ...`, with b of S's element type.
    fn quantified(&mut self, d: u32) -> Result<String> {
        let q = if self.u.arbitrary()? {
            "exists"
        } else {
            "forall"
        };
        let (domain, element) = self.domain(d)?;
        let b = self.fresh("b");
        self.locals.push((b.clone(), element));
        let body = self.expr(Ty::Bool, d);
        self.locals.pop();
        Ok(format!("({q} {b} in {domain}: {})", body?))
    }

    /// `{ element | b in S, ..., cond }` of element type `ty`.
    fn comprehension(&mut self, ty: Ty, d: u32) -> Result<String> {
        let mark = self.locals.len();
        let mut clauses = Vec::new();
        for _ in 0..self.u.int_in_range(1..=2u8)? {
            let (domain, element) = self.domain(d)?;
            let b = self.fresh("b");
            clauses.push(format!("{b} in {domain}"));
            self.locals.push((b, element));
            if self.u.arbitrary()? {
                clauses.push(self.expr(Ty::Bool, d)?);
            }
        }
        let element = self.expr(ty, d)?;
        self.locals.truncate(mark);
        Ok(format!("{{ {element} | {} }}", clauses.join(", ")))
    }

    /// `{ b in S | cond }`: a filter of S, of S's type.
    fn filter(&mut self, set: Ty, d: u32) -> Result<String> {
        let domain = self.expr(set, d)?;
        let b = self.fresh("b");
        self.locals
            .push((b.clone(), set.element().expect("a set type")));
        let cond = self.expr(Ty::Bool, d);
        self.locals.pop();
        Ok(format!("{{ {b} in {domain} | {} }}", cond?))
    }

    /// The set-builders over X that narrowing turns into kernel sets (ST_k, SUM/DOCK,
    /// successors at a distance), sometimes with a further test.
    fn narrowable(&mut self, d: u32) -> Result<String> {
        let v = self.fresh("b");
        let p = self.piece(d)?;
        let a = self.expr(Ty::Point, d)?;
        let k = self.expr(Ty::Int, d)?;
        let (domain, test) = match self.u.int_in_range(0..=3u8)? {
            0 => ("X".to_string(), format!("MAP({p}, {a}, {v}) == {k}")),
            1 => ("X".to_string(), format!("MAP({p}, {v}, {a}) == {k}")),
            2 => {
                let b = self.expr(Ty::Point, d)?;
                (
                    "X".to_string(),
                    format!("MAP({p}, {a}, {v}) + MAP({p}, {v}, {b}) == {k}"),
                )
            }
            _ => {
                let b = self.expr(Ty::Point, d)?;
                (format!("R({p}, {b})"), format!("MAP({p}, {v}, {a}) == {k}"))
            }
        };
        let rest = if self.u.arbitrary()? {
            self.locals.push((v.clone(), Ty::Point));
            let more = self.expr(Ty::Bool, d);
            self.locals.pop();
            format!(" and {}", more?)
        } else {
            String::new()
        };
        Ok(format!("{{ {v} in {domain} | {test}{rest} }}"))
    }

    fn set_op(&mut self, ty: Ty, d: u32) -> Result<String> {
        let op: SetOp = self.u.arbitrary()?;
        Ok(format!(
            "({} {} {})",
            self.expr(ty, d)?,
            op.text(),
            self.expr(ty, d)?
        ))
    }

    /// The forms particular to `ty`.
    fn typed(&mut self, ty: Ty, d: u32) -> Result<String> {
        Ok(match ty {
            Ty::Int => match self.u.int_in_range(0..=17u8)? {
                0..=4 => {
                    let op: IntOp = self.u.arbitrary()?;
                    let a = self.expr(Ty::Int, d)?;
                    // A divisor is mostly a constant other than 0.
                    let b = if matches!(op, IntOp::Div | IntOp::Mod) && self.u.ratio(3, 4)? {
                        self.pick(&["1", "2", "3", "7", "(-1)", "(-2)", "(-3)"])?
                            .to_string()
                    } else {
                        self.expr(Ty::Int, d)?
                    };
                    format!("({a} {} {b})", op.text())
                }
                5 => format!("(-{})", self.expr(Ty::Int, d)?),
                6 => format!(
                    "{}({}, {})",
                    self.pick(&["min", "max"])?,
                    self.expr(Ty::Int, d)?,
                    self.expr(Ty::Int, d)?
                ),
                7 => {
                    let set = *self.pick(&[Ty::SetInt, Ty::SetPoint, Ty::SetTraj])?;
                    format!("size({})", self.expr(set, d)?)
                }
                8 => format!("ord({})", self.expr(Ty::Point, d)?),
                9 => format!(
                    "MAP({}, {}, {})",
                    self.piece(d)?,
                    self.expr(Ty::Point, d)?,
                    self.expr(Ty::Point, d)?
                ),
                10 => self.extreme(Ty::SetInt, d)?,
                11 => {
                    let s = self.expr(Ty::SetInt, d)?;
                    let i = self.pick_index(d)?;
                    if self.u.ratio(3, 4)? {
                        format!("pick({s}, {i}, {})", self.expr(Ty::Int, d)?)
                    } else {
                        format!("pick({s}, {i})")
                    }
                }
                12 => self.indexed(Ty::SetInt, d)?,
                13 => {
                    let v = self.expr(Ty::VecInt, d)?;
                    let at = if self.u.arbitrary()? {
                        self.expr(Ty::Point, d)?
                    } else {
                        self.index(1, "n", d)?
                    };
                    format!("({v})[{at}]")
                }
                14 => format!("({}).0", self.expr(Ty::Pair, d)?),
                15 => format!("len({})", self.expr(Ty::Traj, d)?),
                16 => format!("value({})", self.piece(d)?),
                _ => "n".into(),
            },
            Ty::Bool => match self.u.int_in_range(0..=12u8)? {
                0..=2 => {
                    let op: CmpOp = self.u.arbitrary()?;
                    format!(
                        "({} {} {})",
                        self.expr(Ty::Int, d)?,
                        op.text(),
                        self.expr(Ty::Int, d)?
                    )
                }
                3 => {
                    let t: Ty = self.u.arbitrary()?;
                    let op = self.pick(&["==", "!="])?;
                    format!("({} {op} {})", self.expr(t, d)?, self.expr(t, d)?)
                }
                4 => {
                    let set = *self.pick(&[Ty::SetInt, Ty::SetPoint, Ty::SetTraj])?;
                    let element = set.element().expect("a set type");
                    format!("({} in {})", self.expr(element, d)?, self.expr(set, d)?)
                }
                5 => format!(
                    "({} {} {})",
                    self.expr(Ty::Bool, d)?,
                    self.pick(&["and", "or"])?,
                    self.expr(Ty::Bool, d)?
                ),
                6 => format!("(not {})", self.expr(Ty::Bool, d)?),
                7 => self.quantified(d)?,
                8 => format!(
                    "{}({}, {}, {})",
                    self.pick(&["R", "RA"])?,
                    self.piece(d)?,
                    self.expr(Ty::Point, d)?,
                    self.expr(Ty::Point, d)?
                ),
                9 => format!("ATTACKS({})", self.piece(d)?),
                10 => format!("TARGET({}, {})", self.piece(d)?, self.expr(Ty::Point, d)?),
                11 => format!("OPPOSE({}, {})", self.piece(d)?, self.piece(d)?),
                _ => format!("(side({}) == white)", self.piece(d)?),
            },
            Ty::Point => match self.u.int_in_range(0..=8u8)? {
                0 | 1 => format!("X[{}]", self.index(1, "n", d)?),
                2 => format!(
                    "pick({}, {}, {})",
                    self.expr(Ty::SetPoint, d)?,
                    self.pick_index(d)?,
                    self.expr(Ty::Point, d)?
                ),
                3 => self.extreme(Ty::SetPoint, d)?,
                4 => format!("({}).1", self.expr(Ty::Pair, d)?),
                5 => format!(
                    "{}({})",
                    self.pick(&["first", "last"])?,
                    self.expr(Ty::Traj, d)?
                ),
                6 => self.indexed(Ty::Traj, d)?,
                7 => format!("ON({})", self.piece(d)?),
                _ => self.indexed(Ty::SetPoint, d)?,
            },
            Ty::SetInt => match self.u.int_in_range(0..=6u8)? {
                0 => format!(
                    "(({})..({}))",
                    self.expr(Ty::Int, d)?,
                    self.expr(Ty::Int, d)?
                ),
                1 => {
                    let items = (0..self.u.int_in_range(0..=3u8)?)
                        .map(|_| self.expr(Ty::Int, d))
                        .collect::<Result<Vec<_>>>()?;
                    format!("{{{}}}", items.join(", "))
                }
                2 => self.set_op(ty, d)?,
                3 => self.comprehension(Ty::Int, d)?,
                4 => self.filter(Ty::SetInt, d)?,
                5 => {
                    let b = self.fresh("b");
                    let s = self.expr(Ty::SetPoint, d)?;
                    format!("{{ ord({b}) | {b} in {s} }}")
                }
                _ => "(1..n)".into(),
            },
            Ty::SetPoint => match self.u.int_in_range(0..=7u8)? {
                0 => format!("R({}, {})", self.piece(d)?, self.expr(Ty::Point, d)?),
                1 => format!("stops({})", self.expr(Ty::Traj, d)?),
                2 | 3 => self.narrowable(d)?,
                4 => self.set_op(ty, d)?,
                5 => self.comprehension(Ty::Point, d)?,
                6 => self.filter(Ty::SetPoint, d)?,
                _ => {
                    let items = (0..self.u.int_in_range(0..=3u8)?)
                        .map(|_| self.expr(Ty::Point, d))
                        .collect::<Result<Vec<_>>>()?;
                    format!("{{{}}}", items.join(", "))
                }
            },
            Ty::VecInt => {
                let z = self.fresh("z");
                self.locals.push((z.clone(), Ty::Point));
                let body = self.expr(Ty::Int, d);
                self.locals.pop();
                format!("(vec {z} in X: {})", body?)
            }
            Ty::Pair => format!("({}, {})", self.expr(Ty::Int, d)?, self.expr(Ty::Point, d)?),
            Ty::Traj => match self.u.int_in_range(0..=3u8)? {
                0 => format!("single({})", self.expr(Ty::Point, d)?),
                1 => format!(
                    "append({}, {})",
                    self.expr(Ty::Traj, d)?,
                    self.expr(Ty::Point, d)?
                ),
                2 => format!(
                    "pick({}, {}, {})",
                    self.expr(Ty::SetTraj, d)?,
                    self.pick_index(d)?,
                    self.expr(Ty::Traj, d)?
                ),
                _ => self.extreme(Ty::SetTraj, d)?,
            },
            Ty::SetTraj => match (self.import, self.u.int_in_range(0..=3u8)?) {
                (Some(_), 0 | 1) => {
                    format!("G({}, p = {})", self.start_of_import(d)?, self.piece(d)?)
                }
                (_, 2) => self.set_op(ty, d)?,
                _ => {
                    let b = self.fresh("b");
                    let s = self.expr(Ty::SetTraj, d)?;
                    self.locals.push((b.clone(), Ty::Traj));
                    let y = self.expr(Ty::Point, d);
                    self.locals.pop();
                    format!("{{ append({b}, {}) | {b} in {s} }}", y?)
                }
            },
        })
    }

    /// `S(x, y, l)` of an imported G_t: mostly a real start (l = MAP(p, x, y)).
    fn start_of_import(&mut self, d: u32) -> Result<String> {
        let x = self.expr(Ty::Point, d)?;
        let y = self.expr(Ty::Point, d)?;
        let l = if self.u.ratio(3, 4)? {
            format!("MAP(p, {x}, {y}) + {}", self.u.int_in_range(0..=1u8)?)
        } else {
            self.expr(Ty::Int, d)?
        };
        Ok(format!("S({x}, {y}, {l})"))
    }
}

/// How many of something: `lo..=hi`.
fn count(u: &mut Unstructured<'_>, lo: usize, hi: usize) -> Result<usize> {
    u.int_in_range(lo..=hi)
}

/// Types of a parameter list: 0..=`max` of them.
fn params(u: &mut Unstructured<'_>, min: usize, max: usize) -> Result<Vec<Ty>> {
    (0..count(u, min, max)?).map(|_| u.arbitrary()).collect()
}

fn declare(names: &[String], types: &[Ty]) -> String {
    names
        .iter()
        .zip(types)
        .map(|(n, t)| format!("{n}: {}", t.text()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A label set: `{}`, `{1, 3}`, the family `fam` or one of its members.
fn label_set(u: &mut Unstructured<'_>, rows: usize, family: bool) -> Result<String> {
    let choice = u.int_in_range(0..=5u8)?;
    Ok(match choice {
        0 => "{}".into(),
        1 if family => "fam".into(),
        2 if family => format!("{{9_{}, 1}}", u.int_in_range(1..=3u8)?),
        _ => {
            let labels: Vec<String> = (1..=rows)
                .filter(|_| u.ratio(1, 2).unwrap_or(false))
                .map(|k| k.to_string())
                .collect();
            format!("{{{}}}", labels.join(", "))
        }
    })
}

/// A generated grammar and the run it gets.
#[derive(Debug)]
pub struct Grammar {
    pub text: String,
    /// The start string, `S(a0, b0)`.
    pub start: String,
}

/// Builds a grammar from the fuzzer's bytes.
pub fn grammar(u: &mut Unstructured<'_>) -> Result<Grammar> {
    let import = if u.ratio(1, 4)? {
        Some(*u.choose(&IMPORTS)?)
    } else {
        None
    };
    let mut g = Gen {
        u,
        fns: Vec::new(),
        // The input `p` is not among them: it is a piece, written by `piece()`.
        globals: vec![("a0".into(), Ty::Int), ("b0".into(), Ty::Int)],
        locals: Vec::new(),
        fresh: 0,
        nodes: MAX_NODES,
        current: None,
        import,
    };
    let mut out = String::from("grammar fuzz\ninput p: piece\n");
    if let Some(file) = import {
        writeln!(out, "import G = \"{file}\"").unwrap();
    }

    // Symbols: S(a: int, b: int) is the start; A0.. and t0.. have generated parameters.
    let nonterminals: Vec<Symbol> = std::iter::once(Ok(Symbol {
        name: "S".into(),
        params: vec![Ty::Int, Ty::Int],
    }))
    .chain((0..count(g.u, 0, 2)?).map(|k| {
        Ok(Symbol {
            name: format!("A{k}"),
            params: params(g.u, 0, 3)?,
        })
    }))
    .collect::<Result<_>>()?;
    let terminals: Vec<Symbol> = (0..count(g.u, 1, 2)?)
        .map(|k| {
            Ok(Symbol {
                name: format!("t{k}"),
                params: params(g.u, 0, 2)?,
            })
        })
        .collect::<Result<_>>()?;
    out.push_str("start S(a0: int, b0: int)");
    if g.u.ratio(1, 4)? {
        let (a, b) = (g.expr(Ty::Int, 2)?, g.expr(Ty::Int, 2)?);
        write!(out, " => S({a}, {b})").unwrap();
    }
    out.push('\n');
    for (kind, symbols) in [("terminal", &terminals), ("nonterminal", &nonterminals)] {
        for s in symbols {
            let names: Vec<String> = (0..s.params.len()).map(|k| format!("x{k}")).collect();
            writeln!(out, "{kind} {}({})", s.name, declare(&names, &s.params)).unwrap();
        }
    }

    // Function signatures first, so that bodies (and initialisers) can call any of them.
    let fn_count = count(g.u, 0, 4)?;
    for k in 0..fn_count {
        let is_pred = g.u.ratio(1, 3)?;
        let sig = FnSig {
            name: if is_pred {
                format!("q{k}")
            } else {
                format!("f{k}")
            },
            params: params(g.u, 0, 3)?,
            ret: if is_pred { Ty::Bool } else { g.u.arbitrary()? },
        };
        g.fns.push(sig);
    }

    // Consts and vars, in order: an initialiser sees the earlier ones.
    let mut vars: Vec<(String, Ty)> = Vec::new();
    for k in 0..count(g.u, 0, 4)? {
        let is_var = g.u.ratio(2, 3)?;
        let ty: Ty = g.u.arbitrary()?;
        let name = if is_var {
            format!("v{k}")
        } else {
            format!("c{k}")
        };
        let value = g.expr(ty, 3)?;
        let kind = if is_var { "var" } else { "const" };
        writeln!(out, "{kind} {name}: {} = {value}", ty.text()).unwrap();
        if is_var {
            vars.push((name.clone(), ty));
        }
        g.globals.push((name, ty));
    }

    // Function bodies. A function whose first parameter is an int is mostly recursive in
    // shape: `if x0 <= k then base else (a body that may call it with x0 - 1 or x0 - 2)`.
    for k in 0..fn_count {
        let f = g.fns[k].clone();
        let names: Vec<String> = (0..f.params.len()).map(|j| format!("y{j}")).collect();
        g.locals = names
            .iter()
            .cloned()
            .zip(f.params.iter().copied())
            .collect();
        g.current = Some(k);
        let body = if f.params.first() == Some(&Ty::Int) && g.u.ratio(2, 3)? {
            let limit = g.u.int_in_range(0..=2u8)?;
            let base = g.expr(f.ret, 2)?;
            let step = g.expr(f.ret, MAX_DEPTH)?;
            format!("if y0 <= {limit} then {base} else {step}")
        } else {
            g.expr(f.ret, MAX_DEPTH)?
        };
        g.current = None;
        g.locals.clear();
        let declared = declare(&names, &f.params);
        if f.ret == Ty::Bool && f.name.starts_with('q') {
            writeln!(out, "pred {}({declared}) = {body}", f.name).unwrap();
        } else {
            writeln!(
                out,
                "fn {}({declared}) -> {} = {body}",
                f.name,
                f.ret.text()
            )
            .unwrap();
        }
    }

    // Rows 1..=rows, and maybe a family of rows 9_i.
    let rows = count(g.u, 1, 5)?;
    let family = g.u.ratio(1, 3)?;
    let mut table = String::from("productions\n");
    let mut family_decl = String::new();
    for r in 1..=rows + usize::from(family) {
        let is_family = r > rows;
        // Row 1 mostly rewrites the start symbol.
        let lhs = if r == 1 && g.u.ratio(7, 8)? {
            nonterminals[0].clone()
        } else {
            g.u.choose(&nonterminals)?.clone()
        };
        // The kernel's patterns: one fresh name a parameter, or a tuple for a pair.
        let mut patterns = Vec::new();
        for &t in &lhs.params {
            if t == Ty::Pair && g.u.arbitrary()? {
                let (a, b) = (g.fresh("k"), g.fresh("k"));
                patterns.push(format!("({a}, {b})"));
                g.locals.push((a, Ty::Int));
                g.locals.push((b, Ty::Point));
            } else {
                let a = g.fresh("k");
                patterns.push(a.clone());
                g.locals.push((a, t));
            }
        }
        let label = if is_family {
            // The range is evaluated with the row's patterns bound, and may not name a const
            // or var directly.
            let saved = std::mem::take(&mut g.globals);
            g.globals = saved
                .iter()
                .filter(|(n, _)| !n.starts_with('c') && !n.starts_with('v'))
                .cloned()
                .collect();
            let range = g.expr(Ty::SetInt, 2)?;
            g.globals = saved;
            family_decl = format!("family fam = 9_i for i in {range}\n");
            g.locals.push(("i".into(), Ty::Int));
            "9_i".to_string()
        } else {
            r.to_string()
        };
        let condition = if g.u.ratio(1, 4)? {
            "true".to_string()
        } else {
            g.expr(Ty::Bool, 3)?
        };
        let mut rhs = Vec::new();
        for _ in 0..count(g.u, 0, 3)? {
            let s = if g.u.arbitrary()? {
                g.u.choose(&terminals)?.clone()
            } else {
                g.u.choose(&nonterminals)?.clone()
            };
            let args = s
                .params
                .iter()
                .map(|&t| g.expr(t, 3))
                .collect::<Result<Vec<_>>>()?;
            rhs.push(format!("{}({})", s.name, args.join(", ")));
        }
        let rhs = if rhs.is_empty() {
            "e".to_string()
        } else {
            rhs.join(" ")
        };
        let mut assignments = Vec::new();
        for (name, ty) in vars.clone() {
            if !g.u.ratio(1, 3)? {
                continue;
            }
            if ty == Ty::VecInt && g.u.arbitrary()? {
                let z = g.fresh("z");
                g.locals.push((z.clone(), Ty::Point));
                let value = g.expr(Ty::Int, 3);
                g.locals.pop();
                assignments.push(format!("{name}[{z}] := {} for {z} in X", value?));
            } else {
                assignments.push(format!("{name} := {}", g.expr(ty, 3)?));
            }
        }
        let separator = if g.u.arbitrary()? { "; " } else { ", " };
        let on_success = label_set(g.u, rows, family)?;
        let on_failure = label_set(g.u, rows, family)?;
        writeln!(
            table,
            "  {label} | {condition} | {}({}) -> {rhs} | {} | {on_success} | {on_failure}",
            lhs.name,
            patterns.join(", "),
            assignments.join(separator)
        )
        .unwrap();
        g.locals.clear();
    }
    out.push_str(&family_decl);
    out.push_str(&table);

    let start = format!(
        "S({}, {})",
        g.u.int_in_range(-1..=5i8)?,
        g.u.int_in_range(-1..=5i8)?
    );
    Ok(Grammar { text: out, start })
}
