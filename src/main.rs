//! The `lingeo` command-line tool.

mod cli;
#[cfg(test)]
mod drift;
mod serve;

/// Counts the heap in use, so that `--max-memory` can stop a run before the machine runs out.
#[global_allocator]
static ALLOCATOR: lingeo::memory::Counting = lingeo::memory::Counting;

fn main() -> std::process::ExitCode {
    lingeo::memory::Counting::enable();
    cli::main()
}
