//! `cardsmith backup`, `cardsmith backup verify|list` and `cardsmith restore`: the command
//! line around `cardsmith_core::backup` (which says what a backup holds and how it is kept
//! consistent). Each prints its report as JSON on stdout and what an admin must know on
//! stderr; a failure exits non-zero.

use std::path::PathBuf;

use anyhow::Context;
use cardsmith_core::backup::{self, BackupStore, Retention};
use cardsmith_core::crypto::EncryptionKey;
use cardsmith_core::settings::CoreSettings;
use cardsmith_core::{Core, Db};
use clap::{Args, Subcommand};

use crate::media_config::MediaConfig;

/// The instance backed up or restored into: the serve settings that say where its data is.
#[derive(Clone, Args)]
pub struct InstanceArgs {
    /// Directory of the database, media and key (scratch space with PostgreSQL and a bucket).
    #[arg(long, env = "CARDSMITH_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Database URL [default: SQLite file cardsmith.db in the data directory].
    #[arg(long, env = "CARDSMITH_DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,

    /// Key encrypting stored tokens [default: DATA_DIR/encryption.key].
    #[arg(long, env = "CARDSMITH_ENCRYPTION_KEY", hide_env_values = true)]
    pub encryption_key: Option<String>,

    /// Where the instance's media lives, and the object store's settings (also used for an
    /// s3:// backup target).
    #[command(flatten)]
    pub media: MediaConfig,
}

/// The passphrase sealing the encryption key into a backup (never a plain argument: other
/// users of the machine can read a process's arguments).
#[derive(Clone, Args)]
pub struct PassphraseArgs {
    /// A file whose first line is the passphrase.
    #[arg(long, env = "CARDSMITH_BACKUP_PASSPHRASE_FILE")]
    pub key_passphrase_file: Option<PathBuf>,

    /// The passphrase itself, from the environment only.
    #[arg(skip = std::env::var("CARDSMITH_BACKUP_PASSPHRASE").ok())]
    pub key_passphrase: Option<String>,
}

impl std::fmt::Debug for PassphraseArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassphraseArgs")
            .field("key_passphrase_file", &self.key_passphrase_file)
            .field(
                "key_passphrase",
                &self.key_passphrase.as_ref().map(|_| "[redacted]"),
            )
            .finish()
    }
}

impl std::fmt::Debug for InstanceArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InstanceArgs")
            .field("data_dir", &self.data_dir)
            .field("database_url", &self.database_url.as_ref().map(|_| "[set]"))
            .field(
                "encryption_key",
                &self.encryption_key.as_ref().map(|_| "[redacted]"),
            )
            .field("media", &self.media)
            .finish()
    }
}

impl PassphraseArgs {
    fn read(&self) -> anyhow::Result<Option<String>> {
        if let Some(path) = &self.key_passphrase_file {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            return Ok(text.lines().next().map(str::to_owned));
        }
        Ok(self.key_passphrase.clone().filter(|p| !p.is_empty()))
    }
}

#[derive(Clone, Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BackupCommand {
    #[command(subcommand)]
    pub action: Option<BackupAction>,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Clone, Debug, Subcommand)]
pub enum BackupAction {
    /// Re-read every object of every backup (or of one) and name what is missing or damaged.
    Verify(VerifyArgs),
    /// The backups kept in a target, newest first.
    List(ListArgs),
}

/// Take a backup now.
#[derive(Clone, Debug, Args)]
pub struct RunArgs {
    /// Where backups are kept: a folder, or s3://bucket/prefix.
    #[arg(long, env = "CARDSMITH_BACKUP_TO")]
    pub to: Option<String>,
    /// Which backups to keep after this one (the newest is always kept).
    #[arg(long, env = "CARDSMITH_BACKUP_KEEP", default_value_t = Retention::default())]
    pub keep: Retention,
    /// Keep every backup: no pruning.
    #[arg(long)]
    pub no_prune: bool,
    #[command(flatten)]
    pub passphrase: PassphraseArgs,
    #[command(flatten)]
    pub instance: InstanceArgs,
}

#[derive(Clone, Debug, Args)]
pub struct VerifyArgs {
    #[arg(long, env = "CARDSMITH_BACKUP_TO")]
    pub to: String,
    /// Only this backup.
    #[arg(long)]
    pub id: Option<String>,
    #[command(flatten)]
    pub instance: InstanceArgs,
}

