//! The streamed language (`Grammar::derive_stream`, issue 30 item 4) against the listing it
//! replaced: every path of the derivation table spelled out, sorted and de-duplicated
//! (`Forest::sentences`). Shared by the `it` tests and the trials.

use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits, Sentence};

/// Derives `grammar` as a stream and as a forest listed path by path, and checks that the
/// stream is that listing: the same sentences in the same order, each once, with the prefix
/// each shares with the one before it, and its count and first sentences. Returns the listing.
pub fn stream_agrees(
    grammar: &Grammar,
    world: &World<'_>,
    inputs: &[Value],
    start: &[Value],
    limits: Limits,
    name: &str,
) -> Vec<Sentence> {
    let stream = grammar
        .derive_stream(world, inputs, start, limits, None)
        .unwrap_or_else(|e| panic!("{name}: {}", e.render()));
    let forest = grammar
        .forest(world, inputs, start, limits)
        .unwrap_or_else(|e| panic!("{name}: {}", e.render()));
    let listed = forest
        .sentences(usize::MAX)
        .expect("no cap on the paths listed");
    let mut cursor = stream.iter();
    let mut n = 0;
    while let Some((shared, sentence)) = cursor.next_shared() {
        assert!(
            n < listed.len(),
            "{name}: more sentences streamed than listed"
        );
        assert_eq!(sentence, &listed[n][..], "{name}: sentence {n}");
        let expected = match n.checked_sub(1) {
            Some(p) => listed[p]
                .iter()
                .zip(sentence)
                .take_while(|(a, b)| a == b)
                .count(),
            None => 0,
        };
        assert_eq!(shared, expected, "{name}: prefix shared by sentence {n}");
        n += 1;
    }
    assert_eq!(
        n,
        listed.len(),
        "{name}: fewer sentences streamed than listed"
    );
    assert_eq!(stream.len(), listed.len(), "{name}: count");
    assert_eq!(stream.is_empty(), listed.is_empty(), "{name}");
    assert_eq!(
        stream.first(3),
        listed[..listed.len().min(3)],
        "{name}: first"
    );
    assert_eq!(stream.to_vec(), listed, "{name}");
    listed
}
