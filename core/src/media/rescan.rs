//! Library rescan: reconciles the database with the media directory and says what it fixed.
//!
//! - a track whose original is missing cannot be played or edited: it is marked failed with
//!   the reason (its file must be uploaded again);
//! - a track whose player M4A is missing but whose original exists gets a new transcode job;
//! - a track left "pending"/"processing" with no live job is queued again;
//! - files under `media/` that no track (audio, icons) or image references are deleted, as
//!   are leftovers in `tmp/` older than an hour.

use std::collections::HashSet;

use cardsmith_model::track::transcode_status;
use serde::Serialize;

use crate::jobs::worker::JobContext;
use crate::jobs::{self, kind};
use crate::media::store;
use crate::{time, Core, CoreResult};

#[derive(Debug, Default, Serialize)]
pub struct RescanReport {
    pub files_checked: usize,
    pub tracks_missing_original: Vec<String>,
    pub transcodes_queued: Vec<String>,
    pub orphan_files_removed: usize,
    pub temp_files_removed: usize,
}

#[derive(sqlx::FromRow)]
struct TrackFiles {
    id: String,
    slug: String,
    original_hash: Option<String>,
    audio_hash: Option<String>,
    icon_hash: Option<String>,
    icon_source_hash: Option<String>,
    transcode_status: String,
    processing_job_id: Option<String>,
    job_status: Option<String>,
}

pub async fn run(ctx: &JobContext) -> CoreResult<String> {
    let report = reconcile(&ctx.core, ctx.job.user_id.as_deref()).await?;
    Ok(serde_json::to_string(&report).unwrap_or_default())
}

pub async fn reconcile(core: &Core, user_id: Option<&str>) -> CoreResult<RescanReport> {
    let data = &core.settings.data_dir;
    let mut report = RescanReport::default();
    let tracks: Vec<TrackFiles> = sqlx::query_as(
        "SELECT t.id, t.slug, t.original_hash, t.audio_hash, t.icon_hash, t.icon_source_hash,
                t.transcode_status, t.processing_job_id, j.status AS job_status
         FROM tracks t LEFT JOIN jobs j ON j.id = t.processing_job_id",
    )
    .fetch_all(core.db.pool())
    .await?;
    let exists = |hash: &str| {
        store::path_of(data, hash)
            .map(|p| p.is_file())
            .unwrap_or(false)
    };
    let mut referenced = HashSet::new();
    for t in &tracks {
        referenced.extend(t.original_hash.iter().cloned());
        referenced.extend(t.audio_hash.iter().cloned());
        // icons are in `images` too; counted here as well so a lost row never costs the file
        referenced.extend(t.icon_hash.iter().cloned());
        referenced.extend(t.icon_source_hash.iter().cloned());
        let original_ok = t.original_hash.as_deref().is_none_or(exists);
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
        let audio_missing = t.audio_hash.as_deref().is_some_and(|h| !exists(h));
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
            let job = jobs::enqueue(
                &mut *tx,
                user_id,
                kind::TRANSCODE,
                &serde_json::json!({ "track_id": t.id }),
            )
            .await?;
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
    let images: Vec<String> = sqlx::query_scalar("SELECT hash FROM images")
        .fetch_all(core.db.pool())
        .await?;
    referenced.extend(images);
    let (checked, removed) = remove_unreferenced(&data.join("media"), &referenced);
    report.files_checked = checked;
    report.orphan_files_removed = removed;
    report.temp_files_removed = remove_old_temp(&data.join("tmp"));
    if !report.transcodes_queued.is_empty() {
        core.jobs.wake();
    }
    Ok(report)
}

fn remove_unreferenced(media: &std::path::Path, referenced: &HashSet<String>) -> (usize, usize) {
    let (mut checked, mut removed) = (0, 0);
    let Ok(prefixes) = std::fs::read_dir(media) else {
        return (0, 0);
    };
    for prefix in prefixes.flatten() {
        let Ok(files) = std::fs::read_dir(prefix.path()) else {
            continue;
        };
        for file in files.flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            checked += 1;
            if !referenced.contains(&name) && std::fs::remove_file(file.path()).is_ok() {
                removed += 1;
            }
        }
    }
    (checked, removed)
}

fn remove_old_temp(tmp: &std::path::Path) -> usize {
    let hour = std::time::Duration::from_secs(3600);
    let Ok(files) = std::fs::read_dir(tmp) else {
        return 0;
    };
    files
        .flatten()
        .filter(|f| {
            f.metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t.elapsed().unwrap_or_default() > hour)
        })
        .filter(|f| std::fs::remove_file(f.path()).is_ok())
        .count()
}

/// Queues a rescan for `user_id` and returns the job id.
pub async fn queue(core: &Core, actor: &crate::Actor) -> CoreResult<String> {
    let id = jobs::enqueue(
        core.db.pool(),
        Some(actor.id()),
        kind::RESCAN,
        &serde_json::json!({}),
    )
    .await?;
    core.jobs.wake();
    Ok(id)
}
