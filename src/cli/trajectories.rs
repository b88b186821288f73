//! `lingeo trajectories`: the bundle of shortest or admissible trajectories.

use clap::Args;
use lingeo::api::{TrajectoriesRequest, Workbench};
use lingeo::budget::Text;
use lingeo::bundle::AdmissibleRule;
use lingeo::render;

use super::CliError;
use super::schema_args::{Flags, Options};
use super::setup::{self, BoardArgs, PieceArgs};

#[derive(Args, Debug)]
pub struct TrajectoryArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Also draw the bundle as SVG into this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// The bundle's options: the fields of `lingeo::api::TrajectoriesRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<TrajectoriesRequest>,
}

/// What `lingeo trajectories` spells its own way: the request's fields are its flags.
impl Flags for TrajectoriesRequest {
    const REQUIRED: &'static [&'static str] = &["to"];
    const VALUE_NAMES: &'static [(&'static str, &'static str)] = &[
        ("piece", "NAME"),
        ("type", "NAME"),
        ("max_memory", "MIB"),
        ("time", "SECONDS"),
    ];
}

pub fn run(args: &TrajectoryArgs) -> Result<String, CliError> {
    let request = args.options.request()?;
    let scenario = setup::scenario(&args.board)?;
    let kernel = scenario.kernel();
    let piece = PieceArgs::of(
        request.piece.as_deref(),
        request.type_name.as_deref(),
        request.side,
        request.attack,
    );
    let chosen = setup::piece(&scenario, &kernel, &piece)?;
    kernel.check([chosen.motion]).map_err(setup::too_large)?;
    let board = &scenario.board;
    let from = setup::start(board, &chosen, request.from.as_deref())?;
    let to = setup::point(board, "--to", &request.to)?;
    let rule = request.rule;
    // The flags have been read (and their errors named) above; the API lists the bundle.
    let from_name = board.name(from).to_string();
    let to_name = board.name(to).to_string();
    let unreachable = kernel.unreachable();
    let bench = Workbench::with_kernel(scenario, kernel, "");
    let board = &bench.scenario().board;
    let bundle = bench
        .trajectories(&TrajectoriesRequest {
            from: Some(from_name),
            to: to_name,
            ..request.clone()
        })
        .map_err(setup::api_error)?;
    if let Some(path) = &args.svg {
        let Some(ts) = &bundle.paths else {
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
        super::files::write("--svg", path, lingeo::svg::bundle(board, ts, &title))?;
    }
    if args.json {
        return super::json::to_string(&bundle);
    }
    let (distance, count, trajectories) = (bundle.distance, bundle.exact_count, &bundle.paths);
    // The listing's text is held against the memory limit as it grows.
    let mut out = Text::new("the trajectories printed");
    out.push_str(&format!(
        "{} from {} to {}: ",
        chosen.label,
        board.name(from),
        board.name(to)
    ));
    match (distance, bundle.length) {
        (None, _) => out.push_str(&format!("unreachable (MAP = {unreachable})\n")),
        (Some(_), None) if from == to => out.push_str(
            "no trajectories: a trajectory has at least one move, so none starts and ends at the same point\n",
        ),
        (Some(d), None) => out.push_str(&format!(
            "distance {d}; no trajectories of length {} (the length must satisfy {})\n",
            request.length.map_or("?".into(), |l| l.to_string()),
            match rule {
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
    let mut line = String::new();
    for t in trajectories.iter().flatten() {
        line.clear();
        render::write_trajectory(board, t, &mut line);
        line.push('\n');
        out.push_str(&line);
    }
    out.finish().map_err(setup::exceeded)
}
