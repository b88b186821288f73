//! The sizes of the grammar engine's hot types (issue 30, item 3): every derivation step
//! copies values, symbols and keys, so a type that grows makes every grammar slower. These
//! are the sizes today, on 64-bit targets; a change that shrinks one updates its figure here,
//! one that grows one has to say why. `Value` is 16 bytes since its compound values are held
//! by one thin pointer (grammar/value.rs); the aims: a small `Copy` value (an id for
//! compound values), a smaller `Key`.

use lingeo::grammar::Sym;
use lingeo::grammar::ir::Ex;
use lingeo::grammar::table::Key;
use lingeo::grammar::value::Value;
use lingeo::grammar::vars::Vars;
use std::mem::size_of;

#[cfg(target_pointer_width = "64")]
#[test]
fn the_hot_types_keep_their_sizes() {
    let sizes = [
        ("Value", size_of::<Value>(), 16),
        ("Sym", size_of::<Sym>(), 24),
        ("Ex", size_of::<Ex>(), 72),
        ("Key", size_of::<Key>(), 96),
        ("Vars", size_of::<Vars>(), 24),
    ];
    let changed: Vec<String> = sizes
        .iter()
        .filter(|(_, now, was)| now != was)
        .map(|(name, now, was)| format!("{name}: {now} bytes, was {was}"))
        .collect();
    assert!(
        changed.is_empty(),
        "the hot types of the grammar engine changed size (update the figures if it is on \
         purpose):\n{}",
        changed.join("\n")
    );
}
