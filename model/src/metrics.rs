//! `GET /metrics` as JSON: the instance's counts (the same inner objects as `GET
//! /admin/health`) plus figures of this process since it started.
//!
//! The spec fixes `cards`, `collections`, `jobs` and `users`; everything else is an addition a
//! spec-only client can ignore. The same figures, and per-route request latencies, are served
//! in the Prometheus text format to clients that ask for it (see the README, "Metrics").

use serde::{Deserialize, Serialize};

use crate::health::{CollectionCounts, JobQueueHealth, UserCounts};

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MetricsOutputBody {
    /// Cards in the instance.
    pub cards: i64,
    pub collections: CollectionCounts,
    pub jobs: JobQueueHealth,
    pub users: UserCounts,
    /// Tracks in the instance.
    pub tracks: i64,
    pub db_pool: DbPoolFigures,
    pub upstream_calls: UpstreamCallCounts,
    pub live: LiveChannelFigures,
    pub backup: BackupFigures,
    /// HTTP requests this process has answered since it started (the request asking for
    /// these figures not included).
    pub http_requests: u64,
    /// Seconds since this process started.
    pub uptime_s: u64,
}

/// The database connection pool right now.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DbPoolFigures {
    /// Connections open (busy or idle).
    pub size: u32,
    /// Open connections nobody is using.
    pub idle: u32,
    /// The most connections the pool opens.
    pub max: u32,
}

/// Requests this process sent to the player platform since it started, by outcome. A 429
/// that is waited out and retried counts once per attempt.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpstreamCallCounts {
    /// Answered 1xx-3xx.
    pub ok: u64,
    /// Answered 4xx other than 429.
    pub client_error: u64,
    /// Answered 429.
    pub rate_limited: u64,
    /// Answered 5xx.
    pub server_error: u64,
    /// No answer: connection refused, reset, timed out.
    pub transport_error: u64,
}

/// The players' live channel: one MQTT connection per linked account that somebody looks at
/// (see the README, "Players, live"). Two tabs and an app on one account share one.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LiveChannelFigures {
    /// Accounts whose connection is open now, lingering ones included.
    pub connections: u64,
    /// Connections opened since this process started.
    pub connections_opened: u64,
    /// Pages, event streams and commands holding a connection open now.
    pub watchers: u64,
}

/// Backups (see the Backups page): what an alert watches.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BackupFigures {
    /// Whether backups are configured.
    pub configured: bool,
    /// When the last backup succeeded, in seconds since the Unix epoch (none yet: `null`).
    pub last_success_unix_s: Option<i64>,
    /// The last backup or verify failed.
    pub failing: bool,
    /// No backup succeeded within twice the schedule.
    pub overdue: bool,
}
