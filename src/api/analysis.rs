//! `analysis`: the counting analyses of the MAICS 2013 paper; Figure 12, the average number of
//! patterns per piece (the paper's formula beside the exact average number of shortest paths
//! per pair) and the savings of fuzzy patterns (Figure 13).

use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::request::Request;
use crate::analysis::{Figure12Row, figure12_observed};
use crate::progress::Progress;

/// Figure 12 on an empty board: the request of `lingeo analysis figure12`, the schema of its
/// front ends ([`Request`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct AnalysisRequest {
    /// The board's size, `WxH` (`8x8`): every pair of its points is counted, so at most 64x64.
    pub board: String,
}

impl Default for AnalysisRequest {
    fn default() -> Self {
        AnalysisRequest {
            board: "8x8".to_string(),
        }
    }
}

/// The most points an analysis over every pair takes (64x64).
pub const MAX_POINTS: u64 = 4096;

impl AnalysisRequest {
    /// The board's width and height, as `board` gives them.
    pub fn size(&self) -> Result<(u32, u32), ApiError> {
        let board = &self.board;
        let (width, height) = board
            .split_once(['x', 'X'])
            .and_then(|(w, h)| Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?)))
            .ok_or_else(|| {
                ApiError::request(
                    Some("board"),
                    format!("`board`: `{board}` is not a size such as 8x8"),
                )
            })?;
        let points = u64::from(width) * u64::from(height);
        if points == 0 {
            return Err(ApiError::request(
                Some("board"),
                format!("`board`: {width}x{height} has no points"),
            ));
        }
        if points > MAX_POINTS {
            return Err(ApiError::request(
                Some("board"),
                format!(
                    "`board`: {width}x{height} is too large for an analysis over every pair (at \
                     most 64x64)"
                ),
            ));
        }
        Ok((width, height))
    }
}

impl Request for AnalysisRequest {
    const JOB: &'static str = "analysis";

    /// A board of at least one point and at most [`MAX_POINTS`].
    fn check(&self) -> Result<(), ApiError> {
        self.size().map(|_| ())
    }
}

/// One row of Figure 12: a piece, with its figures rounded to three decimals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisRow {
    /// The piece type's name.
    pub piece: &'static str,
    /// The value printed in the paper (8x8 board), if any.
    pub paper: Option<f64>,
    /// The paper's formula, computed on this board.
    pub formula: f64,
    /// The exact average number of shortest paths per (start, reachable end) pair.
    pub exact: f64,
    /// What fuzzy patterns save: 1 - 1 / exact.
    pub savings: f64,
}

/// Figure 12's rows, as computed (unrounded: [`AnalysisResult::rows`] rounds them).
#[derive(Clone, Debug)]
pub struct AnalysisResult {
    /// The board's width.
    pub width: u32,
    /// The board's height.
    pub height: u32,
    /// A row a piece.
    pub figure: Vec<Figure12Row>,
}

impl AnalysisResult {
    /// The rows as `analysis figure12 --json` prints them (rounded to three decimals).
    pub fn rows(&self) -> Vec<AnalysisRow> {
        let round = |v: f64| (v * 1000.0).round() / 1000.0;
        self.figure
            .iter()
            .map(|r| AnalysisRow {
                piece: r.piece,
                paper: r.paper,
                formula: round(r.formula),
                exact: round(r.exact),
                savings: round(r.savings),
            })
            .collect()
    }

    /// The table as a bar chart (formula, exact average, paper), with the savings under each
    /// piece, as SVG.
    pub fn chart(&self) -> String {
        let chart = crate::analysis::figure12_chart(self.width, self.height, &self.figure);
        crate::chart::bar_chart(&chart)
    }
}

/// Figure 12 on the request's board, reporting its progress.
pub fn figure12(
    request: &AnalysisRequest,
    progress: &dyn Progress,
) -> Result<AnalysisResult, ApiError> {
    let (width, height) = request.size()?;
    let figure = figure12_observed(width, height, progress)
        .map_err(|e| ApiError::request(Some("board"), e.to_string()))?;
    Ok(AnalysisResult {
        width,
        height,
        figure,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_too_large_or_unreadable_names_the_field() {
        let check = |board: &str| {
            AnalysisRequest {
                board: board.to_string(),
            }
            .check()
        };
        for (board, message) in [
            (
                "100x100",
                "`board`: 100x100 is too large for an analysis over every pair (at most 64x64)",
            ),
            ("8", "`board`: `8` is not a size such as 8x8"),
            ("0x5", "`board`: 0x5 has no points"),
        ] {
            let e = check(board).unwrap_err();
            assert!(
                matches!(
                    e,
                    ApiError::Request {
                        field: Some("board"),
                        ..
                    }
                ),
                "{e:?}"
            );
            assert_eq!(e.to_string(), message);
        }
        assert!(check("64x64").is_ok());
        let r = figure12(
            &AnalysisRequest {
                board: "5x5".to_string(),
            },
            &crate::progress::Silent,
        )
        .unwrap();
        assert_eq!((r.width, r.height), (5, 5));
        assert!(
            r.rows().iter().any(|row| row.piece == "rook"),
            "{:?}",
            r.rows()
        );
    }
}
