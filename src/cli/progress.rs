//! The progress bars of the commands that can run for seconds: the library's observer
//! ([`lingeo::progress::Progress`]) drawn by indicatif on stderr. A task of known length is a
//! bar (`[=====>    ] 12/40 attacks`), one of unknown length (a search's nodes) a spinner with
//! the count, its rate and the task's message (`depth 7, ply 12`). Bars are cleared when their
//! task ends, so that what stays on the terminal is the command's output and its errors.
//!
//! Bars are drawn only for the one command the binary runs (`main` calls [`allow`]), and only
//! where stderr is a terminal that can redraw a line (not `TERM=dumb`): never for the commands
//! that `lingeo test` and `lingeo serve` run in-process, never into a pipe or a file. Stdout
//! is the same with or without them.

use std::fmt::Write;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use lingeo::progress::Progress;

static ALLOWED: AtomicBool = AtomicBool::new(false);

/// Lets the bars of this process be drawn, where stderr is a terminal that is not dumb.
pub fn allow() {
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    if std::io::stderr().is_terminal() && !dumb {
        ALLOWED.store(true, Ordering::Relaxed);
    }
}

/// Progress bars on stderr, one task at a time; nothing at all unless [`allow`]ed.
#[derive(Default)]
pub struct Bars {
    bar: Mutex<Option<ProgressBar>>,
}

impl Bars {
    pub fn new() -> Bars {
        Bars::default()
    }

    fn with(&self, f: impl FnOnce(&ProgressBar)) {
        if let Some(bar) = self.bar.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            f(bar);
        }
    }
}

impl Progress for Bars {
    fn start(&self, total: Option<u64>, what: &str) {
        if !ALLOWED.load(Ordering::Relaxed) {
            return;
        }
        // No colour: nothing for NO_COLOR to turn off.
        let (bar, template) = match total {
            Some(n) => (
                ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()),
                "[{bar:30}] {pos}/{len} {prefix} ({elapsed}, about {eta} left) {msg}",
            ),
            None => (
                ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
                "{spinner} {prefix}: {human_pos} ({rate}, {elapsed}) {msg}",
            ),
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            // The rate in whole steps a second, grouped as the count is (`701,601/s`).
            let style = style.with_key("rate", |state: &ProgressState, w: &mut dyn Write| {
                let _ = write!(w, "{}/s", HumanCount(state.per_sec() as u64));
            });
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(what.to_string());
        if total.is_none() {
            bar.enable_steady_tick(Duration::from_millis(200));
        }
        let old = self
            .bar
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .replace(bar);
        if let Some(old) = old {
            old.finish_and_clear();
        }
    }

    fn advance(&self, n: u64) {
        self.with(|bar| bar.inc(n));
    }

    fn message(&self, text: &str) {
        self.with(|bar| bar.set_message(text.to_string()));
    }

    fn finish(&self) {
        let bar = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Bars {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_not_allowed_draw_nothing_and_hold_no_bar() {
        // Tests never call `allow`: a command run in-process shows no bar.
        let bars = Bars::new();
        bars.start(Some(3), "attacks");
        bars.advance(1);
        bars.message("a1");
        assert!(bars.bar.lock().unwrap().is_none());
        bars.finish();
    }
}
