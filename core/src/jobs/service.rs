//! Use cases on jobs: people see their own; administrators see all, cancel and retry.
//!
//! A job's `error` is shown as stored, to its owner and to administrators: every writer puts
//! words meant for people there. A failed run stores `CoreError::user_message`, which replaces
//! internal causes (ffmpeg's stderr, paths, SQL) with a generic sentence; a panic or a time
//! limit stores `supervise::Ended::reason`; cancelling and deleting store fixed sentences.

use cardsmith_model::job::{AdminJobDetail, AdminJobOut, JobOut};

use super::requeue::RetriedJob;
use super::worker::handlers::{retry_of, Retry};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::{time, Core, CoreError, CoreResult};

#[derive(sqlx::FromRow)]
struct JobRow {
    id: String,
    user_id: Option<String>,
    kind: String,
    status: String,
    payload: String,
    result: Option<String>,
    progress: f64,
    attempts: i64,
    error: Option<String>,
    created_at: String,
    completed_at: Option<String>,
}

impl JobRow {
    fn into_out(self) -> JobOut {
        JobOut {
            id: self.id,
            kind: self.kind,
            status: self.status,
            payload: self.payload,
            attempts: self.attempts,
            created_at: self.created_at,
            completed_at: self.completed_at,
            error: self.error,
            progress: self.progress,
            result: self.result,
        }
    }

    fn into_admin(self) -> AdminJobOut {
        AdminJobOut {
            id: self.id,
            user_id: self.user_id.unwrap_or_default(),
            kind: self.kind,
            status: self.status,
            attempts: self.attempts,
            created_at: self.created_at,
            completed_at: self.completed_at,
            error: self.error,
        }
    }
}

/// The columns of [`JobRow`], of `jobs j`.
const COLUMNS: &str = "j.id, j.user_id, j.kind, j.status, j.payload, j.result, j.progress,
                       j.attempts, j.error, j.created_at, j.completed_at";

/// The caller's jobs, newest first (the last 200).
pub async fn list_mine(core: &Core, actor: &Actor) -> CoreResult<Vec<JobOut>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM jobs j WHERE j.user_id = $1 ORDER BY j.created_at DESC, j.id DESC LIMIT 200"
    );
    let rows: Vec<JobRow> = sqlx::query_as(&sql)
        .bind(actor.id())
        .fetch_all(core.db.pool())
        .await?;
    Ok(rows.into_iter().map(JobRow::into_out).collect())
}

/// One of the caller's jobs (another user's is a 404: its existence is private).
pub async fn get(core: &Core, actor: &Actor, id: &str) -> CoreResult<JobOut> {
    let sql = format!("SELECT {COLUMNS} FROM jobs j WHERE j.id = $1 AND j.user_id = $2");
    let row: Option<JobRow> = sqlx::query_as(&sql)
        .bind(id)
        .bind(actor.id())
        .fetch_optional(core.db.pool())
        .await?;
    row.map(JobRow::into_out)
        .ok_or_else(|| CoreError::not_found("no job with that id"))
}

pub use cardsmith_model::job::JobFilter;

pub const ADMIN_PAGE_MAX: i64 = 500;

/// A job with the account it works for, as the admin's list reads it.
#[derive(sqlx::FromRow)]
struct AdminRow {
    #[sqlx(flatten)]
    job: JobRow,
    user_email: Option<String>,
    user_name: Option<String>,
}

/// Everyone's jobs, newest first, filtered and paged (`GET /admin/jobs`).
pub async fn admin_list(
    core: &Core,
    actor: &Actor,
    filter: JobFilter,
) -> CoreResult<Vec<AdminJobOut>> {
    let rows = admin_rows(core, actor, filter).await?;
    Ok(rows.into_iter().map(|r| r.job.into_admin()).collect())
}

/// The same jobs as [`admin_list`] as the admin's Jobs page shows them: whose they are, their
/// progress, their ages and whether Retry is offered.
pub async fn admin_overview(
    core: &Core,
    actor: &Actor,
    filter: JobFilter,
) -> CoreResult<Vec<AdminJobDetail>> {
    let rows = admin_rows(core, actor, filter).await?;
    let now = time::now();
    let ago = |t: &str| time::parse(t).map_or(0, |t| (now - t).num_seconds().max(0));
    Ok(rows
        .into_iter()
        .map(|r| {
            let retry_refused = match retry_of(&r.job.kind) {
                Some(Retry::Again(_)) => None,
                Some(Retry::Refused(why)) => Some((*why).to_owned()),
                None => Some("No worker of this server runs jobs of this kind.".to_owned()),
            };
            AdminJobDetail {
                progress: r.job.progress,
                created_secs_ago: ago(&r.job.created_at),
                completed_secs_ago: r.job.completed_at.as_deref().map(ago),
                job: r.job.into_admin(),
                user_email: r.user_email,
                user_name: r.user_name,
                retry_refused,
            }
        })
        .collect())
}

