//! `lingeo analysis`: the counting analyses of the MAICS 2013 paper.

use clap::{Args, Subcommand};
use lingeo::analysis::figure12_observed;
use serde::Serialize;

use super::CliError;

#[derive(Args, Debug)]
pub struct AnalysisArgs {
    #[command(subcommand)]
    pub which: Which,
    #[command(flatten)]
    pub memory: super::limits::MemoryArg,
}

#[derive(Subcommand, Debug)]
pub enum Which {
    /// Figure 12: average number of patterns per piece (the paper's formula beside the exact
    /// average number of shortest paths per pair) and the savings of fuzzy patterns (Figure 13).
    Figure12 {
        /// Board size.
        #[arg(long, default_value = "8x8", value_name = "WxH")]
        board: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Also write a bar chart of the table (formula, exact average, paper) with the savings
        /// under each piece, as SVG.
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
    },
}

#[derive(Serialize)]
struct RowJson {
    piece: &'static str,
    paper: Option<f64>,
    formula: f64,
    exact: f64,
    savings: f64,
}

pub fn run(args: &AnalysisArgs) -> Result<String, CliError> {
    let Which::Figure12 { board, json, svg } = &args.which;
    let (w, h) = board
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?)))
        .ok_or_else(|| CliError(format!("--board: `{board}` is not a size such as 8x8")))?;
    if u64::from(w) * u64::from(h) > 4096 {
        return Err(CliError(format!(
            "--board: {board} is too large for an analysis over every pair (at most 64x64)"
        )));
    }
    let rows = figure12_observed(w, h, &super::progress::Bars::new())?;
    if let Some(path) = svg {
        let chart = lingeo::analysis::figure12_chart(w, h, &rows);
        super::files::write("--svg", path, lingeo::chart::bar_chart(&chart))?;
    }
    if *json {
        let rows: Vec<RowJson> = rows
            .iter()
            .map(|r| RowJson {
                piece: r.piece,
                paper: r.paper,
                formula: round(r.formula),
                exact: round(r.exact),
                savings: round(r.savings),
            })
            .collect();
        return super::json::to_string(&rows);
    }
    let mut out =
        format!("Figure 12 on an empty {w}x{h} board: average number of patterns per piece\n");
    out.push_str(
        "piece    paper   formula   exact shortest paths per pair   fuzzy-pattern savings\n",
    );
    for r in &rows {
        let paper = r.paper.map_or("-".to_string(), |p| format!("{p:.3}"));
        out.push_str(&format!(
            "{:<8} {:>6} {:>9.3} {:>29.3} {:>22.1}%\n",
            r.piece,
            paper,
            r.formula,
            r.exact,
            100.0 * r.savings
        ));
    }
    out.push_str(
        "formula: the paper's, averaged over start squares, sum of j * L_j / r (it counts j paths at distance j);\n\
         exact: the number of shortest paths averaged over every (start, reachable end) pair;\n\
         savings: 1 - 1 / exact, one fuzzy pattern per pair instead of one pattern per path.\n",
    );
    Ok(out)
}

fn round(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}
