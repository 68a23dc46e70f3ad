//! `GET /metrics`: the instance's counts (shared with the admin health report) and this
//! process's figures since it started, as the spec's JSON or as Prometheus text.
//!
//! Who may read them: an admin session, or a client presenting the configured metrics token
//! as `Authorization: Bearer <token>` (a Prometheus server has no session). [`authorize`]
//! decides before anything is read and hands back a [`Reader`], which every reading function
//! requires, so no figure can be produced for a caller that was not checked.
//!
//! What is counted where: HTTP requests by the server's middleware (into [`http`]), job runs
//! by the worker as each run ends (into [`jobs`]), calls to the player platform by its client
//! crate (`cardsmith_upstream::stats`); gauges (users, collections, cards, jobs by status,
//! the connection pool) are read when the figures are asked for.

pub mod histogram;
pub mod http;
pub mod jobs;
mod prometheus;
pub mod text;

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use cardsmith_model::metrics::{
    BackupFigures, DbPoolFigures, LiveChannelFigures, MetricsOutputBody, UpstreamCallCounts,
};
use sha2::{Digest, Sha256};

use crate::auth::session;
use crate::health::{instance_counts, job_counts};
use crate::{Core, CoreError, CoreResult};

pub use text::Format;

/// This process's counters. One per [`Core`], shared by its clones.
pub struct Metrics {
    pub http: http::HttpMetrics,
    pub jobs: jobs::JobMetrics,
    started: Instant,
    started_unix_s: f64,
}

impl Default for Metrics {
    fn default() -> Self {
        Self {
            http: http::HttpMetrics::default(),
            jobs: jobs::JobMetrics::default(),
            started: Instant::now(),
            started_unix_s: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_secs_f64())
                .unwrap_or_default(),
        }
    }
}

/// The metrics token (`--metrics-token`). Only its SHA-256 is kept, so a memory dump or a
/// `Debug` print shows nothing usable, and comparing digests of equal length in constant time
/// tells an attacker neither a matching prefix nor the token's length.
#[derive(Clone)]
pub struct MetricsToken([u8; 32]);

impl MetricsToken {
    /// `None` for an empty token: a blank setting must not let an empty bearer through.
    pub fn new(token: &str) -> Option<Self> {
        let token = token.trim();
        (!token.is_empty()).then(|| Self(Sha256::digest(token.as_bytes()).into()))
    }

    pub fn matches(&self, presented: &str) -> bool {
        let presented: [u8; 32] = Sha256::digest(presented.as_bytes()).into();
        presented
            .iter()
            .zip(self.0.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}

impl std::fmt::Debug for MetricsToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MetricsToken([redacted])")
    }
}

/// What the request presented.
#[derive(Debug, Clone, Copy)]
pub enum Credentials<'a> {
    /// The value of an `Authorization` header. Only `Bearer <metrics token>` is accepted; any
    /// other value is refused even when a session cookie is present too, so a misconfigured
    /// scraper hears 401 instead of being judged by a cookie it did not mean to send.
    Authorization(&'a str),
    /// No `Authorization` header: the session token from the cookie, if any.
    Session(Option<&'a str>),
}

/// Proof that the caller may read the metrics; only [`authorize`] makes one.
#[derive(Debug)]
pub struct Reader(());

/// Checks who is asking: the metrics token (401 when wrong or when none is configured), or a
/// session (401 without one) of an admin (403 for anybody else).
pub async fn authorize(core: &Core, credentials: Credentials<'_>) -> CoreResult<Reader> {
    match credentials {
        Credentials::Authorization(value) => {
            let presented = value
                .trim()
                .split_once(' ')
                .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
                .map(|(_, token)| token.trim());
            let accepted = match (&core.settings.metrics_token, presented) {
                (Some(token), Some(presented)) => token.matches(presented),
                _ => false,
            };
            if accepted {
                Ok(Reader(()))
            } else {
                Err(CoreError::Unauthenticated(
                    "this needs an admin session or `Authorization: Bearer <metrics token>` \
                     with the token the server was started with (--metrics-token)"
                        .to_owned(),
                ))
            }
        }
        Credentials::Session(token) => {
            session::authenticate(core, token).await?.require_admin()?;
            Ok(Reader(()))
        }
    }
}

/// The spec's JSON body with this process's figures added.
pub async fn figures(core: &Core, _: &Reader) -> CoreResult<MetricsOutputBody> {
    let (counts, jobs) = tokio::try_join!(instance_counts(core), job_counts(core))?;
    Ok(MetricsOutputBody {
        cards: counts.cards,
        collections: counts.collections,
        jobs,
        users: counts.users,
        tracks: counts.tracks,
        db_pool: db_pool(core),
        upstream_calls: upstream_calls(),
        live: live_channel(core),
        backup: backup_figures(core).await?,
        http_requests: core.metrics.http.total(),
        uptime_s: core.metrics.started.elapsed().as_secs(),
    })
}

/// Every figure in a Prometheus text format.
pub async fn exposition(core: &Core, _: &Reader, format: Format) -> CoreResult<String> {
    let (counts, jobs) = tokio::try_join!(instance_counts(core), job_counts(core))?;
    Ok(prometheus::write(
        core,
        format,
        &prometheus::Gauges {
            counts,
            jobs,
            db_pool: db_pool(core),
            backup: backup_figures(core).await?,
        },
    ))
}

fn db_pool(core: &Core) -> DbPoolFigures {
    let pool = core.db.pool();
    DbPoolFigures {
        size: pool.size(),
        idle: u32::try_from(pool.num_idle()).unwrap_or(u32::MAX),
        max: pool.options().get_max_connections(),
    }
}

pub(super) async fn backup_figures(core: &Core) -> CoreResult<BackupFigures> {
    let health = crate::backup::status::health(core).await?;
    Ok(BackupFigures {
        configured: health.configured,
        last_success_unix_s: health.last_success.map(|t| t.timestamp()),
        failing: health.failing,
        overdue: health.overdue,
    })
}

pub(super) fn live_channel(core: &Core) -> LiveChannelFigures {
    LiveChannelFigures {
        connections: core.live.open_accounts() as u64,
        connections_opened: core.live.connections_opened(),
        watchers: core.live.watchers(),
    }
}

fn upstream_calls() -> UpstreamCallCounts {
    let mut out = UpstreamCallCounts::default();
    for (_, outcome, count) in cardsmith_upstream::stats::calls() {
        *match outcome {
            cardsmith_upstream::stats::Outcome::Ok => &mut out.ok,
            cardsmith_upstream::stats::Outcome::ClientError => &mut out.client_error,
            cardsmith_upstream::stats::Outcome::RateLimited => &mut out.rate_limited,
            cardsmith_upstream::stats::Outcome::ServerError => &mut out.server_error,
            cardsmith_upstream::stats::Outcome::TransportError => &mut out.transport_error,
        } += count;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_matches_itself_only_and_a_blank_one_is_none() {
        let token = MetricsToken::new("s3cret-token").unwrap();
        assert!(token.matches("s3cret-token"));
        assert!(!token.matches("s3cret-tokem"));
        assert!(!token.matches("s3cret"));
        assert!(!token.matches(""));
        assert!(MetricsToken::new("  ").is_none());
        assert!(!format!("{token:?}").contains("s3cret"));
    }
}
