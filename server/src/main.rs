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
    let cli = Cli::parse();
    // a command's report goes to stdout, so its log goes to stderr; the server logs to stdout
    let logs_to_stderr = matches!(
        cli.command,
        Some(Command::MigrateStorage(_) | Command::Backup(_) | Command::Restore(_))
    );
    let logs = tracing_subscriber::fmt().with_env_filter(
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
    );
    if logs_to_stderr {
        logs.with_writer(std::io::stderr).init();
    } else {
        logs.init();
    }
    if !allocator_tuned {
        tracing::warn!("the allocator refused a memory setting; resident memory may grow");
    }
    let command = match &cli.command {
        Some(Command::MigrateStorage(args)) => {
            Some(cardsmith::migrate_storage::run(args.clone()).await)
        }
        Some(Command::Backup(args)) => Some(cardsmith::backup_cli::backup(*args.clone()).await),
        Some(Command::Restore(args)) => Some(cardsmith::backup_cli::restore(*args.clone()).await),
        _ => None,
    };
    if let Some(outcome) = command {
        return match outcome {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => {
                tracing::error!("incomplete: see the report");
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
