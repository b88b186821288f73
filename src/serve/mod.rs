//! `lingeo serve`: a local web server for one page (its HTML, CSS and JavaScript built into the
//! binary) and the JSON API it uses (docs/serve.md). Its endpoints call `lingeo::api` and
//! serialise the API's results, the serde types the CLI's `--json` prints, so that its JSON
//! is the CLI's by construction: no command line is built, no output parsed, no file read.
//!
//! `connections.rs` (the accept loop: hyper's HTTP/1.1 with a header read timeout, a cap on
//! open connections), `body.rs` (a request body read within the read timeout and the cap),
//! `error.rs` (every failure as a JSON error with its status), `held.rs` (the answers not yet
//! read by their clients, bounded as a whole), `host.rs` (the `Host` header
//! checked against loopback names), `jobs.rs` (the computations: at most `--max-concurrent`,
//! under a wall-clock cap and the memory budget, stopped when their request is answered or
//! gone), `request.rs` (a request body read into the fields of an API request), `answer.rs`
//! (an answer's budget of bytes, its pictures and JSON counted), `api.rs` (the endpoints), `trace.rs` (a derivation's trace as steps), `diagnostics.rs` (a text's diagnostics at
//! their lines and columns), `examples.rs` (the shipped examples
//! and grammars, built in), `page/` (the page).

mod answer;
pub(crate) mod api;
mod body;
mod connections;
pub(crate) mod error;
mod examples;
mod held;
mod host;
mod jobs;
mod page;
mod progress;
mod request;
mod trace;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use clap::Args;

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot start the server: {0}")]
    Runtime(std::io::Error),
    #[error("cannot listen on {address}: {error}")]
    Listen {
        address: SocketAddr,
        error: std::io::Error,
    },
    #[error("{0}")]
    Address(#[from] std::io::Error),
}

/// The largest request body taken, in bytes: a scenario and a grammar of the sizes lingeo's
/// files have, with room to spare.
pub const MAX_BODY: usize = 1 << 20;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 (0: a free port, printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the desktop's browser (xdg-open; open on macOS).
    #[arg(long)]
    pub open: bool,
    /// The wall-clock cap on the computation of one request, in seconds (the grammar limits
    /// apply as well).
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0,
          value_parser = parse_seconds)]
    pub time_limit: f64,
    /// The most computations run at once (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub max_concurrent: Option<u32>,
    /// The most requests waiting for a computation to end (each for at most the time limit);
    /// past them a request is refused (503, with Retry-After).
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = clap::value_parser!(u32).range(0..=4096))]
    pub max_waiting: u32,
    /// The server's memory budget in MiB: given to every computation as its --max-memory
    /// (which counts the whole server's heap), and no computation starts while the heap is
    /// past it (503).
    #[arg(long, value_name = "MIB", default_value_t = 4096,
          value_parser = clap::value_parser!(u64).range(64..=1 << 30))]
    pub max_memory: u64,
    /// The most megabytes (10^6 bytes) of one answer: the command's JSON and its pictures
    /// (413 past it, before a picture of too large a board is drawn).
    #[arg(long, value_name = "MB", default_value_t = 64,
          value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub max_answer_mb: u64,
    /// The time a client has to send a request's head, and its body: a connection that sends
    /// half a head, or stays idle, is closed then; a body that has not arrived gets a 408.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0,
          value_parser = parse_seconds)]
    pub read_timeout: f64,
    /// The most connections open at once (kept well under the descriptor limit); past it a
    /// new connection closes the oldest one with no request under way.
    #[arg(long, value_name = "N", default_value_t = 512,
          value_parser = clap::value_parser!(u32).range(8..=1 << 20))]
    pub max_connections: u32,
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 3600.0 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds in (0, 3600]")),
    }
}

/// What every handler reads.
#[derive(Clone)]
pub struct Config {
    pub jobs: Arc<jobs::Jobs>,
    /// The answers held for clients that have not read them yet (`held.rs`).
    pub held: held::Held,
    /// The computations whose progress a client follows (`progress.rs`).
    pub progress: progress::Registry,
    pub read_timeout: Duration,
}

