//! `lingeo trajectories`: the bundle of shortest or admissible trajectories.

use clap::{Args, ValueEnum};
use lingeo::board::PointName;
use lingeo::bundle::{AdmissibleRule, Bundle, BundleOptions};
use lingeo::render;
use serde::Serialize;

use super::CliError;
use super::setup::{self, BoardArgs, PieceArgs};

#[derive(Args, Debug)]
pub struct TrajectoryArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub piece: PieceArgs,
    /// Start point: a placed piece (--piece) starts where it stands; required with --type.
    #[arg(long)]
    pub from: Option<String>,
    /// End point.
    #[arg(long)]
    pub to: String,
    /// Trajectory length; longer than the distance gives admissible trajectories of degree 2.
    #[arg(long)]
    pub length: Option<u32>,
    /// Condition on the length of admissible trajectories (decision A3, docs/semantics.md §10).
    #[arg(long, value_enum, default_value_t = RuleArg::S16)]
    pub rule: RuleArg,
    /// Only trajectories that visit no point twice (decision A17, docs/semantics.md §10).
    #[arg(long)]
    pub simple: bool,
    /// Fail instead of listing more than this many trajectories (or, with --simple --count,
    /// counting more: simple ones are counted by listing them).
    #[arg(long, default_value_t = 100_000)]
    pub limit: usize,
    /// Print only the count.
    #[arg(long)]
    pub count: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Also draw the bundle as SVG into this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub memory: super::limits::MemoryArg,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RuleArg {
    /// MAP ≤ l < 2·MAP (S-16)
    S16,
    /// MAP ≤ l (S-06)
    S06,
}

#[derive(Serialize)]
struct BundleJson<'a> {
    piece: &'a str,
    from: PointName<'a>,
    to: PointName<'a>,
    /// MAP from `from` to `to`; null when unreachable.
    distance: Option<u32>,
    /// The trajectory length; null when no trajectory of the asked length can exist.
    length: Option<u32>,
    /// A number, or a string when it exceeds what a JSON number holds exactly.
    count: serde_json::Value,
    /// Present (true) when the count passed 128 bits: `count` is then a lower bound.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    count_saturated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    trajectories: Option<Vec<Vec<PointName<'a>>>>,
}

pub fn run(args: &TrajectoryArgs) -> Result<String, CliError> {
    let scenario = setup::scenario(&args.board)?;
    let kernel = scenario.kernel();
    let chosen = setup::piece(&scenario, &kernel, &args.piece)?;
    kernel.check([chosen.motion]).map_err(setup::too_large)?;
    let board = &scenario.board;
    let from = setup::start(board, &chosen, args.from.as_deref())?;
    let to = setup::point(board, "--to", &args.to)?;
    let options = BundleOptions {
        rule: match args.rule {
            RuleArg::S16 => AdmissibleRule::S16,
            RuleArg::S06 => AdmissibleRule::S06,
        },
        simple_only: args.simple,
    };
    let bundle = Bundle::new(&kernel, chosen.motion, from, to, args.length, options);
    let reachable = kernel.map(chosen.motion, from).is_reachable(to);
    let distance = reachable.then(|| bundle.distance());
    let trajectories = if args.count {
        None
    } else {
        Some(bundle.collect(args.limit)?)
    };
    if let Some(path) = &args.svg {
        let Some(ts) = &trajectories else {
            return Err(CliError(
                "--svg draws the trajectories: leave out --count".into(),
            ));
        };
        let title = format!(
            "{} from {} to {}",
            chosen.label,
            board.name(from),
            board.name(to)
        );
        super::files::picture_of(board)?;
        super::files::write("--svg", path, lingeo::svg::bundle(board, ts, &title))?;
    }
    let count = match &trajectories {
        Some(ts) => ts.len() as u128,
        None => bundle.count_up_to(args.limit)?,
    };
    if args.json {
        let json = BundleJson {
            piece: &chosen.label,
            from: board.name(from),
            to: board.name(to),
            distance,
            length: bundle.length(),
            count: json_count(count),
            count_saturated: count == u128::MAX,
            trajectories: trajectories.as_ref().map(|ts| {
                ts.iter()
                    .map(|t| t.iter().map(|&p| board.name(p)).collect())
                    .collect()
            }),
        };
        return super::json::to_string(&json);
    }
    let mut out = format!(
        "{} from {} to {}: ",
        chosen.label,
        board.name(from),
        board.name(to)
    );
    match (distance, bundle.length()) {
        (None, _) => out.push_str(&format!("unreachable (MAP = {})\n", kernel.unreachable())),
        (Some(_), None) if from == to => out.push_str(
            "no trajectories: a trajectory has at least one move, so none starts and ends at the same point\n",
        ),
        (Some(d), None) => out.push_str(&format!(
            "distance {d}; no trajectories of length {} (the length must satisfy {})\n",
            args.length.map_or("?".into(), |l| l.to_string()),
            match options.rule {
                AdmissibleRule::S16 => "MAP <= l < 2 MAP",
                AdmissibleRule::S06 => "MAP <= l",
            }
        )),
        (Some(d), Some(l)) => {
            let kind = if l == d { "shortest" } else { "admissible" };
            out.push_str(&format!(
                "distance {d}, length {l}, {}\n",
                render::counted_saturating(
                    count,
                    &format!("{kind} trajectory"),
                    &format!("{kind} trajectories")
                )
            ));
        }
    }
    for t in trajectories.iter().flatten() {
        render::write_trajectory(board, t, &mut out);
        out.push('\n');
    }
    Ok(out)
}

fn json_count(count: u128) -> serde_json::Value {
    match u64::try_from(count) {
        Ok(c) if c <= 1 << 53 => c.into(),
        _ => count.to_string().into(),
    }
}