#[derive(Clone, Debug, Args)]
pub struct ListArgs {
    #[arg(long, env = "CARDSMITH_BACKUP_TO")]
    pub to: String,
    #[command(flatten)]
    pub instance: InstanceArgs,
}

/// Restore a backup into an empty instance.
#[derive(Clone, Debug, Args)]
pub struct RestoreArgs {
    /// Where the backups are: a folder, or s3://bucket/prefix.
    #[arg(long)]
    pub from: String,
    /// The backup to restore [default: the newest].
    #[arg(long)]
    pub id: Option<String>,
    /// Restore into an instance that already has users or collections, merging row by row.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub passphrase: PassphraseArgs,
    #[command(flatten)]
    pub instance: InstanceArgs,
}

impl InstanceArgs {
    fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.data_dir.join("cardsmith.db").display()))
    }

    fn store(&self, target: &str) -> anyhow::Result<BackupStore> {
        BackupStore::open(target, &self.media.s3_settings()).map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// The instance's core: its database (migrated), media store and key.
    async fn core(&self, key: EncryptionKey) -> anyhow::Result<Core> {
        cardsmith_core::crypto::create_private_dir(&self.data_dir)
            .with_context(|| format!("creating {}", self.data_dir.display()))?;
        let db = Db::connect(&self.database_url())
            .await
            .context("opening the database")?;
        let settings = CoreSettings {
            data_dir: self.data_dir.clone(),
            media: self.media.open().await?,
            ..CoreSettings::default()
        };
        Ok(Core::new(db, settings, key))
    }

    fn key(&self) -> anyhow::Result<EncryptionKey> {
        EncryptionKey::load_or_create(self.encryption_key.as_deref(), &self.data_dir)
            .map_err(|e| anyhow::anyhow!("encryption key: {e}"))
    }
}

fn print(report: &impl serde::Serialize) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(report)?);
    Ok(())
}

fn core_error(e: cardsmith_core::CoreError) -> anyhow::Error {
    anyhow::anyhow!("{e}")
}

/// `cardsmith backup …`; whether everything it checked was whole.
pub async fn backup(command: BackupCommand) -> anyhow::Result<bool> {
    match command.action {
        Some(BackupAction::Verify(args)) => {
            let store = args.instance.store(&args.to)?;
            let scratch = cardsmith_core::media::store::tmp_path(&args.instance.data_dir, "verify");
            std::fs::create_dir_all(scratch.parent().expect("tmp path has a parent"))?;
            let report = backup::verify::verify(&store, args.id.as_deref(), &scratch, |_, _| {})
                .await
                .map_err(core_error)?;
            for check in report.backups.iter().filter(|c| !c.ok()) {
                eprintln!(
                    "backup {}: {} missing, {} damaged{}",
                    check.id,
                    check.missing.len(),
                    check.damaged.len(),
                    check
                        .unreadable
                        .as_deref()
                        .map(|e| format!(" ({e})"))
                        .unwrap_or_default()
                );
                for name in check.missing.iter().chain(&check.damaged) {
                    eprintln!("  {name}");
                }
            }
            print(&report)?;
            Ok(report.ok())
        }
        Some(BackupAction::List(args)) => {
            let store = args.instance.store(&args.to)?;
            print(&backup::list(&store).await.map_err(core_error)?)?;
            Ok(true)
        }
        None => run(command.run).await,
    }
}

async fn run(args: RunArgs) -> anyhow::Result<bool> {
    let target = args
        .to
        .as_deref()
        .context("say where to keep backups: --to FOLDER or --to s3://bucket/prefix")?;
    let store = args.instance.store(target)?;
    anyhow::ensure!(
        args.instance.database_url.is_some()
            || args.instance.data_dir.join("cardsmith.db").exists(),
        "no Cardsmith database in {}",
        args.instance.data_dir.display()
    );
    let core = args.instance.core(args.instance.key()?).await?;
    let passphrase = args.passphrase.read()?;
    let report = backup::back_up(
        &core,
        backup::BackupRequest {
            store: &store,
            key_passphrase: passphrase.as_deref(),
            retention: (!args.no_prune).then_some(args.keep),
        },
        |_, _| {},
    )
    .await
    .map_err(core_error)?;
    eprintln!(
        "backup {} in {}: {} files, {} bytes ({} new objects, {} bytes copied) in {:.1} s",
        report.id,
        store.describe(),
        report.files,
        report.total_bytes,
        report.new_objects,
        report.new_bytes,
        report.duration_ms as f64 / 1000.0
    );
    eprintln!("{}", key_note(report.key_included));
    if !report.missing_in_source.is_empty() {
        eprintln!(
            "{} file(s) the database names were already missing or damaged in the media store \
             and are not in the backup:",
            report.missing_in_source.len()
        );
        for name in &report.missing_in_source {
            eprintln!("  {name}");
        }
    }
    print(&report)?;
    Ok(true)
}

