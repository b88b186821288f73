//! The grammar engine's limits as a request's fields (`max_steps`, `max_depth`, `max_length`,
//! `max_set_size`, `max_iterations`, and `max_memory` in MiB), and the one conversion of them
//! into the engine's [`Limits`]. The requests of `run`, `zones`, `compare` and `search` carry
//! them as fields of their own rather than a `#[serde(flatten)]` struct: each request says in
//! its own doc comment what the limit stops (`--help` and `/api/defaults` show it: "`engine`
//! lg-grammar: ..." in a search, the zones' and the search's own memory), places them among its
//! fields in its own order, and refuses unknown fields with serde's `deny_unknown_fields`,
//! which serde does not allow beside `flatten`. A new limit is its field in each request (with
//! its default from [`LimitFields::default`]) and a line here.

use crate::grammar::Limits;

use super::request::memory_bytes;
use super::{CompareRequest, RunRequest, SearchRequest, ZonesRequest};

/// The limits as a request's fields hold them (`max_memory` in MiB).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitFields {
    /// Derivation steps in all ([`Limits::max_steps`]).
    pub max_steps: u64,
    /// Nested function calls ([`Limits::max_call_depth`]).
    pub max_depth: usize,
    /// Symbols in one sentential form ([`Limits::max_form_length`]).
    pub max_length: usize,
    /// Members of one set built ([`Limits::max_set_size`]).
    pub max_set_size: usize,
    /// Elements gone over and functions called, in all ([`Limits::max_iterations`]).
    pub max_iterations: u64,
    /// MiB of memory ([`Limits::max_memory`], in bytes there).
    pub max_memory: u64,
}

impl Default for LimitFields {
    /// The engine's default limits, as fields: every request's defaults.
    fn default() -> Self {
        let limits = Limits::default();
        LimitFields {
            max_steps: limits.max_steps,
            max_depth: limits.max_call_depth,
            max_length: limits.max_form_length,
            max_set_size: limits.max_set_size,
            max_iterations: limits.max_iterations,
            max_memory: (limits.max_memory >> 20) as u64,
        }
    }
}

impl LimitFields {
    /// The engine's limits: these, with the cap on the sentences of the language derived
    /// (`max_sentences`) and of each language an imported grammar derives
    /// (`max_imported_sentences`); `None` leaves a cap at its default.
    pub fn limits(
        &self,
        max_sentences: Option<usize>,
        max_imported_sentences: Option<usize>,
    ) -> Limits {
        let default = Limits::default();
        Limits {
            max_steps: self.max_steps,
            max_sentences: max_sentences.unwrap_or(default.max_sentences),
            max_imported_sentences: max_imported_sentences
                .unwrap_or(default.max_imported_sentences),
            max_call_depth: self.max_depth,
            max_form_length: self.max_length,
            max_set_size: self.max_set_size,
            max_iterations: self.max_iterations,
            max_memory: memory_bytes(self.max_memory),
        }
    }
}

/// A request that carries the grammar limits as its fields.
pub trait GrammarLimits {
    /// Its limit fields.
    fn limit_fields(&self) -> LimitFields;
}

/// The fields of each request that carries them: the one place they are read.
macro_rules! grammar_limits {
    ($($request:ty),+) => {
        $(impl GrammarLimits for $request {
            fn limit_fields(&self) -> LimitFields {
                LimitFields {
                    max_steps: self.max_steps,
                    max_depth: self.max_depth,
                    max_length: self.max_length,
                    max_set_size: self.max_set_size,
                    max_iterations: self.max_iterations,
                    max_memory: self.max_memory,
                }
            }
        })+
    };
}

grammar_limits!(RunRequest, ZonesRequest, CompareRequest, SearchRequest);

#[cfg(test)]
mod tests {
    use super::*;

    fn limits_of<R: GrammarLimits>(r: &R) -> (u64, usize, usize, usize, u64, usize) {
        let l = r.limit_fields().limits(None, None);
        (
            l.max_steps,
            l.max_call_depth,
            l.max_form_length,
            l.max_set_size,
            l.max_iterations,
            l.max_memory,
        )
    }

    /// Each request's limits are its fields, and by default the engine's.
    #[test]
    fn every_requests_limits_are_its_fields() {
        let d = Limits::default();
        let default = (
            d.max_steps,
            d.max_call_depth,
            d.max_form_length,
            d.max_set_size,
            d.max_iterations,
            d.max_memory,
        );
        let given = (11, 12, 13, 14, 15, 16 << 20);
        macro_rules! check {
            ($($request:ident),+) => {$(
                assert_eq!(limits_of(&$request::default()), default, stringify!($request));
                let r = $request {
                    max_steps: 11,
                    max_depth: 12,
                    max_length: 13,
                    max_set_size: 14,
                    max_iterations: 15,
                    max_memory: 16,
                    ..Default::default()
                };
                assert_eq!(limits_of(&r), given, stringify!($request));
            )+};
        }
        check!(RunRequest, ZonesRequest, CompareRequest, SearchRequest);
    }

    /// The caps on sentences are the caller's, or the defaults.
    #[test]
    fn the_caps_on_sentences_are_given_or_the_defaults() {
        let fields = LimitFields::default();
        let d = Limits::default();
        let l = fields.limits(Some(5), None);
        assert_eq!(
            (l.max_sentences, l.max_imported_sentences),
            (5, d.max_imported_sentences)
        );
        let l = fields.limits(None, Some(7));
        assert_eq!(
            (l.max_sentences, l.max_imported_sentences),
            (d.max_sentences, 7)
        );
    }
}
