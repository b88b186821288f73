//! The budget of bytes of one answer (the server's cap, `--max-answer-mb`): the pictures drawn
//! for it and its JSON count toward it, a picture of a board is refused before it is drawn
//! when the board alone would pass it ([`Budget::picture_of`]), and a listing stops being
//! drawn as soon as it passes it, so that a large board or a long listing fails with an error
//! naming the cap instead of filling the server's memory.

use axum::http::StatusCode;
use serde::Serialize;
use serde_json::value::RawValue;

use super::error::HttpError;

/// About how many bytes a picture takes per point of its board (a square, its colour, its
/// name; a 1024x1024 board drawn by `zone_bundle` takes 126 bytes a square): the estimate that
/// refuses a picture before it is drawn.
pub const PICTURE_BYTES_PER_POINT: usize = 100;

/// An error when this computation's deadline has passed or its client has left
/// ([`lingeo::deadline::passed`]): the answer is not worth finishing.
pub fn stopped_in_time() -> Result<(), HttpError> {
    match lingeo::deadline::passed() {
        // 503 as every computation stopped at its time (`api::status_of`).
        Some(limit) => Err(HttpError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the computation was stopped: it took longer than the server's time limit of \
                 {} s, or its client left",
                limit.as_secs_f64()
            ),
        )),
        None => Ok(()),
    }
}

/// What an answer may still take.
pub struct Budget {
    cap: usize,
    used: usize,
}

impl Budget {
    pub fn new(cap: usize) -> Budget {
        Budget { cap, used: 0 }
    }

    /// An error when `bytes` more would pass the cap.
    fn room_for(&self, bytes: usize) -> Result<(), HttpError> {
        let total = self.used.saturating_add(bytes);
        if total > self.cap {
            return Err(self.too_large(&format!("it passed {} MB", total.div_ceil(1_000_000))));
        }
        Ok(())
    }

    /// An error before a picture of `board` is drawn when the board alone would pass the cap.
    pub fn picture_of(&self, board: &lingeo::board::Board) -> Result<(), HttpError> {
        let estimate = board.len().saturating_mul(PICTURE_BYTES_PER_POINT);
        self.room_for(estimate).map_err(|_| {
            self.too_large(&format!(
                "a picture of the board ({}, {} points) takes about {} MB; ask on a smaller board",
                board.describe(),
                board.len(),
                estimate.div_ceil(1_000_000)
            ))
        })
    }

    /// A picture of `board` drawn by `draw`, counted; refused before it is drawn where the
    /// board alone would pass the cap, and after where the picture does. Nor is it drawn once
    /// the computation's time is up or its client has left: a picture of a large board takes
    /// a second or more, which a computation stopped must not spend (the fuzz target
    /// serve_request found a MAP of a 344x166 board drawn five seconds after its client left).
    pub fn picture(
        &mut self,
        board: &lingeo::board::Board,
        draw: impl FnOnce() -> String,
    ) -> Result<String, HttpError> {
        self.picture_of(board)?;
        stopped_in_time()?;
        let svg = draw();
        self.room_for(svg.len())?;
        self.used += svg.len();
        Ok(svg)
    }

    /// `value` as the JSON the CLI's `--json` prints, counted: it stops as soon as it passes
    /// what the answer has left, before the rest is written.
    pub fn json(&mut self, value: &impl Serialize) -> Result<Box<RawValue>, HttpError> {
        use lingeo::budget::Exceeded;
        use lingeo::json::Unprinted;
        let failed = |e: String| {
            HttpError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the answer did not serialise: {e}"),
            )
        };
        let left = self.cap.saturating_sub(self.used);
        let printed = lingeo::budget::with_output_cap(left, || lingeo::json::print(value));
        let mut text = match printed {
            Ok(text) => text,
            Err(Unprinted::Exceeded(Exceeded::Output { .. })) => {
                return Err(self.too_large(&format!(
                    "its JSON passed the {} MB left",
                    left.div_ceil(1_000_000)
                )));
            }
            Err(Unprinted::Exceeded(e)) => return Err(HttpError::stopped(e)),
            Err(Unprinted::Invalid(e)) => return Err(failed(e)),
        };
        self.room_for(text.len())?;
        self.used += text.len();
        text.truncate(text.trim_end().len());
        RawValue::from_string(text).map_err(|e| failed(e.to_string()))
    }

    /// Counts `bytes` more (a trace's lines), or an error past the cap.
    pub fn take(&mut self, bytes: usize) -> Result<(), HttpError> {
        self.room_for(bytes)?;
        self.used += bytes;
        Ok(())
    }

    /// The error of an answer past the cap, saying why (413: a stop at a cap of size).
    fn too_large(&self, why: &str) -> HttpError {
        HttpError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the answer would be larger than the server's cap of {} MB: {why} (lingeo serve \
                 --max-answer-mb raises the cap)",
                self.cap.div_ceil(1_000_000)
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;

    #[test]
    fn a_picture_is_not_drawn_once_its_computation_is_stopped() {
        let board = lingeo::board::Board::grid(8, 8, 1, &[]).unwrap();
        let mut drawn = false;
        let stopped = lingeo::deadline::stoppable(Arc::new(AtomicBool::new(true)), || {
            Budget::new(1 << 20).picture(&board, || {
                drawn = true;
                String::from("<svg/>")
            })
        });
        let error = stopped.expect_err("a stopped computation draws nothing");
        assert_eq!(error.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(!drawn, "the picture was drawn");
        // Not stopped, it is drawn and counted.
        let mut budget = Budget::new(1 << 20);
        let drawn = budget.picture(&board, || "<svg/>".into());
        assert_eq!(drawn.ok().as_deref(), Some("<svg/>"));
    }
}
