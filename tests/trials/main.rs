//! The table-driven tests, one named trial per case (libtest-mimic, `harness = false`), so that
//! a failing case does not hide the others and each can be run alone
//! (`cargo test --test trials -- cli::cli-demo`): the CLI's cases (`tests/cli.cases`, and the
//! patterns and fuzzy patterns of every shipped scenario), `search` and `play`
//! (`tests/play.cases`), the
//! agreement of the grammar interpreter with the native bundle (`tests/agreement.cases`) and
//! with the native zone generator (`tests/zone.cases`). The browser tests are here too (`browser`,
//! and `page` for the page's behaviours of issue 46): a trial
//! can be ignored at run time, so a machine without Chromium lists it as ignored rather than
//! passing it.

mod agreement;
mod browser;
mod cli;
mod page;
mod play;
mod zones;

// Shared with the `it` tests; not every helper is used here.
#[allow(dead_code)]
#[path = "../it/common.rs"]
mod common;
#[path = "../support/stream_check.rs"]
mod stream_check;
#[path = "../support/cli.rs"]
mod table;
#[path = "../support/zone_engines.rs"]
mod zone_engines;
// The browser drives the server the API tests start (`Server`); the module is included rather
// than its server copied. Its `#[test]`s are not compiled here, so its other helpers are unused.
#[allow(dead_code, unused_imports)]
#[path = "../it/serve.rs"]
mod serve;

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let mut trials = cli::trials();
    trials.extend(play::trials());
    trials.extend(agreement::trials());
    trials.extend(zones::trials());
    trials.extend(browser::trials());
    trials.extend(page::trials());
    libtest_mimic::run(&args, trials).exit();
}
