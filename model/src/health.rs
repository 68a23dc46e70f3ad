//! `GET /admin/health`: the state of everything the service depends on, for an administrator.
//!
//! The spec fixes `status`, `checked_at`, `cards`, `collections`, `jobs` and `users`; `tracks`
//! and `checks` are additions a spec-only client can ignore. Only check names, outcomes and
//! figures cross the wire: never paths or error text, which stay in the server log.

use serde::{Deserialize, Serialize};

/// The overall status when every check passed (or was skipped).
pub const STATUS_OK: &str = "ok";
/// The overall status when at least one check failed; the service may still serve requests.
pub const STATUS_DEGRADED: &str = "degraded";

/// A check that passed.
pub const CHECK_OK: &str = "ok";
/// A check that failed or did not finish within its time limit.
pub const CHECK_FAILED: &str = "failed";
/// A check that does not apply here (e.g. no upstream platform is configured).
pub const CHECK_SKIPPED: &str = "skipped";

/// Names of the checks, in the order they are reported.
pub const CHECK_DATABASE: &str = "database";
pub const CHECK_DISK: &str = "disk";
pub const CHECK_FFMPEG: &str = "ffmpeg";
pub const CHECK_FFPROBE: &str = "ffprobe";
pub const CHECK_JOB_QUEUE: &str = "job_queue";
pub const CHECK_UPSTREAM: &str = "upstream";
pub const CHECK_BACKUP: &str = "backup";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AdminHealthOutputBody {
    /// `ok` when every check passed or was skipped, `degraded` when any failed.
    pub status: String,
    /// When the checks ran (RFC 3339, UTC).
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub checked_at: String,
    /// Cards in the instance (0 when the database does not answer).
    pub cards: i64,
    pub collections: CollectionCounts,
    pub jobs: JobQueueHealth,
    pub users: UserCounts,
    /// Tracks in the instance (0 when the database does not answer).
    pub tracks: i64,
    /// One entry per dependency, in a fixed order: `database`, `disk`, `ffmpeg`, `ffprobe`,
    /// `job_queue`, `upstream`, `backup`.
    pub checks: Vec<HealthCheck>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CollectionCounts {
    pub total: i64,
    /// Collections left without an owner (their owner was deleted and nothing was
    /// reassigned); an admin assigns them.
    #[serde(default)]
    pub orphaned: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UserCounts {
    pub total: i64,
    /// Users whose status is `active`.
    pub active: i64,
    /// Users an admin deactivated.
    #[serde(default)]
    pub deactivated: i64,
    /// Active users some client address is locked out of now (too many failed sign-ins).
    #[serde(default)]
    pub locked: i64,
    /// Users with the `admin` role.
    pub admins: i64,
    /// Users whose email address is not verified.
    #[serde(default)]
    pub unverified: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JobQueueHealth {
    /// Jobs waiting to run (including ones waiting for a retry).
    pub queued: i64,
    /// Jobs a worker is running now.
    pub running: i64,
    /// Jobs that ended successfully (kept in the table, so: ever).
    #[serde(default)]
    pub succeeded: i64,
    /// Jobs that ended failed, ever.
    pub failed: i64,
    /// Jobs an admin cancelled, ever.
    #[serde(default)]
    pub cancelled: i64,
    /// Seconds since the oldest waiting job was created; `null` when nothing waits.
    pub oldest_queued_age_s: Option<i64>,
}

/// The outcome of one check, with the figures it measured.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HealthCheck {
    /// One of the `CHECK_*` names: `database`, `disk`, `ffmpeg`, `ffprobe`, `job_queue`,
    /// `upstream`, `backup`.
    pub name: String,
    /// `ok`, `failed` (including "did not finish in time") or `skipped`.
    pub status: String,
    /// How long the check took, in milliseconds.
    pub duration_ms: u64,
    /// `disk`: bytes free for the service in the data directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_bytes: Option<u64>,
    /// `disk`: size of the file system holding the data directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_bytes: Option<u64>,
    /// `ffmpeg`/`ffprobe`: the tool's version line (e.g. `ffmpeg version 6.1.1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}
