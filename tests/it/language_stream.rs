//! The language streamed off the derivation table (`Grammar::derive_stream`, issue 30 item 4):
//! the cap on sentences stops the derivation at the same point with the same error as the
//! listing it replaced, and the shipped grammars not covered by the trials stream what they
//! list. (The trajectory and zone grammars are checked on every case of the trials, and the
//! user grammars in `user_grammars`, by `stream_check::stream_agrees`.)

use lingeo::board::Board;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limit, Limits};
use lingeo::scenario::Scenario;

use crate::stream_check::stream_agrees;

/// The admissible trajectories of a king a5 to h5 in 8 moves on 8x8: 1,844 sentences, derived
/// by 2,324 paths of the table (some trajectories in more than one way). The cap counts the
/// paths, as the listing counted the sentences it gathered before removing repeats: 2,323
/// stops with the error, 2,324 derives the language. (The binary before the stream, 5552255's
/// `lingeo run ... --max-sentences`, stopped at the same two caps with the same message.)
#[test]
fn the_cap_on_sentences_stops_where_the_listing_stopped() {
    let grammar = Grammar::shipped("admissible-trajectories").unwrap();
    let scenario = Scenario::empty(Board::grid(8, 8, 1, &[]).unwrap());
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let inputs = grammar
        .bind_inputs(&mut world, &[], Some(("king", None)))
        .unwrap();
    let start = grammar.parse_start(&mut world, "S(a5, h5, 8)").unwrap();
    let capped = |max_sentences| Limits {
        max_sentences,
        ..Limits::default()
    };
    let e = grammar
        .derive_stream(&world, &inputs, &start, capped(2_323), None)
        .err()
        .expect("past the cap");
    assert_eq!(e.limit, Some(Limit::Sentences));
    assert_eq!(e.message, "the language has more than 2323 sentences");
    let e = grammar
        .derive(&world, &inputs, &start, capped(2_323), None)
        .unwrap_err();
    assert_eq!(e.limit, Some(Limit::Sentences));
    let stream = grammar
        .derive_stream(&world, &inputs, &start, capped(2_324), None)
        .unwrap();
    assert_eq!(stream.len(), 1_844);
    let listed = stream_agrees(&grammar, &world, &inputs, &start, capped(2_324), "king");
    assert_eq!(listed.len(), 1_844);
    // Printed off the stream: the same text as printed from the vector.
    let (mut streamed, mut gathered) = (String::new(), String::new());
    grammar.write_stream(&world, &stream, &mut streamed);
    grammar.write_sentences(&world, &listed, &mut gathered);
    assert_eq!(streamed, gathered);
    assert_eq!(streamed.lines().count(), 1_844);
}

/// The towers of Hanoi: one sentence, the moves in order.
#[test]
fn hanoi_streams_its_one_sentence() {
    let grammar = Grammar::shipped("hanoi").unwrap();
    let scenario = Scenario::empty(Board::grid(3, 3, 1, &[]).unwrap());
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let start = grammar.parse_start(&mut world, "S(4, a, c)").unwrap();
    let listed = stream_agrees(&grammar, &world, &[], &start, Limits::default(), "hanoi");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].len(), 15, "2^4 - 1 moves");
}
