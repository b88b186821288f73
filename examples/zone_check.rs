//! Prints the native zones of a scenario, each with its TIME per level:
//!
//! ```text
//! cargo run --example zone_check -- FILE PIECE TARGET HORIZON [f1] [f2]
//! cargo run --example zone_check -- examples/robot-zone-full.scenario BOMBER h1 4 f1 f2
//! ```
//!
//! Bad arguments (too few, an unknown piece, a point off the board or not the piece's target, a
//! horizon that is not a number, a scenario that does not load) print what is wrong and exit
//! with status 2.
use std::io::Write;
use std::process::ExitCode;

use lingeo::api::zones::{self, AttackRequest, Filters};
use lingeo::scenario::Scenario;

const USAGE: &str = "usage: zone_check FILE PIECE TARGET HORIZON [f1] [f2]";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("zone_check: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, piece, target, horizon, ..] = &args[..] else {
        return Err(format!(
            "expected at least 4 arguments, got {}\n{USAGE}",
            args.len()
        ));
    };
    let s = Scenario::load(file.as_ref()).map_err(|e| e.to_string())?;
    let k = s.kernel();
    let l0: u32 = horizon
        .parse()
        .map_err(|_| format!("the horizon must be a number, not {horizon}\n{USAGE}"))?;
    // The attack and its zones as `lingeo zones --engine native` finds them (`api::zones`):
    // an unknown piece, a point off the board or one that is not the piece's target is its
    // error.
    let (p0, y0, l0) =
        zones::attack_of(&s, &k, piece, target, Some(l0)).map_err(|e| format!("{file}: {e}"))?;
    let filters = match (
        args.iter().any(|a| a == "f1"),
        args.iter().any(|a| a == "f2"),
    ) {
        (false, false) => Filters::None,
        (true, false) => Filters::F1,
        (false, true) => Filters::F2,
        (true, true) => Filters::All,
    };
    let zones = zones::compute(&s, &k, AttackRequest::native(p0, y0, l0, filters))
        .map_err(|e| e.to_string())?;
    let mut out = lingeo::render::counted(zones.len() as u128, "zone", "zones") + "\n";
    for z in &zones {
        let parts = lingeo::zone::zone_symbols(&s, z);
        out += &format!("{}\n", parts.join(" "));
        for (level, marked) in z.times.iter().enumerate() {
            let times: Vec<String> = marked
                .iter()
                .map(|(p, t)| format!("{}={t}", s.board.name(*p)))
                .collect();
            out += &format!("  TIME at level {level}: {}\n", times.join(" "));
        }
    }
    // A closed pipe (`| head`) ends the output quietly.
    let _ = std::io::stdout().write_all(out.as_bytes());
    Ok(())
}
