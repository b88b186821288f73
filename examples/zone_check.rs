//! Prints the native zones of a scenario: `cargo run --example zone_check -- FILE PIECE TARGET HORIZON [f1] [f2]`.
use lingeo::scenario::Scenario;
use lingeo::zone::{ZoneGenerator, ZoneOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let s = Scenario::load(args[1].as_ref()).unwrap_or_else(|e| panic!("{e}"));
    let k = s.kernel();
    let p0 = s
        .pieces
        .iter()
        .position(|p| p.name == args[2])
        .expect("a placed piece");
    let y0 = s.board.parse_point(&args[3]).expect("a point");
    let l0: u32 = args[4].parse().expect("a horizon");
    let options = ZoneOptions {
        f1: args.iter().any(|a| a == "f1"),
        f2: args.iter().any(|a| a == "f2"),
        ..ZoneOptions::default()
    };
    let zones = ZoneGenerator::new(&s, &k, options)
        .zones(p0, y0, l0)
        .unwrap_or_else(|e| panic!("{e}"));
    println!(
        "{}",
        lingeo::render::counted(zones.len() as u128, "zone", "zones")
    );
    for z in &zones {
        let parts = lingeo::zone::zone_symbols(&s, z);
        println!("{}", parts.join(" "));
        for (level, marked) in z.times.iter().enumerate() {
            let times: Vec<String> = marked
                .iter()
                .map(|(p, t)| format!("{}={t}", s.board.name(*p)))
                .collect();
            println!("  TIME at level {level}: {}", times.join(" "));
        }
    }
}
