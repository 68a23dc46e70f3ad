//! The SQL that moves jobs through their states. Each is one statement outside any write
//! transaction. SQLite has one writer, so each is atomic; on PostgreSQL the claim's subquery
//! locks the row it picks and skips rows other instances hold ([`Backend::skip_locked`]), so
//! a job is claimed once across the fleet.

use chrono::Duration;

use crate::db::{Backend, DbPool};
use crate::{time, CoreResult};

/// A claimed job, as a worker needs it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClaimedJob {
    pub id: String,
    pub user_id: Option<String>,
    pub kind: String,
    pub payload: String,
    pub attempts: i64,
    pub max_attempts: i64,
}

/// How a pool picks among runnable jobs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The oldest first.
    Oldest,
    /// Users in turn: the job of the user who started the fewest jobs of these kinds in the
    /// last [`FAIR_WINDOW_MINUTES`] first (then the oldest), so one user's burst waits behind
    /// everybody else's first job instead of filling the pool.
    Fair,
    /// Waited-for work before bulk work ([`super::Priority`]), then users in turn: the job
    /// whose user's last job of the same kind started longest ago (or never) first, then the
    /// oldest. A parent's twenty uploads take one turn each, so another parent's trim or
    /// single upload waits for the jobs already running and at most one of theirs; and that
    /// parent's own trim is not behind their uploads, as the turn is per kind.
    ///
    /// Within the waited-for work, a job of the `short` kinds goes first when its user has
    /// none of those running: an edit is seconds of work on audio already made, an upload's
    /// transcode is the whole file, and the short job first is the shorter wait for both
    /// together. One at a time per user, so a parent queueing forty trims gets one in the
    /// fast lane and the rest take their turns.
    Turns { short: &'static [&'static str] },
}

/// How far back [`Order::Fair`] counts a user's started jobs.
pub const FAIR_WINDOW_MINUTES: i64 = 60;

/// Claims a runnable job of one of `kinds` in the pool's `order`: queued and due, or running
/// with a lease that ran out (its process died). Counts the attempt and sets the lease.
pub async fn claim(
    pool: &DbPool,
    kinds: &[&str],
    lease: Duration,
    order: Order,
) -> CoreResult<Option<ClaimedJob>> {
    let now = time::now_str();
    // $1 lease, $2 now, [$3 the fair window's start,] then the kinds
    let first_kind = if order == Order::Fair { 4 } else { 3 };
    let placeholders: Vec<String> = (0..kinds.len())
        .map(|i| format!("${}", i + first_kind))
        .collect();
    let kinds_in = placeholders.join(", ");
    // the short kinds' placeholders follow the kinds'
    let short_kinds = match order {
        Order::Turns { short } => short,
        _ => &[],
    };
    let short_in = (0..short_kinds.len())
        .map(|i| format!("${}", i + first_kind + kinds.len()))
        .collect::<Vec<_>>()
        .join(", ");
    let fast_lane = match short_kinds.is_empty() {
        true => String::new(),
        false => format!(
            "CASE WHEN q.kind IN ({short_in}) AND NOT EXISTS (SELECT 1 FROM jobs r
                WHERE r.user_id = q.user_id AND r.kind IN ({short_in}) AND r.status = 'running')
                THEN 0 ELSE 1 END, "
        ),
    };
    let order_by = match order {
        Order::Oldest => "q.created_at, q.id".to_owned(),
        Order::Fair => format!(
            "(SELECT COUNT(*) FROM jobs d WHERE d.user_id = q.user_id AND d.kind IN ({kinds_in})
                AND d.status <> 'queued' AND d.updated_at > $3), q.created_at, q.id"
        ),
        Order::Turns { .. } => format!(
            "q.priority, {fast_lane}COALESCE((SELECT MAX(d.started_at) FROM jobs d
                WHERE d.user_id = q.user_id AND d.kind = q.kind), ''), q.created_at, q.id"
        ),
    };
    let sql = format!(
        "UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = $1,
                updated_at = $2, started_at = $2, progress = 0
         WHERE id = (
             SELECT q.id FROM jobs q
             WHERE q.kind IN ({kinds_in}) AND ((q.status = 'queued' AND q.run_at <= $2)
                OR (q.status = 'running' AND q.locked_until < $2))
             ORDER BY {order_by} LIMIT 1{})
         RETURNING id, user_id, kind, payload, attempts, max_attempts",
        Backend::of_pool(pool).skip_locked()
    );
    let mut query = sqlx::query_as::<_, ClaimedJob>(&sql)
        .bind(time::from_now(lease))
        .bind(&now);
    if order == Order::Fair {
        query = query.bind(time::from_now(Duration::minutes(-FAIR_WINDOW_MINUTES)));
    }
    for kind in kinds.iter().chain(short_kinds) {
        query = query.bind(*kind);
    }
    Ok(query.fetch_optional(pool).await?)
}

