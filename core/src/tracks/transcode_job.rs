//! The transcode job, and the encoding steps every job that makes player audio shares (edits,
//! recordings): ffmpeg into `tmp/`, measured, adopted into the store.

use std::path::PathBuf;

use cardsmith_model::track::transcode_status;
use serde::{Deserialize, Serialize};

use super::repo;
use crate::db::DbTx;
use crate::jobs::context::JobContext;
use crate::jobs::queue::ClaimedJob;
use crate::jobs::requeue::RetriedJob;
use crate::jobs::{self, kind, JobPayload};
use crate::media::audio::decode::{self, Summary};
use crate::media::audio::ffmpeg;
use crate::media::store;
use crate::{time, Core, CoreError, CoreResult};

/// The payload of a transcode job: the track whose original becomes player audio.
#[derive(Serialize, Deserialize)]
pub struct TranscodePayload {
    /// The card, when an upload queued it (for the admin's job list; the runner does not
    /// need it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_slug: Option<String>,
    pub track_id: String,
    /// The original's channels, as the upload's probe found them (absent in jobs queued
    /// before this field, and by rescans: the encode then probes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub channels: Option<u32>,
}

impl JobPayload for TranscodePayload {
    fn kind(&self) -> &'static str {
        kind::TRANSCODE
    }
}

/// Queues the transcode of `track_id` (whose original has `channels`, when known) in the
/// caller's transaction; returns the job id.
pub async fn queue(
    tx: &mut DbTx<'_>,
    user_id: Option<&str>,
    track_id: &str,
    card_slug: Option<&str>,
    channels: Option<u32>,
) -> CoreResult<String> {
    let payload = TranscodePayload {
        card_slug: card_slug.map(str::to_owned),
        track_id: track_id.to_owned(),
        channels,
    };
    jobs::enqueue(&mut **tx, user_id, &payload).await
}

