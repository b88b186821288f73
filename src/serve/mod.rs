//! `lingeo serve`: a local web server for one page (its HTML, CSS and JavaScript built into the
//! binary) and the JSON API it uses (docs/serve.md). The API runs the CLI's own commands, in
//! memory (`cli::run_in_memory`), so that its JSON is the CLI's `--json`.
//!
//! `error.rs` (every failure as a JSON error with its status), `host.rs` (the `Host` header
//! checked against loopback names), `jobs.rs` (a command on the blocking pool under a
//! wall-clock cap), `request.rs` (a request body turned into a command line), `api.rs` (the
//! endpoints), `trace.rs` (a derivation's trace as steps), `diagnostics.rs` (a text's diagnostics at
//! their lines and columns), `examples.rs` (the shipped examples
//! and grammars, built in), `page/` (the page).

mod api;
mod diagnostics;
mod error;
mod examples;
mod host;
mod jobs;
mod page;
mod request;
mod trace;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use clap::Args;

use crate::cli::CliError;

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
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 3600.0 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds in (0, 3600]")),
    }
}

/// What every handler reads.
#[derive(Clone, Copy)]
pub struct Config {
    pub time_limit: Duration,
}

/// The page and the API, behind the `Host` check and the body cap.
pub fn router(config: Config) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/api/examples", get(api::examples))
        .route("/api/check", post(api::check))
        .route("/api/board", post(api::board))
        .route("/api/run", post(api::run))
        .route("/api/zones", post(api::zones))
        .route("/api/trajectories", post(api::trajectories))
        .route("/api/map", post(api::map))
        .route("/api/search", post(api::search))
        .route("/api/play", post(api::play))
        .fallback(error::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(host::check))
        .with_state(config)
}

/// Serves until the process is stopped; prints the address first.
pub fn run(args: &ServeArgs) -> Result<String, CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError(format!("cannot start the server: {e}")))?;
    let config = Config {
        time_limit: Duration::from_secs_f64(args.time_limit),
    };
    runtime.block_on(async {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, args.port));
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| CliError(format!("cannot listen on {address}: {e}")))?;
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
        axum::serve(listener, router(config))
            .await
            .map_err(|e| CliError(format!("the server stopped: {e}")))?;
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
        eprintln!("--open: cannot run {program}: {e}; open {url} yourself");
    }
}
