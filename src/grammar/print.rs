//! Printing a whole language into one buffer. A language of a hundred thousand sentences
//! repeats a few hundred symbols, so each symbol's text is spelled once and then copied.
//!
//! Sentences read off the derivation table share their symbols' argument slices (`Rc`), so a
//! symbol and the address of its arguments name its text: the printer borrows every sentence
//! (or the stream's table) for as long as it runs, so no address is freed and reused meanwhile. Symbols that share no
//! slice (the plain search builds its own) are merely spelled once each.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::derive::{Sentence, Sym, write_form};
use super::ir::Program;
use super::stream::Stream;
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
    let mut printer = Printer::new(names, program);
    let mut previous: Option<&Sentence> = None;
    for sentence in sentences {
        let shared = previous.map_or(0, |p| {
            p.iter()
                .zip(sentence.iter())
                .take_while(|(a, b)| a.symbol == b.symbol && Rc::ptr_eq(&a.args, &b.args))
                .count()
        });
        printer.line(sentence, shared, sentences.len(), out);
        previous = Some(sentence);
    }
}

/// [`write_sentences`] of a stream: the stream says how much of each sentence is the previous
/// one's, and lends its symbols from the table, which outlives the printing.
pub fn write_stream(names: &Names<'_>, program: &Program, stream: &Stream, out: &mut String) {
    let mut printer = Printer::new(names, program);
    let expected = stream.known_len().unwrap_or(0);
    let mut cursor = stream.iter();
    while let Some((shared, sentence)) = cursor.next_shared() {
        printer.line(sentence, shared, expected, out);
    }
}

/// The text of each symbol already spelled, and where the previous line's symbols end.
struct Printer<'n, 'p> {
    names: &'n Names<'n>,
    program: &'p Program,
    texts: String,
    spans: FxHashMap<(u32, *const ()), (u32, u32)>,
    /// Where the previous line starts in `out`, and where its i-th symbol's text ends.
    line_start: usize,
    ends: Vec<usize>,
    lines: usize,
}

impl<'n, 'p> Printer<'n, 'p> {
    fn new(names: &'n Names<'n>, program: &'p Program) -> Self {
        Printer {
            names,
            program,
            texts: String::new(),
            spans: FxHashMap::default(),
            line_start: 0,
            ends: Vec::new(),
            lines: 0,
        }
    }

    /// Prints `sentence`, whose first `shared` symbols are the previous line's; `expected`
    /// lines in all (0: not known), to reserve room once.
    fn line(&mut self, sentence: &[Sym], shared: usize, expected: usize, out: &mut String) {
        if sentence.is_empty() {
            write_form(self.names, self.program, sentence.iter(), out);
        }
        let start = out.len();
        if shared > 0 {
            out.extend_from_within(self.line_start..self.ends[shared - 1]);
        }
        let offset = start - self.line_start;
        self.ends.truncate(shared);
        for end in &mut self.ends {
            *end += offset;
        }
        for (i, sym) in sentence.iter().enumerate().skip(shared) {
            if i > 0 {
                out.push(' ');
            }
            let key = (sym.symbol, Rc::as_ptr(&sym.args) as *const ());
            let (from, to) = *self.spans.entry(key).or_insert_with(|| {
                let from = self.texts.len() as u32;
                write_form(
                    self.names,
                    self.program,
                    std::iter::once(sym),
                    &mut self.texts,
                );
                (from, self.texts.len() as u32)
            });
            out.push_str(&self.texts[from as usize..to as usize]);
            self.ends.push(out.len());
        }
        out.push('\n');
        if self.lines == 0 {
            // Room for lines like the first (up to 64 MiB), so that the buffer is not copied
            // as it grows.
            let estimate = (out.len() - start).saturating_mul(expected.saturating_sub(1));
            out.reserve(estimate.min(64 << 20));
        }
        self.lines += 1;
        self.line_start = start;
    }
}