async fn admin_rows(core: &Core, actor: &Actor, filter: JobFilter) -> CoreResult<Vec<AdminRow>> {
    actor.require_admin()?;
    let limit = filter.limit.unwrap_or(100);
    let offset = filter.offset.unwrap_or(0);
    if !(1..=ADMIN_PAGE_MAX).contains(&limit) {
        return Err(CoreError::invalid(
            "limit",
            format!("must be between 1 and {ADMIN_PAGE_MAX}"),
        ));
    }
    if offset < 0 {
        return Err(CoreError::invalid("offset", "must be 0 or more"));
    }
    let sql = format!(
        "SELECT {COLUMNS}, u.email AS user_email, u.display_name AS user_name
         FROM jobs j LEFT JOIN users u ON u.id = j.user_id
         WHERE ($1 IS NULL OR j.status = $1) AND ($2 IS NULL OR j.kind = $2)
         ORDER BY j.created_at DESC, j.id DESC LIMIT $3 OFFSET $4"
    );
    Ok(sqlx::query_as(&sql)
        .bind(filter.status.filter(|s| !s.is_empty()))
        .bind(filter.kind.filter(|s| !s.is_empty()))
        .bind(limit)
        .bind(offset)
        .fetch_all(core.db.pool())
        .await?)
}

/// Cancels a queued or running job. A finished job is a 409: there is nothing to stop.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), job_id = %id))]
pub async fn admin_cancel(core: &Core, actor: &Actor, id: &str) -> CoreResult<()> {
    actor.require_admin()?;
    let now = time::now_str();
    let cancelled: Option<super::queue::ClaimedJob> = sqlx::query_as(
        "UPDATE jobs SET status = 'cancelled', error = 'cancelled by an administrator',
                locked_until = NULL, completed_at = $1, updated_at = $1
         WHERE id = $2 AND status IN ('queued', 'running')
         RETURNING id, user_id, kind, payload, attempts, max_attempts",
    )
    .bind(&now)
    .bind(id)
    .fetch_optional(core.db.pool())
    .await?;
    let Some(job) = cancelled else {
        let exists: Option<String> = sqlx::query_scalar("SELECT status FROM jobs WHERE id = $1")
            .bind(id)
            .fetch_optional(core.db.pool())
            .await?;
        return Err(match exists {
            None => CoreError::not_found("no job with that id"),
            Some(status) => CoreError::Conflict(format!("the job has already {status}")),
        });
    };
    // mark what the job worked on before stopping it, so the reason the user sees is this one
    super::worker::handlers::after_failure(core, &job, "cancelled by an administrator").await?;
    core.jobs.interrupt(id);
    crate::audit::record(
        core.db.pool(),
        crate::audit::AuditEvent::own(actor, "job.cancelled", id.to_owned()),
    )
    .await?;
    Ok(())
}

/// Runs a failed or cancelled job again as a new job of the same kind with the same payload,
/// for the same user, when its kind allows (`worker::handlers::RETRIES`); the old row stays
/// as it was. Answers the new job's id. Refusals are 409s that say why: a job still queued or
/// running, a kind never retried, or (from the kind's domain) a track or card no longer as the
/// job needs it or already being worked on. A kind queued again as it was is harmless to run
/// twice (`RETRIES`), so a second Retry of one job is not refused.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), job_id = %id))]
pub async fn admin_retry(core: &Core, actor: &Actor, id: &str) -> CoreResult<String> {
    actor.require_admin()?;
    let job: RetriedJob =
        sqlx::query_as("SELECT id, user_id, kind, status, payload, run_at FROM jobs WHERE id = $1")
            .bind(id)
            .fetch_optional(core.db.pool())
            .await?
            .ok_or_else(|| CoreError::not_found("no job with that id"))?;
    if !matches!(job.status.as_str(), "failed" | "cancelled") {
        return Err(CoreError::Conflict(format!(
            "only a failed or cancelled job can be retried; this one is {}",
            job.status
        )));
    }
    let requeue = match retry_of(&job.kind) {
        Some(Retry::Again(requeue)) => requeue,
        Some(Retry::Refused(why)) => return Err(CoreError::Conflict((*why).to_owned())),
        None => {
            return Err(CoreError::Conflict(format!(
                "no worker of this server runs jobs of kind {}",
                job.kind
            )))
        }
    };
    let mut tx = core.db.begin().await?;
    let new_id = requeue(core, &mut tx, &job).await?;
    let detail = format!("{} job {id} queued again as {new_id}", job.kind);
    let event = match job.user_id.as_deref() {
        Some(user) => AuditEvent::about(actor, user, "job.retried", detail),
        None => AuditEvent::own(actor, "job.retried", detail),
    };
    audit::commit(tx, event).await?;
    core.jobs.wake();
    Ok(new_id)
}
