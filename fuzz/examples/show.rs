//! Prints the grammar an `eval` fuzz input generates: `cargo run --example show FILE` in fuzz/.
use arbitrary::{Arbitrary, Unstructured};
fn main() {
    let data = std::fs::read(std::env::args().nth(1).unwrap()).unwrap();
    let mut u = Unstructured::new(&data);
    let case = lingeo_fuzz::Case::arbitrary(&mut u).unwrap();
    println!(
        "{}\n--start '{}'\n{:?}",
        case.grammar.text, case.grammar.start, case
    );
}