impl Config {
    /// The budgets of a server: computations at once and waiting, the heap and an answer in
    /// bytes, a computation's wall-clock cap, and the time to read a request.
    pub fn new(
        max_concurrent: usize,
        max_waiting: usize,
        max_memory: usize,
        max_answer: usize,
        time_limit: Duration,
        read_timeout: Duration,
    ) -> Config {
        Config {
            held: held::Held::new(max_answer),
            jobs: Arc::new(jobs::Jobs::new(
                max_concurrent,
                max_waiting,
                max_memory,
                max_answer,
                time_limit,
            )),
            progress: progress::Registry::default(),
            read_timeout,
        }
    }
}

/// The page and the API, behind the `Host` check, the body's read (its cap and timeout), and
/// every failure as JSON.
pub fn router(config: Config) -> Router {
    let routes = Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/share.js", get(page::share))
        .route("/export.js", get(page::export))
        .route("/editor.js", get(page::editor))
        .route("/style.css", get(page::style))
        .route("/favicon.svg", get(page::icon))
        .route("/favicon.ico", get(page::icon))
        .route("/api/examples", get(api::examples))
        .route("/api/progress/{id}", get(progress::progress))
        .route("/api/defaults", get(api::defaults))
        .route("/api/check", post(api::check))
        .route("/api/board", post(api::board))
        .route("/api/analysis", post(api::analysis))
        .route("/api/run", post(api::run))
        .route("/api/zones", post(api::zones))
        .route("/api/trajectories", post(api::trajectories))
        .route("/api/map", post(api::map))
        .route("/api/search", post(api::search))
        .route("/api/play", post(api::play))
        .route("/api/translate", post(api::translate))
        .route("/api/patterns", post(api::patterns))
        .route("/api/fuzzy", post(api::fuzzy))
        .route("/api/perft", post(api::perft))
        .route("/api/compare", post(api::compare))
        .fallback(error::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            config.clone(),
            body::read,
        ))
        .layer(axum::middleware::from_fn(host::check))
        .layer(axum::middleware::from_fn_with_state(
            config.held.clone(),
            held::bound,
        ))
        .with_state(config);
    // Outside the routes, so that it sees the answers whole (axum adds a 405's `Allow` after
    // the routes' own layers).
    Router::new()
        .fallback_service(routes)
        .layer(axum::middleware::from_fn(error::as_json))
}

/// Serves until the process is stopped; prints the address first.
pub fn run(args: &ServeArgs) -> Result<String, ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let max_concurrent = args.max_concurrent.map_or(cores, |n| n as usize);
    let config = Config::new(
        max_concurrent,
        args.max_waiting as usize,
        usize::try_from(args.max_memory << 20).unwrap_or(usize::MAX),
        usize::try_from(args.max_answer_mb * 1_000_000).unwrap_or(usize::MAX),
        Duration::from_secs_f64(args.time_limit),
        Duration::from_secs_f64(args.read_timeout),
    );
    let max_connections = connections::cap(args.max_connections as usize);
    runtime.block_on(async {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, args.port));
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|error| ServeError::Listen { address, error })?;
        let local = listener.local_addr()?;
        let url = format!("http://localhost:{}/", local.port());
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "lingeo serves {url} (Ctrl-C stops it)");
            let _ = out.flush();
        }
        if args.open {
            open(&url);
        }
        let read_timeout = config.read_timeout;
        connections::serve(listener, router(config), max_connections, read_timeout).await;
        Ok(String::new())
    })
}

/// Opens `url` in the desktop's browser, if there is one to open it.
fn open(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(program).arg(url).spawn() {
        use std::io::Write;
        // A closed stderr loses the message, no panic.
        let _ = writeln!(
            std::io::stderr(),
            "--open: cannot run {program}: {e}; open {url} yourself"
        );
    }
}
