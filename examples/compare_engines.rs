//! Patterns, fuzzy patterns and zones on the same positions: the MAICS 2013 paper's claim that
//! fuzzy patterns are far fewer and quicker to compute than patterns and LG zones, checked on
//! any scenario files.
//!
//! ```text
//! cargo run --release --example compare_engines -- examples/
//! cargo run --release --example compare_engines -- examples/figure2.scenario --out target/compare
//! ```
//!
//! For every scenario, over every ordered pair (x, y) of opposing pieces where x can attack y
//! (attack-ability, docs/semantics.md §11.1), at distance d:
//! - **patterns**: the number of patterns of the pair (docs/semantics.md §11.3, horizon
//!   `--horizon`);
//! - **fuzzy**: the number of fuzzy patterns (docs/semantics.md §11.4, one per pair), computed;
//! - **zones**: for the pairs with d <= `--zone-horizon`, the zones of x attacking y's point
//!   within d moves (filters F1 and F2 of decision A8, docs/semantics.md §6.7), by the native
//!   generator and by `grammars/zones-filtered.lgg` (`--no-grammar` skips it); they must agree, and
//!   a count at the cap `--max-zones` is printed `>=cap`;
//! - **paths = grammar**: whether the shortest paths by combining tables (docs/semantics.md §11.2)
//!   equal the language of `grammars/shortest-trajectories.lgg`, on every pair where x reaches y's
//!   point by moves.
//!
//! Times are the wall-clock time of one run of each computation over all the pairs of the
//! scenario (the kernel's distance cache warm; `cargo bench --bench patterns` has the careful
//! figures). Stdout holds the table only; progress goes to stderr. `--out DIR` also writes
//! `compare.csv` (one row per pair: the counts, then the time of each computation of the pair
//! in microseconds, `us_patterns`, `us_fuzzy`, `us_zones_native`, `us_zones_grammar` and
//! `us_paths_check`, empty where the computation was not made) and `figure14-<scenario>.svg`
//! (patterns against fuzzy patterns per pair, like the paper's Figure 14).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use lingeo::chart::bar_chart;
use lingeo::engine_comparison::{CompareOptions, Comparer, Count, figure14};
use lingeo::scenario::Scenario;

#[derive(Parser)]
#[command(about = "Patterns, fuzzy patterns and zones on the same positions")]
struct Args {
    /// Scenario files, or directories whose `.scenario` files are all taken.
    #[arg(default_value = "examples")]
    paths: Vec<PathBuf>,
    /// The horizon of the interacting pieces of patterns (moves).
    #[arg(long, default_value_t = 1)]
    horizon: u32,
    /// Zones are generated for the pairs at most this many moves apart.
    #[arg(long, default_value_t = 2)]
    zone_horizon: u32,
    /// The most zones generated for one pair (by each engine).
    #[arg(long, default_value_t = 1000)]
    max_zones: usize,
    /// Skip the zone grammar (the native zone generator still runs).
    #[arg(long)]
    no_grammar: bool,
    /// Write compare.csv and one figure14-<scenario>.svg per scenario here.
    #[arg(long)]
    out: Option<PathBuf>,
}

