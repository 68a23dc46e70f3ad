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
    pub kind: String,
    pub status: String,
    /// What the job was asked to do, as JSON text.
    pub payload: String,
    pub attempts: i64,
    pub created_at: String,
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
    pub user_id: Option<String>,
    #[serde(rename = "type")]
    pub kind: String,
    pub status: String,
    pub attempts: i64,
    pub created_at: String,
    pub completed_at: Option<String>,
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JobIDOutputBody {
    pub job_id: String,
}
