//! Background jobs as the API shows them.

use serde::{Deserialize, Serialize};

/// `status` values of a job.
pub mod status {
    pub const QUEUED: &str = "queued";
    pub const RUNNING: &str = "running";
    pub const SUCCEEDED: &str = "succeeded";
    pub const FAILED: &str = "failed";
    pub const CANCELLED: &str = "cancelled";
}

/// A job of the caller's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JobOut {
    pub id: String,
    /// The kind of work: `transcode`, `trim`, `split`, `merge`, `fade`, `rescan`, …
    #[serde(rename = "type")]
    #[cfg_attr(feature = "openapi", schema(value_type = crate::states::JobType))]
    pub kind: String,
    #[cfg_attr(feature = "openapi", schema(value_type = crate::states::JobStatus))]
    pub status: String,
    /// What the job was asked to do, as JSON text.
    pub payload: String,
    pub attempts: i64,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub completed_at: Option<String>,
    /// Why it failed or was cancelled.
    pub error: Option<String>,
    /// 0 to 1, for progress bars.
    pub progress: f64,
    /// What it produced, as JSON text (e.g. the new track slugs), once succeeded.
    pub result: Option<String>,
}

/// A job as administrators see it: whose it is, without its payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AdminJobOut {
    pub id: String,
    /// The user the job works for; the empty string for the instance's own work (delivering
    /// mail) and once that user's account is deleted.
    pub user_id: String,
    #[serde(rename = "type")]
    #[cfg_attr(feature = "openapi", schema(value_type = crate::states::JobType))]
    pub kind: String,
    #[cfg_attr(feature = "openapi", schema(value_type = crate::states::JobStatus))]
    pub status: String,
    pub attempts: i64,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub completed_at: Option<String>,
    pub error: Option<String>,
}

/// The `result` of a trim, split, merge or fade job (`JobOut.result`, JSON text): the track
/// edited (now kept as a source) and the tracks that replace it, in play order. An edit makes
/// new tracks (new ids); the first keeps the edited track's slug.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EditJobResult {
    pub source_track_id: String,
    pub track_ids: Vec<String>,
    pub track_slugs: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JobIDOutputBody {
    pub job_id: String,
}

/// Filters of the admin job list (`GET /admin/jobs`'s query, the Jobs page's address).
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobFilter {
    /// One of [`status`]; none or empty for every status.
    pub status: Option<String>,
    /// One of the kinds (`JobType`); none or empty for every kind.
    pub kind: Option<String>,
    /// 1 to 500, default 100.
    pub limit: Option<i64>,
    /// Jobs to skip, default 0.
    pub offset: Option<i64>,
}

/// A job as the admin's Jobs page shows it: the REST fields, whose it is in words, its
/// progress, how long ago it was queued and ended, and whether Retry is offered. The ages are
/// counted on the server when it answers, so the page reads the same rendered and hydrated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AdminJobDetail {
    pub job: AdminJobOut,
    /// The email of the user the job works for; `None` for the instance's own work and once
    /// that account is deleted.
    pub user_email: Option<String>,
    pub user_name: Option<String>,
    /// 0 to 1.
    pub progress: f64,
    /// Seconds between `created_at` and the answer.
    pub created_secs_ago: i64,
    /// Seconds between `completed_at` and the answer.
    pub completed_secs_ago: Option<i64>,
    /// Why a job of this kind is never retried; `None` when Retry is offered (for a failed or
    /// cancelled job).
    pub retry_refused: Option<String>,
}
