//! The parallel solve against the one-thread solve (docs/play-and-search.md §3.3): Pawned on
//! the boards given (default 6x6 and 6x7), solved with the default table (sized to the
//! machine) on 1 and 2 threads, or the counts given with `--threads`.
//!
//! ```text
//! cargo run --release --example compare_threads
//! cargo run --release --example compare_threads -- --boards 5x6,6x6 --threads 1,2,4
//! ```
//!
//! Prints a Markdown table: the value, the positions visited (all threads together), the
//! wall-clock and CPU time; and the machine's load (`/proc/loadavg`) before and after, since
//! on a busy machine two threads do not get two cores. The positions of more than one thread
//! vary from run to run; the value never does.

use lingeo::play::game::Game;
use lingeo::play::search::{SearchOptions, alphabeta, table};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

fn main() {
    let mut boards = vec!["6x6".to_string(), "6x7".to_string()];
    let mut threads = vec![1usize, 2];
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let list = args.next().unwrap_or_default();
        match a.as_str() {
            "--boards" => boards = list.split(',').map(str::to_string).collect(),
            "--threads" => {
                threads = match list
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<Vec<usize>, _>>()
                {
                    Ok(t) if t.iter().all(|&n| n >= 1) => t,
                    _ => fail("--threads takes numbers of threads, as 1,2"),
                }
            }
            _ => fail(&format!(
                "unknown argument {a} (--boards 6x6,6x7 --threads 1,2)"
            )),
        }
    }
    let text = std::fs::read_to_string("examples/pawned.scenario")
        .unwrap_or_else(|e| fail(&format!("examples/pawned.scenario: {e}")));
    let tt_mb = table::default_mb(lingeo::memory::DEFAULT_LIMIT);
    println!("load before: {}", load());
    println!("table: {tt_mb} MiB (the default on this machine)\n");
    println!("| board | threads | value | positions | time | CPU |");
    println!("|---|---|---|---|---|---|");
    for board in &boards {
        let scenario = text.replace("\nboard 5x6\n", &format!("\nboard {board}\n"));
        let game = Scenario::parse("pawned.scenario", &scenario)
            .map_err(|e| e.to_string())
            .and_then(|s| Game::new(s).map_err(|e| e.to_string()))
            .unwrap_or_else(|e| fail(&format!("pawned {board}: {e}")));
        let root = State::initial(&game);
        for &n in &threads {
            eprintln!("pawned {board}: {n} thread(s)");
            let options = SearchOptions {
                tt_mb,
                threads: n,
                ..SearchOptions::default()
            };
            let r = alphabeta::search(&game, &root, &options);
            let value = match (&r.stopped, r.value) {
                (Some(why), _) => format!("stopped: {why}"),
                (None, Some(v)) => v.to_string(),
                (None, None) => "?".to_string(),
            };
            println!(
                "| {board} | {n} | {value} | {} | {:.1} s | {} |",
                r.nodes,
                r.time.as_secs_f64(),
                r.cpu_time
                    .map_or("?".to_string(), |t| format!("{:.1} s", t.as_secs_f64()))
            );
        }
    }
    println!("\nload after: {}", load());
}

/// The load averages over 1, 5 and 15 minutes.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_string())
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2);
}