fn main() {
    let args = Args::parse();
    if let Err(e) = run(&args) {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn run(args: &Args) -> Result<(), String> {
    let files = scenario_files(&args.paths)?;
    let scenarios: Vec<(String, Scenario)> = files
        .iter()
        .map(|f| {
            let s = Scenario::load(f).map_err(|e| e.to_string())?;
            let name = f
                .file_stem()
                .map_or_else(|| f.display().to_string(), |s| s.to_string_lossy().into());
            Ok((name, s))
        })
        .collect::<Result<_, String>>()?;
    let comparer = Comparer::new().map_err(|e| e.to_string())?;
    let options = CompareOptions {
        horizon: args.horizon,
        zone_horizon: args.zone_horizon,
        max_zones: args.max_zones,
        grammar: !args.no_grammar,
        ..CompareOptions::default()
    };

    let total: u64 = scenarios
        .iter()
        .map(|(_, s)| (s.pieces.len() * s.pieces.len()) as u64)
        .sum();
    let progress = ProgressBar::new(total).with_style(
        ProgressStyle::with_template("{msg:>24} [{bar:30}] {pos}/{len} pairs, {elapsed}")
            .map_err(|e| e.to_string())?
            .progress_chars("=> "),
    );

    let mut table = String::new();
    let header = [
        "scenario",
        "pieces",
        "pairs",
        "patterns",
        "fuzzy",
        "zone pairs",
        "zones",
        "zones (grammar)",
        "paths = grammar",
        "t patterns",
        "t fuzzy",
        "t zones",
        "t zones (grammar)",
        "t paths check",
    ];
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut csv = String::from(
        "scenario,from,to,distance,patterns,fuzzy_patterns,zones_native,zones_grammar,paths_equal_grammar,\
         us_patterns,us_fuzzy,us_zones_native,us_zones_grammar,us_paths_check\n",
    );
    for (name, scenario) in &scenarios {
        progress.set_message(name.clone());
        let kernel = scenario.kernel();
        let (pairs, times) = comparer
            .pairs(
                scenario,
                &kernel,
                options,
                &PairsBar(&progress),
                &mut |note| progress.println(note),
            )
            .map_err(|e| format!("{name}: {e}"))?;
        let mut patterns = Count::default();
        let mut fuzzy = 0u128;
        let (mut native, mut grammar) = (Count::default(), Count::default());
        let mut zone_pairs = 0;
        let (mut checked, mut agree) = (0, 0);
        for p in &pairs {
            patterns.add(p.patterns);
            fuzzy += p.fuzzy_patterns;
            if let Some(z) = p.zones_native {
                zone_pairs += 1;
                native.add(z);
            }
            if let Some(z) = p.zones_grammar {
                grammar.add(z);
            }
            if let Some(a) = p.paths_agree {
                checked += 1;
                agree += usize::from(a);
            }
            let show = |c: Option<Count>| c.map_or(String::new(), |c| c.to_string());
            let t = &p.times;
            let _ = writeln!(
                csv,
                "{name},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                scenario.pieces[p.from].name,
                scenario.pieces[p.to].name,
                p.distance,
                p.patterns,
                p.fuzzy_patterns,
                show(p.zones_native),
                show(p.zones_grammar),
                p.paths_agree.map_or(String::new(), |a| a.to_string()),
                us(t.patterns),
                us(t.fuzzy),
                t.zones_native.map_or(String::new(), us),
                t.zones_grammar.map_or(String::new(), us),
                t.paths.map_or(String::new(), us),
            );
        }
        rows.push(vec![
            name.clone(),
            scenario.pieces.len().to_string(),
            pairs.len().to_string(),
            patterns.to_string(),
            fuzzy.to_string(),
            zone_pairs.to_string(),
            native.to_string(),
            if args.no_grammar {
                "-".into()
            } else {
                grammar.to_string()
            },
            format!("{agree}/{checked}"),
            ms(times.patterns),
            ms(times.fuzzy),
            ms(times.zones_native),
            if args.no_grammar {
                "-".into()
            } else {
                ms(times.zones_grammar)
            },
            ms(times.paths),
        ]);
        if let Some(dir) = &args.out {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let file = dir.join(format!("figure14-{name}.svg"));
            std::fs::write(&file, bar_chart(&figure14(name, scenario, &pairs)))
                .map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    progress.finish_and_clear();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].len())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[&str]| {
        let mut out = String::new();
        for (c, cell) in cells.iter().enumerate() {
            if c == 0 {
                let _ = write!(out, "{cell:<w$}", w = widths[c]);
            } else {
                let _ = write!(out, "  {cell:>w$}", w = widths[c]);
            }
        }
        out.trim_end().to_string()
    };
    table.push_str(&line(&header));
    table.push('\n');
    for r in &rows {
        let cells: Vec<&str> = r.iter().map(String::as_str).collect();
        table.push_str(&line(&cells));
        table.push('\n');
    }
    let _ = writeln!(
        table,
        "pairs: ordered opposing pairs where the first can attack the second; patterns with horizon {}; \
         zones for pairs at most {} moves apart, within their distance, filters F1+F2, at most {} per pair; \
         times in ms, one run each.",
        args.horizon, args.zone_horizon, args.max_zones
    );
    print!("{table}");
    if let Some(dir) = &args.out {
        let file = dir.join("compare.csv");
        std::fs::write(&file, csv).map_err(|e| format!("{}: {e}", file.display()))?;
        eprintln!("wrote {} and the figure14-*.svg plots", file.display());
    }
    Ok(())
}

/// Every `.scenario` file of the paths, directories expanded, in name order.
fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut here: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|e| e == "scenario"))
                .collect();
            here.sort();
            files.extend(here);
        } else {
            files.push(p.clone());
        }
    }
    if files.is_empty() {
        return Err("no scenario files given".into());
    }
    Ok(files)
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

/// Microseconds, for the CSV.
fn us(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e6)
}

/// The one bar of every scenario's pairs: the library's task per scenario only advances it.
struct PairsBar<'b>(&'b ProgressBar);

impl lingeo::progress::Progress for PairsBar<'_> {
    fn advance(&self, n: u64) {
        self.0.inc(n);
    }
}