/// Extends the lease of a job still being worked on.
pub async fn heartbeat(pool: &DbPool, id: &str, lease: Duration) -> CoreResult<()> {
    sqlx::query("UPDATE jobs SET locked_until = $1 WHERE id = $2 AND status = 'running'")
        .bind(time::from_now(lease))
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

pub async fn set_progress(pool: &DbPool, id: &str, progress: f64) -> CoreResult<()> {
    sqlx::query("UPDATE jobs SET progress = $1 WHERE id = $2 AND status = 'running'")
        .bind(progress.clamp(0.0, 1.0))
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

pub async fn succeed(pool: &DbPool, id: &str, result: &str) -> CoreResult<()> {
    let now = time::now_str();
    sqlx::query(
        "UPDATE jobs SET status = 'succeeded', result = $1, progress = 1, error = NULL,
                locked_until = NULL, completed_at = $2, updated_at = $2
         WHERE id = $3 AND status = 'running'",
    )
    .bind(result)
    .bind(&now)
    .bind(id)
    .execute(pool)
    .await?;
    Ok(())
}

/// Whether a failed attempt of `job` is its last: no attempts left, or a failure that retrying
/// cannot pass (`retry_in` is `None`).
pub fn is_final_attempt(job: &ClaimedJob, retry_in: Option<Duration>) -> bool {
    job.attempts >= job.max_attempts || retry_in.is_none()
}

/// Records a failed attempt: queued again after `retry_in` while attempts remain and the
/// failure may pass (`retry`), otherwise failed for good. Returns whether it gave up.
pub async fn fail(
    pool: &DbPool,
    job: &ClaimedJob,
    error: &str,
    retry_in: Option<Duration>,
) -> CoreResult<bool> {
    let now = time::now_str();
    let final_attempt = is_final_attempt(job, retry_in);
    let retry_in = retry_in.unwrap_or_default();
    if final_attempt {
        sqlx::query(
            "UPDATE jobs SET status = 'failed', error = $1, locked_until = NULL,
                    completed_at = $2, updated_at = $2
             WHERE id = $3 AND status = 'running'",
        )
        .bind(error)
        .bind(&now)
        .bind(&job.id)
        .execute(pool)
        .await?;
    } else {
        sqlx::query(
            "UPDATE jobs SET status = 'queued', error = $1, locked_until = NULL, run_at = $2,
                    updated_at = $3
             WHERE id = $4 AND status = 'running'",
        )
        .bind(error)
        .bind(time::from_now(retry_in))
        .bind(&now)
        .bind(&job.id)
        .execute(pool)
        .await?;
    }
    Ok(final_attempt)
}

/// Gives up on jobs whose lease ran out on their last attempt: a process died under them every
/// time, so running them again would likely kill the next one too.
pub async fn fail_exhausted(pool: &DbPool) -> CoreResult<Vec<ClaimedJob>> {
    let now = time::now_str();
    Ok(sqlx::query_as(
        "UPDATE jobs SET status = 'failed', locked_until = NULL, completed_at = $1, updated_at = $1,
                error = 'the server stopped while this job was running, ' || attempts || ' times; not retrying'
         WHERE status = 'running' AND locked_until < $1 AND attempts >= max_attempts
         RETURNING id, user_id, kind, payload, attempts, max_attempts",
    )
    .bind(&now)
    .fetch_all(pool)
    .await?)
}

/// Whether an admin cancelled the job while it ran.
pub async fn is_cancelled(pool: &DbPool, id: &str) -> CoreResult<bool> {
    let status: Option<String> = sqlx::query_scalar("SELECT status FROM jobs WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    Ok(status.as_deref() == Some("cancelled"))
}

/// The error recorded on a job (why it failed or was cancelled).
pub async fn error_of(pool: &DbPool, id: &str) -> CoreResult<Option<String>> {
    Ok(
        sqlx::query_scalar::<_, Option<String>>("SELECT error FROM jobs WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?
            .flatten(),
    )
}
