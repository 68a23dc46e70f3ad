//! What an administrator sees of backups: the schedule, the last runs (read from their jobs),
//! and the backups kept in the target; and the one-line health the health page and `/metrics`
//! report.

use cardsmith_model::backup::{BackupOut, BackupRunOut, BackupStatusOut};
use serde_json::Value;

use crate::auth::Actor;
use crate::jobs::kind;
use crate::{time, Core, CoreResult};

/// How a verify's failure names its files (see `job::verify`).
const VERIFY_FOUND: &str = "verify found missing or damaged files: ";

/// The Backups page and `GET /admin/backups`.
pub async fn status(core: &Core, actor: &Actor) -> CoreResult<BackupStatusOut> {
    actor.require_admin()?;
    let Some(settings) = core.settings.backup.as_ref() else {
        return Ok(BackupStatusOut::default());
    };
    let running = latest(core, kind::BACKUP, Pending::Yes).await?;
    let last = latest(core, kind::BACKUP, Pending::No).await?;
    let verifying = latest(core, kind::BACKUP_VERIFY, Pending::Yes).await?;
    let last_verify = latest(core, kind::BACKUP_VERIFY, Pending::No).await?;
    let health = health(core).await?;
    let last_started: Option<String> =
        sqlx::query_scalar("SELECT MAX(created_at) FROM jobs WHERE kind = $1")
            .bind(kind::BACKUP)
            .fetch_one(core.db.pool())
            .await?;
    let every = chrono::Duration::from_std(settings.every).unwrap_or(chrono::Duration::MAX);
    let next_at = match last_started.as_deref().and_then(time::parse) {
        Some(at) => at.checked_add_signed(every).map(time::format),
        None => Some(time::now_str()),
    };
    let (backups, target_readable) = match kept(settings).await {
        Ok(backups) => (backups, true),
        Err(e) => {
            tracing::warn!(error = %e, "the backup target cannot be listed");
            (Vec::new(), false)
        }
    };
    Ok(BackupStatusOut {
        configured: true,
        target: Some(settings.store()?.describe()),
        every_seconds: Some(settings.every.as_secs()),
        keep: Some(settings.keep.to_string()),
        key_included: settings.passphrase.is_some(),
        running,
        last,
        last_success_at: health.last_success.map(time::format),
        next_at,
        last_verify,
        verifying,
        backups,
        target_readable,
    })
}

async fn kept(settings: &super::BackupSettings) -> CoreResult<Vec<BackupOut>> {
    let store = settings.store()?;
    Ok(super::list(&store)
        .await?
        .into_iter()
        .map(|b| BackupOut {
            id: b.id,
            created_at: b.created_at,
            files: b.files as u64,
            total_bytes: b.total_bytes,
            new_objects: b.new_objects,
            new_bytes: b.new_bytes,
            duration_ms: b.duration_ms,
            key_included: b.key_included,
            missing_in_source: b.missing_in_source as u64,
        })
        .collect())
}

#[derive(PartialEq)]
enum Pending {
    Yes,
    No,
}

/// The newest job of `job_kind` that is pending (queued or running), or that finished.
async fn latest(core: &Core, job_kind: &str, pending: Pending) -> CoreResult<Option<BackupRunOut>> {
    let statuses = match pending {
        Pending::Yes => "('queued', 'running')",
        Pending::No => "('succeeded', 'failed', 'cancelled')",
    };
    type Row = (
        String,
        String,
        f64,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
    );
    let row: Option<Row> = sqlx::query_as(&format!(
        "SELECT id, status, progress, started_at, completed_at, result, error FROM jobs
         WHERE kind = $1 AND status IN {statuses}
         ORDER BY COALESCE(completed_at, created_at) DESC, id DESC LIMIT 1"
    ))
    .bind(job_kind)
    .fetch_optional(core.db.pool())
    .await?;
    Ok(row.map(
        |(job_id, status, progress, started_at, completed_at, result, error)| {
            let result: Value = result
                .as_deref()
                .and_then(|r| serde_json::from_str(r).ok())
                .unwrap_or(Value::Null);
            let number = |key: &str| result[key].as_u64();
            let problems = error
                .as_deref()
                .and_then(|e| e.split(VERIFY_FOUND).nth(1))
                .map(|names| names.split(", ").map(str::to_owned).collect())
                .unwrap_or_default();
            BackupRunOut {
                job_id,
                status,
                progress,
                started_at,
                completed_at,
                backup_id: result["id"].as_str().map(str::to_owned),
                files: number("files"),
                total_bytes: number("total_bytes"),
                new_objects: number("new_objects"),
                new_bytes: number("new_bytes"),
                duration_ms: number("duration_ms"),
                objects_checked: number("objects_checked"),
                problems,
            }
        },
    ))
}

/// Backups in one line: for the health page and `/metrics`.
#[derive(Debug, Default, Clone)]
pub struct BackupHealth {
    pub configured: bool,
    pub last_success: Option<chrono::DateTime<chrono::Utc>>,
    /// The last backup, or the last verify, failed.
    pub failing: bool,
    /// No backup succeeded within twice the schedule (plus an hour): the schedule is not
    /// keeping up, whatever the reason.
    pub overdue: bool,
}

pub async fn health(core: &Core) -> CoreResult<BackupHealth> {
    let Some(settings) = core.settings.backup.as_ref() else {
        return Ok(BackupHealth::default());
    };
    let finished = |job_kind: &'static str| {
        sqlx::query_scalar::<_, String>(
            "SELECT status FROM jobs WHERE kind = $1 AND status IN ('succeeded', 'failed')
             ORDER BY completed_at DESC, id DESC LIMIT 1",
        )
        .bind(job_kind)
        .fetch_optional(core.db.pool())
    };
    let (backup, verify) = tokio::try_join!(finished(kind::BACKUP), finished(kind::BACKUP_VERIFY))?;
    let (last_success, first_queued): (Option<String>, Option<String>) = sqlx::query_as(
        "SELECT (SELECT MAX(completed_at) FROM jobs WHERE kind = $1 AND status = 'succeeded'),
                (SELECT MIN(created_at) FROM jobs WHERE kind = $1)",
    )
    .bind(kind::BACKUP)
    .fetch_one(core.db.pool())
    .await?;
    let last_success = last_success.as_deref().and_then(time::parse);
    let grace = chrono::Duration::from_std(settings.every * 2).unwrap_or(chrono::Duration::MAX)
        + chrono::Duration::hours(1);
    let since = last_success.or(first_queued.as_deref().and_then(time::parse));
    Ok(BackupHealth {
        configured: true,
        last_success,
        failing: backup.as_deref() == Some("failed") || verify.as_deref() == Some("failed"),
        overdue: since.is_some_and(|at| time::now() - at > grace),
    })
}
