//! Backups: the whole instance (database and media) copied to a folder or a bucket while it
//! runs, incrementally, each copy checkable and restorable into either backend.
//!
//! - [`store`]: where backups live and their layout (content-addressed objects, one manifest
//!   per backup, written last).
//! - [`snapshot`]: the database at one instant, as an SQLite file whatever the backend.
//! - [`run`]: one backup; [`prune`]: retention ([`retention`]) and the objects it frees.
//! - [`verify`]: every object re-read and re-hashed.
//! - [`restore`]: a backup into an empty instance.
//!
//! What a backup holds: the database; every media file the database refers to (audio,
//! originals, covers, icons); waveforms, label sheets and takes being recorded; and, when the
//! admin gives a passphrase, the encryption key sealed with it (`crypto::passphrase`). What it
//! does not: the program, its settings (environment or service file), scratch space.

pub mod job;
pub mod manifest;
pub mod prune;
pub mod restore;
pub mod retention;
pub mod run;
pub mod snapshot;
pub mod status;
pub mod store;
pub mod verify;

pub use manifest::Manifest;
pub use retention::Retention;
pub use run::{back_up, BackupReport, BackupRequest};
pub use store::BackupStore;

use crate::media::store::S3Settings;
use crate::{CoreError, CoreResult};

/// Scheduled backups, as the server was started with them.
#[derive(Clone)]
pub struct BackupSettings {
    /// A folder, or `s3://bucket/prefix`.
    pub to: String,
    /// The object store's endpoint and credentials, for an `s3://` target.
    pub s3: S3Settings,
    /// Time between scheduled backups.
    pub every: std::time::Duration,
    pub keep: Retention,
    /// Seal the encryption key into every backup with this passphrase.
    pub passphrase: Option<String>,
}

impl std::fmt::Debug for BackupSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BackupSettings")
            .field("to", &self.to)
            .field("s3", &self.s3)
            .field("every", &self.every)
            .field("keep", &self.keep)
            .field(
                "passphrase",
                &self.passphrase.as_ref().map(|_| "[redacted]"),
            )
            .finish()
    }
}

impl BackupSettings {
    pub fn store(&self) -> CoreResult<BackupStore> {
        BackupStore::open(&self.to, &self.s3)
    }
}

/// The manifest of backup `id`.
pub async fn read_manifest(store: &BackupStore, id: &str) -> CoreResult<Manifest> {
    let bytes = store.manifest(id).await?;
    serde_json::from_slice(&bytes).map_err(|e| {
        CoreError::Conflict(format!(
            "the manifest of backup {id} cannot be read ({e}); the backup is damaged"
        ))
    })
}

/// One kept backup, as listed.
#[derive(Debug, serde::Serialize)]
pub struct BackupSummary {
    pub id: String,
    pub created_at: String,
    pub files: usize,
    pub total_bytes: u64,
    pub new_objects: u64,
    pub new_bytes: u64,
    pub duration_ms: u64,
    pub key_included: bool,
    pub missing_in_source: usize,
}

/// Every backup in `store`, newest first.
pub async fn list(store: &BackupStore) -> CoreResult<Vec<BackupSummary>> {
    let mut out = Vec::new();
    for id in store.manifest_ids().await?.into_iter().rev() {
        let m = read_manifest(store, &id).await?;
        out.push(BackupSummary {
            files: m.files.len(),
            total_bytes: m.total_bytes(),
            created_at: m.created_at,
            new_objects: m.new_objects,
            new_bytes: m.new_bytes,
            duration_ms: m.duration_ms,
            key_included: m.key.is_some(),
            missing_in_source: m.missing_in_source.len(),
            id,
        });
    }
    Ok(out)
}
