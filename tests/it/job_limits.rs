//! The library's jobs (patterns, trajectories, zones, a grammar's run) on generated positions
//! (boards up to 40x40, two to five chess pieces, horizons and lengths up to 80) under a small
//! memory limit (64 KiB to 8 MiB) and a deadline: each answers or refuses with a typed error,
//! never a panic or an abort, and gives back everything it held. Without the binary's counting
//! allocator (this test binary installs none), so the limit holds by the library's own
//! accounting; most of these positions are far past the limit (a king's paths across 40x40
//! are past counting), which is what the property is about (issue 45).

use std::time::Duration;

use lingeo::api::{
    ApiError, Cap, PairsRequest, PatternsRequest, RunRequest, TrajectoriesRequest, Workbench,
    ZonesRequest, shipped_grammar,
};
use lingeo::progress::Silent;
use lingeo::{deadline, memory};
use proptest::prelude::*;

const TYPES: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];

#[derive(Debug, Clone)]
struct Case {
    width: u32,
    height: u32,
    /// (type, black, cell): the cell taken modulo the board's points, then the next free one.
    pieces: Vec<(usize, bool, u32)>,
    horizon: u32,
    extra: u32,
    limit_kib: usize,
}

fn case() -> impl Strategy<Value = Case> {
    (
        2u32..=40,
        2u32..=40,
        prop::collection::vec((0..TYPES.len(), any::<bool>(), any::<u32>()), 2..=5),
        1u32..=80,
        0u32..=12,
        64usize..=8192,
    )
        .prop_map(|(width, height, pieces, horizon, extra, limit_kib)| Case {
            width,
            height,
            pieces,
            horizon,
            extra,
            limit_kib,
        })
}

impl Case {
    /// The scenario's text, each piece named `P0`, `P1`, ... on a cell of its own.
    fn scenario(&self) -> String {
        let cells = self.width * self.height;
        let mut taken = Vec::new();
        let mut text = format!("board {}x{}\n", self.width, self.height);
        for (i, &(t, black, cell)) in self.pieces.iter().enumerate() {
            let mut at = cell % cells;
            while taken.contains(&at) {
                at = (at + 1) % cells;
            }
            taken.push(at);
            let (x, y) = (at % self.width + 1, at / self.width + 1);
            let side = if black { "black" } else { "white" };
            text.push_str(&format!("{side} {} at ({x},{y}) as P{i}\n", TYPES[t]));
        }
        text
    }
}

/// Whether `e` is one of the errors a job may end with here, and says what stopped it.
fn typed(e: &ApiError, limit: usize) -> Result<(), String> {
    match e {
        ApiError::TooLarge {
            cap: Cap::Memory,
            message,
            ..
        } if !message.contains(&memory::show(limit)) => Err(format!(
            "a memory error that names another limit: {message}"
        )),
        ApiError::TooLarge { .. }
        | ApiError::Stopped { .. }
        | ApiError::Request { .. }
        | ApiError::Input(_) => Ok(()),
        ApiError::Run {
            limit: Some(_),
            message,
            ..
        } if !message.is_empty() => Ok(()),
        other => Err(format!("an unexpected error: {other:?}")),
    }
}

