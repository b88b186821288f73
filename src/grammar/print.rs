//! Printing a whole language into one buffer. A language of a hundred thousand sentences
//! repeats a few hundred symbols, so each symbol's text is spelled once and then copied.
//!
//! Sentences read off the derivation table share their symbols' argument slices (`Rc`), so a
//! symbol and the address of its arguments name its text: the printer borrows every sentence
//! for as long as it runs, so no address is freed and reused meanwhile. Symbols that share no
//! slice (the plain search builds its own) are merely spelled once each.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::derive::{Sentence, write_form};
use super::ir::Program;
use super::value::Names;

/// Appends each sentence and a newline to `out`, as [`super::derive::show_form`] prints it.
///
/// A sorted language has long runs of sentences that begin alike, so the text of the symbols a
/// sentence shares with the one before it (the same symbols with the same argument slices) is
/// copied from that line in one piece; only the rest is looked up symbol by symbol.
pub fn write_sentences(
    names: &Names<'_>,
    program: &Program,
    sentences: &[Sentence],
    out: &mut String,
) {
    let mut texts = String::new();
    let mut spans: FxHashMap<(u32, *const ()), (u32, u32)> = FxHashMap::default();
    let mut previous: Option<&Sentence> = None;
    // Where the previous line starts in `out`, and where its i-th symbol's text ends.
    let mut line_start = 0;
    let mut ends: Vec<usize> = Vec::new();
    for (n, sentence) in sentences.iter().enumerate() {
        if sentence.is_empty() {
            write_form(names, program, sentence.iter(), out);
        }
        let shared = previous.map_or(0, |p| {
            p.iter()
                .zip(sentence.iter())
                .take_while(|(a, b)| a.symbol == b.symbol && Rc::ptr_eq(&a.args, &b.args))
                .count()
        });
        let start = out.len();
        if shared > 0 {
            out.extend_from_within(line_start..ends[shared - 1]);
        }
        let offset = start - line_start;
        ends.truncate(shared);
        for end in &mut ends {
            *end += offset;
        }
        for (i, sym) in sentence.iter().enumerate().skip(shared) {
            if i > 0 {
                out.push(' ');
            }
            let key = (sym.symbol, Rc::as_ptr(&sym.args) as *const ());
            let (from, to) = *spans.entry(key).or_insert_with(|| {
                let from = texts.len() as u32;
                write_form(names, program, std::iter::once(sym), &mut texts);
                (from, texts.len() as u32)
            });
            out.push_str(&texts[from as usize..to as usize]);
            ends.push(out.len());
        }
        out.push('\n');
        if n == 0 {
            // Room for lines like the first (up to 64 MiB), so that the buffer is not copied
            // as it grows.
            let estimate = (out.len() - start).saturating_mul(sentences.len() - 1);
            out.reserve(estimate.min(64 << 20));
        }
        line_start = start;
        previous = Some(sentence);
    }
}
