//! Library rescan: reconciles the caller's tracks with the media directory and says what it
//! fixed. It only looks at tracks the caller may change (an admin's rescan looks at all), so
//! its report never names another user's tracks and it never touches them.
//!
//! - a track whose original is missing cannot be played or edited: it is marked failed with
//!   the reason (its file must be uploaded again);
//! - a track whose player M4A is missing but whose original exists gets a new transcode job;
//! - a track left "pending"/"processing" with no live job is queued again.
//!
//! A rescan deletes nothing: removing files nothing references is the periodic, grace-protected
//! sweep in [`super::sweep`], which can never race a running upload, edit or import.

use cardsmith_model::track::transcode_status;
use serde::Serialize;

use crate::audit::{self, AuditEvent};
use crate::db::Flag;
use crate::jobs::context::JobContext;
use crate::jobs::{self, kind, JobPayload, Priority};
use crate::{time, Core, CoreResult};

#[derive(Debug, Default, Serialize)]
pub struct RescanReport {
    /// Tracks (of the caller's) whose files were checked.
    pub tracks_checked: usize,
    pub tracks_missing_original: Vec<String>,
    pub transcodes_queued: Vec<String>,
}

#[derive(sqlx::FromRow)]
struct TrackFiles {
    id: String,
    slug: String,
    original_hash: Option<String>,
    audio_hash: Option<String>,
    transcode_status: String,
    processing_job_id: Option<String>,
    job_status: Option<String>,
}

/// The payload of a rescan job: nothing; whose tracks is the job's user (none: everyone's).
#[derive(Serialize, serde::Deserialize)]
pub struct RescanPayload {}

impl JobPayload for RescanPayload {
    fn kind(&self) -> &'static str {
        kind::RESCAN
    }

    fn priority(&self) -> Priority {
        Priority::Bulk
    }
}

/// Runs a rescan job: its result is the report.
pub async fn run(ctx: &JobContext) -> CoreResult<RescanReport> {
    let _: RescanPayload = ctx.payload()?;
    reconcile(&ctx.core, ctx.job.user_id.as_deref()).await
}

pub async fn reconcile(core: &Core, user_id: Option<&str>) -> CoreResult<RescanReport> {
    let mut report = RescanReport::default();
    let is_admin = match user_id {
        Some(id) => sqlx::query_scalar("SELECT role = 'admin' FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(core.db.pool())
            .await?
            .unwrap_or(Flag(false)),
        None => Flag(false),
    };
    let tracks: Vec<TrackFiles> = sqlx::query_as(
        "SELECT t.id, t.slug, t.original_hash, t.audio_hash, t.transcode_status,
                t.processing_job_id, j.status AS job_status
         FROM tracks t LEFT JOIN jobs j ON j.id = t.processing_job_id
         WHERE $1 = 1 OR t.card_id IN (
             SELECT c.id FROM cards c
             JOIN collection_members m ON m.collection_id = c.home_collection_id
             WHERE m.user_id = $2 AND m.role IN ('owner', 'editor'))",
    )
    .bind(is_admin)
    .bind(user_id.unwrap_or_default())
    .fetch_all(core.db.pool())
    .await?;
    report.tracks_checked = tracks.len();
    let media = core.media();
    for t in &tracks {
        let original_ok = match t.original_hash.as_deref() {
            Some(hash) => media.exists(hash).await?,
            None => true,
        };
        let job_alive = matches!(t.job_status.as_deref(), Some("queued" | "running"));
        if !original_ok {
            sqlx::query("UPDATE tracks SET transcode_status = $1, transcode_error = $2, updated_at = $3 WHERE id = $4")
                .bind(transcode_status::FAILED)
                .bind("the original audio file is missing; upload it again")
                .bind(time::now_str())
                .bind(&t.id)
                .execute(core.db.pool())
                .await?;
            report.tracks_missing_original.push(t.slug.clone());
            continue;
        }
        let audio_missing = match t.audio_hash.as_deref() {
            Some(hash) => !media.exists(hash).await?,
            None => false,
        };
        let stuck = t.original_hash.is_some()
            && !job_alive
            && matches!(
                t.transcode_status.as_str(),
                transcode_status::PENDING | transcode_status::PROCESSING
            );
        let stuck = stuck
            || (t.processing_job_id.is_some()
                && !job_alive
                && t.audio_hash.is_none()
                && t.original_hash.is_some());
        if audio_missing || stuck {
            let mut tx = core.db.begin().await?;
            let job =
                crate::tracks::transcode_job::queue(&mut tx, user_id, &t.id, None, None).await?;
            sqlx::query("UPDATE tracks SET audio_hash = CASE WHEN $1 THEN NULL ELSE audio_hash END, transcode_status = $2, processing_job_id = $3, updated_at = $4 WHERE id = $5")
                .bind(audio_missing)
                .bind(transcode_status::PENDING)
                .bind(&job)
                .bind(time::now_str())
                .bind(&t.id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            report.transcodes_queued.push(t.slug.clone());
        }
    }
    if !report.transcodes_queued.is_empty() {
        core.jobs.wake();
    }
    Ok(report)
}

/// Queues a rescan for `user_id` and returns the job id.
pub async fn queue(core: &Core, actor: &crate::Actor) -> CoreResult<String> {
    let mut tx = core.db.begin().await?;
    let id = jobs::enqueue(&mut *tx, Some(actor.id()), &RescanPayload {}).await?;
    audit::commit(
        tx,
        AuditEvent::own(actor, "media.rescan_queued", id.clone()),
    )
    .await?;
    core.jobs.wake();
    Ok(id)
}
