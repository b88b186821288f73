//! `lingeo analysis`: the counting analyses of the MAICS 2013 paper.

use clap::{Args, Subcommand};

use super::CliError;
use super::schema_args::{Flags, Options};
use lingeo::api::AnalysisRequest;

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
    Figure12(Figure12Args),
}

/// `analysis figure12`'s flags: the request's, and the CLI's own outputs.
#[derive(Args, Debug)]
pub struct Figure12Args {
    #[command(flatten)]
    pub options: Options<AnalysisRequest>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write a bar chart of the table (formula, exact average, paper) with the savings
    /// under each piece, as SVG.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

/// The analysis's fields as flags: `--board WxH`.
impl Flags for AnalysisRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] = &[("board", "WxH")];
}

pub fn run(args: &AnalysisArgs) -> Result<String, CliError> {
    let Which::Figure12(Figure12Args { options, json, svg }) = &args.which;
    let request = options.request()?;
    let result = lingeo::api::figure12(&request, &super::progress::Bars::new())
        .map_err(|e| CliError(AnalysisRequest::spell(&e.to_string())))?;
    let (width, height) = (result.width, result.height);
    if let Some(path) = svg {
        super::files::write("--svg", path, result.chart())?;
    }
    if *json {
        return super::json::to_string(&result.rows());
    }
    let (w, h) = (width, height);
    let rows = &result.figure;
    let mut out =
        format!("Figure 12 on an empty {w}x{h} board: average number of patterns per piece\n");
    out.push_str(
        "piece    paper   formula   exact shortest paths per pair   fuzzy-pattern savings\n",
    );
    for r in rows {
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
