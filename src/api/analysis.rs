//! `analysis`: the counting analyses of the MAICS 2013 paper; Figure 12, the average number of
//! patterns per piece (the paper's formula beside the exact average number of shortest paths
//! per pair) and the savings of fuzzy patterns (Figure 13).

use serde::{Deserialize, Serialize};

use super::error::ApiError;
use crate::analysis::{Figure12Row, figure12_observed};
use crate::progress::Progress;

/// Figure 12 on an empty board of `width` x `height` points.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AnalysisRequest {
    /// Points across.
    pub width: u32,
    /// Points up.
    pub height: u32,
}

impl Default for AnalysisRequest {
    fn default() -> Self {
        AnalysisRequest {
            width: 8,
            height: 8,
        }
    }
}

/// The most points an analysis over every pair takes (64x64).
pub const MAX_POINTS: u64 = 4096;

impl AnalysisRequest {
    /// The request's rules: a board of at least one point and at most [`MAX_POINTS`].
    pub fn check(&self) -> Result<(), ApiError> {
        let points = u64::from(self.width) * u64::from(self.height);
        if points == 0 {
            return Err(ApiError::request(
                Some("width"),
                format!("{}x{} has no points", self.width, self.height),
            ));
        }
        if points > MAX_POINTS {
            return Err(ApiError::request(
                Some("width"),
                format!(
                    "{}x{} is too large for an analysis over every pair (at most 64x64)",
                    self.width, self.height
                ),
            ));
        }
        Ok(())
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
    request.check()?;
    let figure = figure12_observed(request.width, request.height, progress)
        .map_err(|e| ApiError::request(Some("width"), e.to_string()))?;
    Ok(AnalysisResult {
        width: request.width,
        height: request.height,
        figure,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_too_large_names_the_field() {
        let e = AnalysisRequest {
            width: 100,
            height: 100,
        }
        .check()
        .unwrap_err();
        assert!(matches!(
            e,
            ApiError::Request {
                field: Some("width"),
                ..
            }
        ));
        assert_eq!(
            e.to_string(),
            "100x100 is too large for an analysis over every pair (at most 64x64)"
        );
        let r = figure12(
            &AnalysisRequest {
                width: 5,
                height: 5,
            },
            &crate::progress::Silent,
        )
        .unwrap();
        assert!(
            r.rows().iter().any(|row| row.piece == "rook"),
            "{:?}",
            r.rows()
        );
    }
}