/// The jobs of `case` on its position, each under the limit and a deadline: the names of those
/// that answered. The first job that ends otherwise than with a result or a typed error, or
/// that keeps what it held, is the failure.
fn run_jobs(case: &Case) -> Result<Vec<&'static str>, String> {
    let limit = case.limit_kib << 10;
    let bench = match Workbench::from_text(&case.scenario(), "case.scenario") {
        Ok(bench) => bench,
        // A position the scenario refuses (a pawn on its last rank, say): nothing to run.
        Err(_) => return Ok(Vec::new()),
    };
    let p0 = "P0".to_string();
    let mut answered = Vec::new();
    let (target, opposing) = {
        let s = bench.scenario();
        let name = |i: usize| s.board.name(s.pieces[i].at).to_string();
        // A zone's target is an opposing piece's point: the first one, where there is one.
        let opposing = (1..s.pieces.len()).find(|&i| s.pieces[i].side != s.pieces[0].side);
        (name(1), name(opposing.unwrap_or(1)))
    };
    let mut under_limits = |name: &'static str,
                            job: &dyn Fn() -> Result<(), ApiError>|
     -> Result<(), String> {
        let outcome = deadline::within(Duration::from_secs(3), || memory::with_limit(limit, job));
        if memory::held() != 0 {
            return Err(format!("{name} kept {} bytes held", memory::held()));
        }
        match outcome {
            Ok(()) => {
                answered.push(name);
                Ok(())
            }
            Err(e) => typed(&e, limit).map_err(|why| format!("{name}: {why}")),
        }
    };
    under_limits("patterns", &|| {
        let r = PatternsRequest {
            horizon: case.horizon,
            limit: 1_000_000,
            ..PatternsRequest::default()
        };
        bench.patterns(&r, &Silent).map(drop)
    })?;
    under_limits("fuzzy", &|| {
        let r = PairsRequest {
            horizon: case.horizon,
            ..PairsRequest::default()
        };
        bench.fuzzy_patterns(&r, &Silent).map(drop)
    })?;
    under_limits("trajectories", &|| {
        let distance = bench.trajectories(&TrajectoriesRequest {
            piece: Some(p0.clone()),
            to: target.clone(),
            count_only: true,
            ..TrajectoriesRequest::default()
        })?;
        let r = TrajectoriesRequest {
            piece: Some(p0.clone()),
            to: target.clone(),
            length: distance.distance.map(|d| d + case.extra),
            limit: 10_000_000,
            ..TrajectoriesRequest::default()
        };
        bench.trajectories(&r).map(drop)
    })?;
    under_limits("zones", &|| {
        let r = ZonesRequest {
            piece: p0.clone(),
            to: opposing.clone(),
            horizon: Some(case.horizon),
            all_zones: true,
            max_zones: 10_000_000,
            // The request's limit in whole MiB, rounded up: the thread's (`under_limits`), the
            // case's, is the one that stops the zones.
            max_memory: (limit as u64).div_ceil(1 << 20),
            ..ZonesRequest::default()
        };
        bench.zones(&r).map(drop)
    })?;
    under_limits("run", &|| {
        let grammar = shipped_grammar("admissible-trajectories").map_err(|e| {
            ApiError::request(None, format!("the shipped grammar does not load: {e}"))
        })?;
        let from = {
            let s = bench.scenario();
            s.board.name(s.pieces[0].at).to_string()
        };
        let r = RunRequest {
            start: format!("S({from}, {target}, {})", case.horizon),
            piece: Some(p0.clone()),
            // The request's limit in whole MiB, rounded up: the thread's is the case's.
            max_memory: (limit as u64).div_ceil(1 << 20),
            max_sentences: 10_000_000,
            ..RunRequest::default()
        };
        bench.run(&grammar, &r, None).map(drop)
    })?;
    Ok(answered)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn jobs_under_a_small_memory_limit_answer_or_refuse(case in case()) {
        if let Err(why) = run_jobs(&case) {
            prop_assert!(false, "{why}\n{}", case.scenario());
        }
    }
}

/// Most generated cases reach the limits: a fixed one within them has every job answer, and
/// one far past them is refused, so that neither kind of outcome goes unchecked.
#[test]
fn a_case_within_the_limits_answers_and_one_past_them_is_refused() {
    let case = Case {
        width: 8,
        height: 8,
        pieces: vec![(2, false, 0), (0, true, 63)],
        horizon: 14,
        extra: 2,
        limit_kib: 8192,
    };
    assert_eq!(
        run_jobs(&case).unwrap(),
        ["patterns", "fuzzy", "trajectories", "zones", "run"]
    );
    let far = Workbench::from_text(
        "board 16x16\nwhite king at a1 as P0\nblack rook at p12 as P1\n",
        "far",
    )
    .unwrap();
    let e = memory::with_limit(1 << 20, || {
        // 59,595 trajectories of 17 points: some 6 MiB.
        far.trajectories(&TrajectoriesRequest {
            piece: Some("P0".into()),
            to: "p12".into(),
            length: Some(16),
            limit: 10_000_000,
            ..TrajectoriesRequest::default()
        })
    })
    .unwrap_err();
    assert!(
        matches!(
            e,
            ApiError::TooLarge {
                cap: Cap::Memory,
                ..
            }
        ),
        "{e:?}"
    );
}
