//! Backups, as an administrator sees them (`GET /admin/backups`, the Admin → Backups page):
//! the schedule, the last run and the last verify (each a job), and the backups kept in the
//! target. Only figures and outcomes cross the wire; failure text stays in the server log.

use serde::{Deserialize, Serialize};

/// The backup schedule, the last runs and the backups kept.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BackupStatusOut {
    /// Whether backups are configured (`CARDSMITH_BACKUP_TO`); without it, everything below
    /// is empty and Back up now answers 409.
    pub configured: bool,
    /// Where backups go: a folder, or `s3://bucket/prefix`.
    pub target: Option<String>,
    /// Seconds between scheduled backups.
    pub every_seconds: Option<u64>,
    /// The retention rule, e.g. `last=3,daily=7,weekly=4`.
    pub keep: Option<String>,
    /// Whether backups carry the encryption key sealed with a passphrase. Without it, a
    /// restore must link player accounts again and type AI provider keys again.
    pub key_included: bool,
    /// The backup running or waiting now.
    pub running: Option<BackupRunOut>,
    /// The last backup that finished, whatever its outcome.
    pub last: Option<BackupRunOut>,
    /// When the last backup succeeded (RFC 3339).
    pub last_success_at: Option<String>,
    /// When the next scheduled backup is due (RFC 3339).
    pub next_at: Option<String>,
    /// The last verify that finished.
    pub last_verify: Option<BackupRunOut>,
    /// The verify running or waiting now.
    pub verifying: Option<BackupRunOut>,
    /// The backups kept in the target, newest first (empty when it cannot be read:
    /// `target_readable` says so).
    pub backups: Vec<BackupOut>,
    pub target_readable: bool,
}

/// One backup or verify run (a job).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BackupRunOut {
    pub job_id: String,
    /// `queued`, `running`, `succeeded`, `failed` or `cancelled`.
    pub status: String,
    /// 0 to 1 while it runs.
    pub progress: f64,
    pub started_at: Option<String>,
    pub completed_at: Option<String>,
    /// The backup it made (a backup run that succeeded).
    pub backup_id: Option<String>,
    /// Files in the backup, its bytes as restored, and what this run copied.
    pub files: Option<u64>,
    pub total_bytes: Option<u64>,
    pub new_objects: Option<u64>,
    pub new_bytes: Option<u64>,
    pub duration_ms: Option<u64>,
    /// A verify: objects re-read, and the files found missing or damaged (by name).
    pub objects_checked: Option<u64>,
    pub problems: Vec<String>,
}

/// One backup kept in the target.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BackupOut {
    pub id: String,
    pub created_at: String,
    pub files: u64,
    pub total_bytes: u64,
    pub new_objects: u64,
    pub new_bytes: u64,
    pub duration_ms: u64,
    pub key_included: bool,
    /// Files the database named that were already missing from the media store.
    pub missing_in_source: u64,
}
