//! `--max-memory` as a flag of the CLI's own, for `analysis`, whose request has no memory
//! field (every other command's `max_memory`, and the grammar's limits, are fields of its
//! request; see `docs/grammar-language.md` §12).

use clap::Args;

/// `--max-memory` for `analysis`.
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
