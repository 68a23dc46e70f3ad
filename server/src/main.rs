//! `cardsmith serve`: read the configuration, build the app, serve until Ctrl-C or SIGTERM.

use std::process::ExitCode;

use cardsmith::config::Command;
use cardsmith::{Application, Cli};
use cardsmith_core::memory;
use clap::Parser;
use tracing_subscriber::EnvFilter;

/// New files are made private, the allocator is tuned before the runtime starts any thread,
/// and the runtime's blocking pool is bounded (`cardsmith_core::memory`: what held the
/// memory and why these bounds).
fn main() -> ExitCode {
    cardsmith_core::crypto::keep_new_files_private();
    let tuned = memory::tune_allocator();
    let runtime = match memory::runtime() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("starting the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(serve(tuned))
}

async fn serve(allocator_tuned: bool) -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .init();
    if !allocator_tuned {
        tracing::warn!("the allocator refused a memory setting; resident memory may grow");
    }
    let cli = Cli::parse();
    if let Some(Command::MigrateStorage(args)) = &cli.command {
        return match cardsmith::migrate_storage::run(args.clone()).await {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => {
                tracing::error!("the copy is incomplete: see the report");
                ExitCode::FAILURE
            }
            Err(e) => {
                tracing::error!("{e:#}");
                ExitCode::FAILURE
            }
        };
    }
    let config = cli.into_config();
    tracing::info!(?config, "starting");
    match run(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(config: cardsmith::Config) -> anyhow::Result<()> {
    let app = Application::build(&config).await?;
    // start-up's transient allocations (migrations, the OpenAPI document, route tables) go
    // back now; later bursts at the next periodic trim
    memory::trim();
    tokio::spawn(memory::trim_periodically());
    let listener = tokio::net::TcpListener::bind(config.bind).await?;
    tracing::info!("listening on http://{}", listener.local_addr()?);
    app.serve(listener, shutdown_signal()).await
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
