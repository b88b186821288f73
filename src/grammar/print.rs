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
pub fn write_sentences<'s>(
    names: &Names<'_>,
    program: &Program,
    sentences: impl IntoIterator<Item = &'s Sentence>,
    out: &mut String,
) {
    let mut texts = String::new();
    let mut spans: FxHashMap<(u32, *const ()), (u32, u32)> = FxHashMap::default();
    for sentence in sentences {
        if sentence.is_empty() {
            write_form(names, program, sentence.iter(), out);
        }
        for (i, sym) in sentence.iter().enumerate() {
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
        }
        out.push('\n');
    }
}
