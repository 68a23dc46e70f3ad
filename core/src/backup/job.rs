//! Backups and verifies as jobs: what the schedule and Admin → Backups queue, so they run in
//! the maintenance pool one at a time, with progress, across every instance sharing the
//! database, and a failure is kept, shown and mailed.

use cardsmith_i18n::{t, Locale};
use serde::{Deserialize, Serialize};

use super::run::{back_up, BackupReport, BackupRequest};
use super::verify::VerifyReport;
use crate::auth::{chosen_locale, Actor};
use crate::jobs::context::JobContext;
use crate::jobs::queue::ClaimedJob;
use crate::jobs::{self, kind, JobPayload, Priority};
use crate::mail::letter::Letter;
use crate::{time, Core, CoreError, CoreResult};

/// A backup with the server's settings.
#[derive(Serialize, Deserialize)]
pub struct BackupJob {
    /// Queued by the schedule (else by an admin's Back up now).
    pub scheduled: bool,
}

impl JobPayload for BackupJob {
    fn kind(&self) -> &'static str {
        kind::BACKUP
    }

    fn priority(&self) -> Priority {
        Priority::Bulk
    }
}

/// A verify of every backup in the target.
#[derive(Serialize, Deserialize)]
pub struct VerifyJob {}

impl JobPayload for VerifyJob {
    fn kind(&self) -> &'static str {
        kind::BACKUP_VERIFY
    }

    fn priority(&self) -> Priority {
        Priority::Bulk
    }
}

fn settings(core: &Core) -> CoreResult<&super::BackupSettings> {
    core.settings.backup.as_ref().ok_or_else(|| {
        CoreError::Conflict(
            "backups are not configured: start the server with CARDSMITH_BACKUP_TO (a folder \
             or s3://bucket/prefix)"
                .into(),
        )
    })
}

/// Runs a backup job.
pub async fn run(ctx: &JobContext) -> CoreResult<BackupReport> {
    let _: BackupJob = ctx.payload()?;
    let settings = settings(&ctx.core)?;
    let store = settings.store()?;
    let progress = ctx.progress(0.0, 1.0);
    back_up(
        &ctx.core,
        BackupRequest {
            store: &store,
            key_passphrase: settings.passphrase.as_deref(),
            retention: Some(settings.keep),
        },
        |done, total| progress(done as f64 / total.max(1) as f64),
    )
    .await
}

/// Runs a verify job.
pub async fn verify(ctx: &JobContext) -> CoreResult<VerifyReport> {
    let _: VerifyJob = ctx.payload()?;
    let store = settings(&ctx.core)?.store()?;
    let scratch = crate::media::store::tmp_path(&ctx.core.settings.data_dir, "verify");
    tokio::fs::create_dir_all(scratch.parent().expect("tmp path has a parent"))
        .await
        .map_err(|e| CoreError::internal("creating the scratch folder", e))?;
    let progress = ctx.progress(0.0, 1.0);
    let report = super::verify::verify(&store, None, &scratch, |done, total| {
        progress(done as f64 / total.max(1) as f64)
    })
    .await?;
    if !report.ok() {
        // a failed job is what the health page, /metrics and the admins' mail follow
        let named: Vec<&str> = report
            .backups
            .iter()
            .flat_map(|b| b.missing.iter().chain(&b.damaged))
            .map(String::as_str)
            .take(5)
            .collect();
        return Err(CoreError::Conflict(format!(
            "verify found missing or damaged files: {}",
            named.join(", ")
        )));
    }
    Ok(report)
}

/// Queues a backup now (Admin → Back up now); the job's id. One already waiting or running is
/// answered instead of a second.
pub async fn back_up_now(core: &Core, actor: &Actor) -> CoreResult<String> {
    actor.require_admin()?;
    settings(core)?;
    queue_unless_pending(core, Some(actor.id()), &BackupJob { scheduled: false }).await
}

/// Queues a verify of every backup; the job's id (or the one already pending).
pub async fn verify_now(core: &Core, actor: &Actor) -> CoreResult<String> {
    actor.require_admin()?;
    settings(core)?;
    queue_unless_pending(core, Some(actor.id()), &VerifyJob {}).await
}

/// Queues the scheduled backup when it is due: when none is pending and the last one started
/// at least `every` ago. Checked and queued in one write transaction, so instances sharing a
/// database queue it once. The job's id when one was queued.
pub async fn queue_if_due(core: &Core) -> CoreResult<Option<String>> {
    let Some(settings) = core.settings.backup.as_ref() else {
        return Ok(None);
    };
    let mut tx = core.db.begin().await?;
    let (pending, last): (i64, Option<String>) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')),
                (SELECT MAX(created_at) FROM jobs WHERE kind = $1)",
    )
    .bind(kind::BACKUP)
    .fetch_one(&mut *tx)
    .await?;
    let due = pending == 0
        && match last.as_deref().and_then(time::parse) {
            None => true,
            Some(at) => {
                let every =
                    chrono::Duration::from_std(settings.every).unwrap_or(chrono::Duration::MAX);
                time::now() - at >= every
            }
        };
    if !due {
        return Ok(None);
    }
    let id = jobs::enqueue(&mut *tx, None, &BackupJob { scheduled: true }).await?;
    tx.commit().await?;
    core.jobs.wake();
    Ok(Some(id))
}

async fn queue_unless_pending<P: JobPayload>(
    core: &Core,
    user_id: Option<&str>,
    payload: &P,
) -> CoreResult<String> {
    let mut tx = core.db.begin().await?;
    let pending: Option<String> = sqlx::query_scalar(
        "SELECT id FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')
         ORDER BY created_at LIMIT 1",
    )
    .bind(payload.kind())
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(id) = pending {
        return Ok(id);
    }
    let id = jobs::enqueue(&mut *tx, user_id, payload).await?;
    tx.commit().await?;
    core.jobs.wake();
    Ok(id)
}

/// A backup or verify failed for good: every active admin hears of it, in their language.
pub async fn after_failure(core: &Core, job: &ClaimedJob, why: &str) -> CoreResult<()> {
    tracing::error!(job = %job.id, kind = %job.kind, error = why, "a backup job failed");
    let admins: Vec<(String, Option<String>, String)> = sqlx::query_as(
        "SELECT email, locale, display_name FROM users
         WHERE role = 'admin' AND status = 'active'",
    )
    .fetch_all(core.db.pool())
    .await?;
    let link = crate::mail::link(core, "/admin/backups");
    let mut tx = core.db.begin().await?;
    for (email, locale, name) in &admins {
        let locale = chosen_locale(locale.as_deref()).unwrap_or(Locale::En);
        let what = if job.kind == kind::BACKUP_VERIFY {
            t!(locale, "mail-backup-failed-verify")
        } else {
            t!(locale, "mail-backup-failed-run")
        };
        let mail = Letter {
            locale,
            to: email,
            subject: t!(locale, "mail-backup-failed-subject"),
            name: Some(name),
            paragraphs: vec![what, t!(locale, "mail-backup-failed-how")],
            link: &link,
            button: t!(locale, "mail-backup-failed-button"),
            closing: t!(locale, "mail-backup-failed-closing"),
        }
        .write();
        crate::mail::enqueue(&mut tx, mail).await?;
    }
    tx.commit().await?;
    core.jobs.wake();
    Ok(())
}
