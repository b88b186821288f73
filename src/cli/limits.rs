//! The limits of a grammar run as command-line options, for `compare`, whose flags are not yet
//! its request's (`run` and `zones` take the same limits as fields of their requests,
//! `RunRequest` and `ZonesRequest`; see `docs/grammar-language.md` §12).

use clap::Args;
use lingeo::grammar::Limits;

#[derive(Args, Debug, Clone, Copy)]
pub struct LimitArgs {
    /// Stop with an error after this many derivation steps.
    #[arg(long, default_value_t = Limits::default().max_steps)]
    pub max_steps: u64,
    /// Stop with an error when function calls nest deeper than this.
    #[arg(long, default_value_t = Limits::default().max_call_depth)]
    pub max_depth: usize,
    /// Stop with an error when a string grows past this many symbols.
    #[arg(long, default_value_t = Limits::default().max_form_length)]
    pub max_length: usize,
    /// Stop with an error when a set-builder or range builds a set of more members than this.
    #[arg(long, default_value_t = Limits::default().max_set_size)]
    pub max_set_size: usize,
    /// Stop with an error when set-builders, quantifiers and vectors over X have gone over
    /// this many elements, and functions been called, in all.
    #[arg(long, default_value_t = Limits::default().max_iterations)]
    pub max_iterations: u64,
    /// Stop with an error when the run uses more than this many MiB of memory (heap, and
    /// the stack grown for deep recursion), and so does the printed output. Structures as large as the board
    /// (a slider's successor lists, the rays of play) are refused beforehand when they would
    /// not fit.
    #[arg(long, value_name = "MIB", default_value_t = (Limits::default().max_memory >> 20) as u64,
          value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    pub max_memory: u64,
}

/// `--max-memory` for the commands without the grammar's limits.
#[derive(Args, Debug, Clone, Copy)]
pub struct MemoryArg {
    /// Stop with an error when the run would use more than this many MiB of memory:
    /// structures as large as the board (a slider's successor lists, the rays of play) are
    /// refused beforehand when they would not fit, and listings (paths, trajectories,
    /// patterns) and the printed output stop where they would pass it.
    #[arg(long, value_name = "MIB", default_value_t = (lingeo::memory::DEFAULT_LIMIT >> 20) as u64,
          value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    pub max_memory: u64,
}

impl MemoryArg {
    /// `--max-memory` in bytes.
    pub fn bytes(&self) -> usize {
        usize::try_from(self.max_memory << 20).unwrap_or(usize::MAX)
    }
}

impl LimitArgs {
    /// The limits, with `max_sentences` the cap on the language derived and `max_imported`
    /// the cap on each language of an imported grammar.
    pub fn limits(&self, max_sentences: usize, max_imported: usize) -> Limits {
        Limits {
            max_steps: self.max_steps,
            max_sentences,
            max_imported_sentences: max_imported,
            max_call_depth: self.max_depth,
            max_form_length: self.max_length,
            max_set_size: self.max_set_size,
            max_iterations: self.max_iterations,
            max_memory: self.max_memory_bytes(),
        }
    }

    /// `--max-memory` in bytes.
    pub fn max_memory_bytes(&self) -> usize {
        usize::try_from(self.max_memory << 20).unwrap_or(usize::MAX)
    }
}
