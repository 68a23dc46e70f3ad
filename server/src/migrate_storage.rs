//! `cardsmith migrate-storage`: copies an SQLite + media-folder instance into PostgreSQL and an
//! S3-compatible bucket (`cardsmith_core::migrate_storage` says how and what is checked).
//! Prints what it did as JSON; exits with failure unless every row and file arrived.

use std::path::PathBuf;

use anyhow::Context;
use cardsmith_core::media::store::MediaBackend;
use cardsmith_core::Db;
use clap::Args;

use crate::media_config::MediaConfig;

/// Where an instance is moved from and to. The database URLs may carry passwords, so
/// `Debug` does not show them.
#[derive(Clone, Args)]
pub struct MigrateStorageArgs {
    /// The data directory of the instance to move: its SQLite database and media folder.
    #[arg(long, env = "CARDSMITH_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Its database [default: sqlite://DATA_DIR/cardsmith.db].
    #[arg(long)]
    pub from_database_url: Option<String>,

    /// The database to copy into, e.g. postgres://user:pass@host/db.
    #[arg(long, env = "CARDSMITH_DATABASE_URL", hide_env_values = true)]
    pub to_database_url: String,

    /// The bucket to copy the media into (`--media-url s3://bucket/prefix` and its settings).
    #[command(flatten)]
    pub media: MediaConfig,
}

impl std::fmt::Debug for MigrateStorageArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MigrateStorageArgs")
            .field("data_dir", &self.data_dir)
            .field(
                "from_database_url",
                &self.from_database_url.as_ref().map(|_| "[set]"),
            )
            .field("to_database_url", &"[set]")
            .field("media", &self.media)
            .finish()
    }
}

/// Runs one migration pass and prints its report.
pub async fn run(args: MigrateStorageArgs) -> anyhow::Result<bool> {
    let from = args
        .from_database_url
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", args.data_dir.join("cardsmith.db").display()));
    anyhow::ensure!(
        args.data_dir.join("cardsmith.db").exists() || args.from_database_url.is_some(),
        "no Cardsmith database in {}",
        args.data_dir.display()
    );
    let source = Db::connect(&from)
        .await
        .context("opening the source database")?;
    let target = Db::connect(&args.to_database_url)
        .await
        .context("opening the target database")?;
    let MediaBackend::Object(bucket) = args.media.open().await? else {
        anyhow::bail!("--media-url must name a bucket (s3://bucket/prefix) to copy the media into");
    };
    let report = cardsmith_core::migrate_storage::run(&source, &args.data_dir, &target, &bucket)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(report.complete())
}