/// An administrator's retry of a failed or cancelled transcode: the track must still be there,
/// its audio not made since (a rescan may have) and no other job at work on it; it then reads
/// pending and is claimed by the new job, as after an upload. Encoding the same original again
/// replaces nothing anybody made.
pub async fn requeue(tx: &mut DbTx<'static>, job: &RetriedJob) -> CoreResult<String> {
    let payload: TranscodePayload = job.payload()?;
    let track = repo::find_by_id(&mut **tx, &payload.track_id)
        .await?
        .ok_or_else(|| {
            CoreError::Conflict("the track was deleted since; nothing to retry".into())
        })?;
    if track.transcode_status == transcode_status::READY {
        return Err(CoreError::Conflict(
            "the track's audio is ready now; nothing to retry".into(),
        ));
    }
    if track.original_hash.is_none() {
        return Err(CoreError::Conflict(
            "the track has no original audio to transcode".into(),
        ));
    }
    let id = jobs::enqueue(&mut **tx, job.user_id.as_deref(), &payload).await?;
    let claimed = sqlx::query(
        "UPDATE tracks SET processing_job_id = $1, transcode_status = $2, transcode_error = NULL,
                updated_at = $3
         WHERE id = $4 AND processing_job_id IS NULL",
    )
    .bind(&id)
    .bind(transcode_status::PENDING)
    .bind(time::now_str())
    .bind(&track.id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if claimed == 0 {
        return Err(CoreError::Conflict(
            "another job is working on the track; try again when it is done".into(),
        ));
    }
    Ok(id)
}

/// What a transcode job did.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TranscodeResult {
    Encoded {
        audio_hash: String,
        duration_ms: i64,
        track_id: String,
    },
    /// The track was deleted before its turn came.
    Skipped { skipped: &'static str },
}

/// Runs a transcode job.
pub async fn run(ctx: &JobContext) -> CoreResult<TranscodeResult> {
    let p: TranscodePayload = ctx.payload()?;
    let known = ffmpeg::Known {
        channels: p.channels.map(|c| c.max(1) as usize),
        ..Default::default()
    };
    transcode(ctx, &p.track_id, known).await
}

/// A transcode gave up or was cancelled: its track says so (failed, with the reason).
pub async fn after_failure(core: &Core, job: &ClaimedJob, message: &str) -> CoreResult<()> {
    release(core, job, transcode_status::FAILED, message).await
}

/// Frees the tracks `job` was working on, leaving them `status` with `message` as the reason,
/// instead of "processing".
pub(super) async fn release(
    core: &Core,
    job: &ClaimedJob,
    status: &str,
    message: &str,
) -> CoreResult<()> {
    sqlx::query(
        "UPDATE tracks SET processing_job_id = NULL, transcode_status = $1,
                transcode_error = $2, updated_at = $3
         WHERE processing_job_id = $4",
    )
    .bind(status)
    .bind(message)
    .bind(time::now_str())
    .bind(&job.id)
    .execute(core.db.pool())
    .await?;
    Ok(())
}

/// Encodes a track's original into the player's M4A and measures it exactly.
async fn transcode(
    ctx: &JobContext,
    track_id: &str,
    known: ffmpeg::Known,
) -> CoreResult<TranscodeResult> {
    let core = &ctx.core;
    let Some(track) = repo::find_by_id(core.db.pool(), track_id).await? else {
        return Ok(TranscodeResult::Skipped {
            skipped: "the track was deleted",
        });
    };
    sqlx::query("UPDATE tracks SET transcode_status = $1, updated_at = $2 WHERE id = $3")
        .bind(transcode_status::PROCESSING)
        .bind(time::now_str())
        .bind(track_id)
        .execute(core.db.pool())
        .await?;
    let original = track
        .original_hash
        .as_deref()
        .ok_or_else(|| CoreError::Internal("the track has no original to transcode".into()))?;
    let input = core.media().local(original).await?;
    let encoded =
        encode_player_audio(ctx, input.path(), track.duration_ms, known, 0.0, 0.95).await?;
    drop(input);
    let mut tx = core.db.begin().await?;
    let changed = sqlx::query(
        "UPDATE tracks SET audio_hash = $1, transcoded_format = 'm4a', transcoded_size_bytes = $2,
                duration_ms = $3, transcode_status = $4, transcode_error = NULL,
                processing_job_id = NULL, updated_at = $5
         WHERE id = $6",
    )
    .bind(&encoded.hash)
    .bind(encoded.size)
    .bind(encoded.duration_ms)
    .bind(transcode_status::READY)
    .bind(time::now_str())
    .bind(track_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    repo::settle_card(&mut tx, &track.card_id).await?;
    tx.commit().await?;
    if changed == 0 {
        super::service::remove_unused_files(core, &[Some(encoded.hash.clone())]).await?;
    }
    Ok(TranscodeResult::Encoded {
        audio_hash: encoded.hash,
        duration_ms: encoded.duration_ms,
        track_id: track_id.to_owned(),
    })
}

/// A file produced and stored: its hash, size and exact length.
#[derive(Debug, Clone)]
pub struct Encoded {
    pub hash: String,
    pub size: i64,
    pub duration_ms: i64,
}

/// ffmpeg → M4A in `tmp/`, measured on the way (peaks cached), moved into the store. `known`:
/// what is known of the input already (its channels, its level).
pub async fn encode_player_audio(
    ctx: &JobContext,
    input: &std::path::Path,
    duration_ms: Option<i64>,
    known: ffmpeg::Known,
    from: f64,
    to: f64,
) -> CoreResult<Encoded> {
    let core = &ctx.core;
    let out = store::tmp_path(&core.settings.data_dir, "m4a");
    ensure_parent(&out).await?;
    let progress = ctx.progress(from, to);
    let encoded = ffmpeg::encode_m4a(input, &out, duration_ms, known, &progress).await;
    adopt_summarized(core, encoded, out).await
}

/// Stores what ffmpeg wrote to `out` (deleting it on failure) and measures it.
pub async fn adopt_measured(
    core: &Core,
    result: CoreResult<()>,
    out: PathBuf,
) -> CoreResult<Encoded> {
    let summary = match result {
        Ok(()) => decode::summarize(&out).await,
        Err(e) => Err(e),
    };
    adopt_summarized(core, summary, out).await
}

/// Stores what ffmpeg wrote to `out`, measured on the way as `summary` (deleting it on
/// failure).
pub async fn adopt_summarized(
    core: &Core,
    summary: CoreResult<Summary>,
    out: PathBuf,
) -> CoreResult<Encoded> {
    match summary {
        Ok(summary) => adopt(core, out, summary).await,
        Err(e) => {
            let _ = tokio::fs::remove_file(&out).await;
            Err(e)
        }
    }
}

/// Moves `out` into the store and keeps its measured `summary` beside it.
async fn adopt(core: &Core, out: PathBuf, summary: Summary) -> CoreResult<Encoded> {
    let (hash, size) = core.media().adopt_output(&out).await?;
    super::service::remember_summary(core, &hash, &summary).await;
    Ok(Encoded {
        hash,
        size: size as i64,
        duration_ms: summary.duration_ms(),
    })
}

pub async fn ensure_parent(path: &std::path::Path) -> CoreResult<()> {
    if let Some(dir) = path.parent() {
        tokio::fs::create_dir_all(dir)
            .await
            .map_err(|e| CoreError::internal("creating a work directory", e))?;
    }
    Ok(())
}