/// What an admin must know about the key after a backup.
pub fn key_note(included: bool) -> &'static str {
    if included {
        "the encryption key is in this backup, sealed with your passphrase: keep the passphrase \
         apart from the backup; without it a restore must link player accounts again"
    } else {
        "the encryption key is NOT in this backup: keep DATA_DIR/encryption.key (or \
         CARDSMITH_ENCRYPTION_KEY) apart and safe. Restored without it, linked player accounts \
         must be linked again and AI provider keys typed again. Set \
         CARDSMITH_BACKUP_PASSPHRASE(_FILE) to include it sealed with a passphrase"
    }
}

/// `cardsmith restore`; whether it completed.
pub async fn restore(args: RestoreArgs) -> anyhow::Result<bool> {
    let store = args.instance.store(&args.from)?;
    let id = match &args.id {
        Some(id) => id.clone(),
        None => store
            .manifest_ids()
            .await
            .map_err(core_error)?
            .pop()
            .with_context(|| format!("there is no backup in {}", store.describe()))?,
    };
    let manifest = backup::read_manifest(&store, &id)
        .await
        .map_err(core_error)?;
    let key = restored_key(&args, manifest.key.as_ref())?;
    let core = args.instance.core(key).await?;
    let report = backup::restore::restore(
        &core,
        backup::restore::RestoreRequest {
            store: &store,
            id: Some(&id),
            force: args.force,
        },
        |_, _| {},
    )
    .await
    .map_err(core_error)?;
    eprintln!(
        "restored backup {} (taken {}): {} files, {} bytes",
        report.id, report.created_at, report.files, report.bytes
    );
    if !report.accounts_to_relink.is_empty() {
        eprintln!("this instance's key does not open the stored player tokens; link these player accounts again:");
        for account in &report.accounts_to_relink {
            eprintln!("  {} (of {})", account.label, account.owner);
        }
    }
    for provider in &report.ai_keys_to_retype {
        eprintln!("type the key of the AI provider {provider} again (it is disabled until then)");
    }
    print(&report)?;
    Ok(true)
}

/// The key the restored instance will use: the configured one; else the backup's, when the
/// passphrase opens it (written to DATA_DIR/encryption.key); else the data folder's own (or a
/// new one), and the secrets it cannot open are dropped by the restore.
fn restored_key(
    args: &RestoreArgs,
    sealed: Option<&cardsmith_core::crypto::passphrase::SealedKey>,
) -> anyhow::Result<EncryptionKey> {
    let instance = &args.instance;
    if instance.encryption_key.is_some() {
        if sealed.is_some() {
            eprintln!("CARDSMITH_ENCRYPTION_KEY is set: the restore keeps it and does not use the key in the backup");
        }
        return instance.key();
    }
    let passphrase = args.passphrase.read()?;
    match (sealed, passphrase) {
        (Some(sealed), Some(passphrase)) => {
            match sealed.open(&passphrase) {
                Ok(key) => {
                    cardsmith_core::crypto::create_private_dir(&instance.data_dir)?;
                    key.save(&instance.data_dir).map_err(core_error)?;
                    eprintln!(
                    "the backup's encryption key is restored into {} (give it to every instance \
                     sharing this database as CARDSMITH_ENCRYPTION_KEY)",
                    instance.data_dir.join(cardsmith_core::crypto::KEY_FILE).display()
                );
                    Ok(key)
                }
                Err(_) => {
                    eprintln!(
                        "the passphrase does not open the key in this backup: restoring without it"
                    );
                    instance.key()
                }
            }
        }
        (Some(_), None) => {
            eprintln!("the backup holds the encryption key sealed with a passphrase; none was given (CARDSMITH_BACKUP_PASSPHRASE or --key-passphrase-file): restoring without it");
            instance.key()
        }
        (None, _) => instance.key(),
    }
}
