//! Use cases on jobs: people see their own; administrators see all and cancel.

use cardsmith_model::job::{AdminJobOut, JobOut};

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

const COLUMNS: &str = "id, user_id, kind, status, payload, result, progress, attempts, error,
                       created_at, completed_at";

/// The caller's jobs, newest first (the last 200).
pub async fn list_mine(core: &Core, actor: &Actor) -> CoreResult<Vec<JobOut>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM jobs WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200"
    );
    let rows: Vec<JobRow> = sqlx::query_as(&sql)
        .bind(actor.id())
        .fetch_all(core.db.pool())
        .await?;
    Ok(rows.into_iter().map(JobRow::into_out).collect())
}

/// One of the caller's jobs (another user's is a 404: its existence is private).
pub async fn get(core: &Core, actor: &Actor, id: &str) -> CoreResult<JobOut> {
    let sql = format!("SELECT {COLUMNS} FROM jobs WHERE id = $1 AND user_id = $2");
    let row: Option<JobRow> = sqlx::query_as(&sql)
        .bind(id)
        .bind(actor.id())
        .fetch_optional(core.db.pool())
        .await?;
    row.map(JobRow::into_out)
        .ok_or_else(|| CoreError::not_found("no job with that id"))
}

/// Filters of the admin job list.
#[derive(Debug, Default, Clone)]
pub struct JobFilter {
    pub status: Option<String>,
    pub kind: Option<String>,
    pub limit: Option<i64>,
    pub offset: Option<i64>,
}

pub const ADMIN_PAGE_MAX: i64 = 500;

pub async fn admin_list(
    core: &Core,
    actor: &Actor,
    filter: JobFilter,
) -> CoreResult<Vec<AdminJobOut>> {
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
        "SELECT {COLUMNS} FROM jobs
         WHERE ($1 IS NULL OR status = $1) AND ($2 IS NULL OR kind = $2)
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
    );
    let rows: Vec<JobRow> = sqlx::query_as(&sql)
        .bind(filter.status.filter(|s| !s.is_empty()))
        .bind(filter.kind.filter(|s| !s.is_empty()))
        .bind(limit)
        .bind(offset)
        .fetch_all(core.db.pool())
        .await?;
    Ok(rows.into_iter().map(JobRow::into_admin).collect())
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
