//! Recording in the browser: a session receives the take in numbered chunks.
//!
//! Each chunk is appended to `DATA_DIR/recordings/<session>/take` and synced before the request
//! answers, and the session row records the next sequence number, so a re-sent chunk is
//! recognised (and ignored) and a missing one is refused with the number expected. While the
//! take arrives, the same bytes are piped into a live ffmpeg that writes the lossless FLAC and
//! the player's M4A as it goes, so finishing a long take only waits for its last seconds. The
//! file on disk stays the truth: if the live encoder is gone (a restart) or failed, finishing
//! converts the file instead.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use cardsmith_model::track::{
    source_type, RecordChunkOutputBody, RecordFinishInput, RecordFinishOutputBody,
    RecordStartInput, RecordStartOutputBody,
};
use cardsmith_model::validate::{name_problem, CollectionRole};
use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin};

use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::require_card;
use crate::media::audio::ffmpeg;
use crate::media::store;
use crate::tracks::jobs::{adopt_measured, Encoded};
use crate::tracks::upload::{add_stored, StoredAudio};
use crate::{new_id, time, Core, CoreError, CoreResult};

/// Largest single chunk accepted.
pub const MAX_CHUNK_BYTES: usize = 16 * 1024 * 1024;

/// Live encoders of the sessions recording in this process, one lock per session so chunks
/// of one take are written in order.
#[derive(Clone, Default)]
pub struct Recorders {
    sessions: Arc<Mutex<HashMap<String, SessionSlot>>>,
}

/// One session's lock, holding its live encoder while there is one.
type SessionSlot = Arc<tokio::sync::Mutex<Option<LiveEncoder>>>;

impl Recorders {
    fn slot(&self, id: &str) -> SessionSlot {
        self.sessions
            .lock()
            .expect("recorders")
            .entry(id.to_owned())
            .or_default()
            .clone()
    }

    fn forget(&self, id: &str) {
        self.sessions.lock().expect("recorders").remove(id);
    }
}

struct LiveEncoder {
    child: Child,
    stdin: Option<ChildStdin>,
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    card_id: String,
    title: String,
    next_seq: i64,
    bytes: i64,
}

fn dir_of(core: &Core, id: &str) -> PathBuf {
    core.settings.data_dir.join("recordings").join(id)
}

pub async fn start(
    core: &Core,
    actor: &Actor,
    card: &str,
    input: RecordStartInput,
) -> CoreResult<RecordStartOutputBody> {
    let title = input.title.unwrap_or_default();
    if !title.trim().is_empty() {
        if let Some(p) = name_problem(&title) {
            return Err(CoreError::invalid("title", p));
        }
    }
    let card = require_card(core.db.pool(), actor, card, CollectionRole::Editor).await?;
    let id = new_id();
    tokio::fs::create_dir_all(dir_of(core, &id))
        .await
        .map_err(|e| CoreError::internal("creating a recording dir", e))?;
    let now = time::now_str();
    sqlx::query(
        "INSERT INTO recording_sessions (id, card_id, user_id, title, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)",
    )
    .bind(&id)
    .bind(&card.id)
    .bind(actor.id())
    .bind(title.trim())
    .bind(&now)
    .execute(core.db.pool())
    .await?;
    Ok(RecordStartOutputBody {
        session_id: id,
        chunk_interval_s: core.settings.chunk_interval_s,
    })
}

async fn session(core: &Core, actor: &Actor, id: &str) -> CoreResult<SessionRow> {
    sqlx::query_as("SELECT card_id, title, next_seq, bytes FROM recording_sessions WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(actor.id())
        .fetch_optional(core.db.pool())
        .await?
        .ok_or_else(|| CoreError::not_found("no open recording session with that id"))
}

/// Outcome of a chunk: `Ok` with the session state, or a gap (`Conflict`) naming the
/// sequence number expected.
pub async fn chunk(
    core: &Core,
    actor: &Actor,
    id: &str,
    seq: i64,
    content_type: &str,
    bytes: &[u8],
) -> CoreResult<RecordChunkOutputBody> {
    if bytes.len() > MAX_CHUNK_BYTES {
        return Err(CoreError::TooLarge(format!(
            "a chunk may hold at most {MAX_CHUNK_BYTES} bytes"
        )));
    }
    let slot = core.recorders.slot(id);
    let mut live = slot.lock().await;
    let s = session(core, actor, id).await?;
    if seq < s.next_seq {
        // already stored: a retry after a lost answer
        return Ok(RecordChunkOutputBody {
            next_seq: s.next_seq,
            bytes: s.bytes,
        });
    }
    if seq > s.next_seq {
        return Err(CoreError::Conflict(format!(
            "chunk {seq} arrived before chunk {}; send that one first",
            s.next_seq
        )));
    }
    if s.bytes as u64 + bytes.len() as u64 > core.settings.max_audio_bytes {
        return Err(CoreError::TooLarge(
            "the recording is larger than the upload limit".into(),
        ));
    }
    let take = dir_of(core, id).join("take");
    append(&take, bytes).await?;
    let next = s.next_seq + 1;
    let total = s.bytes + bytes.len() as i64;
    sqlx::query("UPDATE recording_sessions SET next_seq = $1, bytes = $2, content_type = CASE WHEN content_type = '' THEN $3 ELSE content_type END, updated_at = $4 WHERE id = $5")
        .bind(next)
        .bind(total)
        .bind(content_type)
        .bind(time::now_str())
        .bind(id)
        .execute(core.db.pool())
        .await?;
    if seq == 0 {
        *live = start_encoder(&dir_of(core, id)).ok();
    }
    feed(&mut live, bytes).await;
    Ok(RecordChunkOutputBody {
        next_seq: next,
        bytes: total,
    })
}

async fn append(path: &Path, bytes: &[u8]) -> CoreResult<()> {
    let mut file = tokio::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .await
        .map_err(|e| CoreError::internal("opening the take", e))?;
    file.write_all(bytes)
        .await
        .map_err(|e| CoreError::internal("appending to the take", e))?;
    file.sync_data()
        .await
        .map_err(|e| CoreError::internal("syncing the take", e))
}

fn start_encoder(dir: &Path) -> std::io::Result<LiveEncoder> {
    let flac = dir.join("live.flac");
    let m4a = dir.join("live.m4a");
    let mut child = tokio::process::Command::new("ffmpeg")
        .args([
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-i",
            "pipe:0",
            "-vn",
            "-map_metadata",
            "-1",
        ])
        .args(["-map", "0:a", "-c:a", "flac", "-f", "flac"])
        .arg(&flac)
        .args(["-map", "0:a"])
        .args(ffmpeg::player_output_args())
        .arg(&m4a)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()?;
    let stdin = child.stdin.take();
    Ok(LiveEncoder { child, stdin })
}

/// Passes bytes to the live encoder; if it cannot take them it is dropped (and killed), and
/// finishing falls back to converting the file.
async fn feed(live: &mut Option<LiveEncoder>, bytes: &[u8]) {
    let ok = match live.as_mut().and_then(|l| l.stdin.as_mut()) {
        Some(stdin) => stdin.write_all(bytes).await.is_ok(),
        None => return,
    };
    if !ok {
        *live = None;
    }
}

pub async fn finish(
    core: &Core,
    actor: &Actor,
    id: &str,
    input: RecordFinishInput,
) -> CoreResult<RecordFinishOutputBody> {
    let slot = core.recorders.slot(id);
    let mut live = slot.lock().await;
    let s = session(core, actor, id).await?;
    if s.bytes == 0 {
        return Err(CoreError::Conflict("nothing was recorded yet".into()));
    }
    let card = sqlx::query_scalar::<_, String>("SELECT slug FROM cards WHERE id = $1")
        .bind(&s.card_id)
        .fetch_optional(core.db.pool())
        .await?
        .ok_or_else(|| CoreError::not_found("the card of this recording was deleted"))?;
    let card = require_card(core.db.pool(), actor, &card, CollectionRole::Editor).await?;
    let title = input
        .title
        .filter(|t| !t.trim().is_empty())
        .or_else(|| Some(s.title.clone()).filter(|t| !t.is_empty()))
        .unwrap_or_else(|| format!("Recording {}", &time::now_str()[..16].replace('T', " ")));
    if let Some(p) = name_problem(&title) {
        return Err(CoreError::invalid("title", p));
    }
    let dir = dir_of(core, id);
    let finished_live = match live.take() {
        Some(encoder) => finish_encoder(core, encoder, &dir).await.ok(),
        None => None,
    };
    let (original, player) = match finished_live {
        Some(pair) => pair,
        None => (convert_take(core, &dir).await?, None),
    };
    let audio = StoredAudio {
        hash: original.hash,
        size: original.size,
        format: "flac".into(),
        duration_ms: Some(original.duration_ms),
    };
    let track = add_stored(
        core,
        actor,
        &card,
        &title,
        source_type::RECORDING,
        audio,
        player,
    )
    .await?;
    close(core, id).await?;
    audit::record(
        core.db.pool(),
        AuditEvent::own(
            actor,
            "recording.finished",
            format!("{}/{}", card.slug, track.slug),
        ),
    )
    .await?;
    Ok(RecordFinishOutputBody {
        track_id: track.id,
        track_slug: track.slug,
    })
}

/// Closes the live encoder's input and stores what it wrote: (FLAC, M4A).
async fn finish_encoder(
    core: &Core,
    mut encoder: LiveEncoder,
    dir: &Path,
) -> CoreResult<(Encoded, Option<Encoded>)> {
    drop(encoder.stdin.take());
    let status = encoder
        .child
        .wait()
        .await
        .map_err(|e| CoreError::internal("waiting for the live encoder", e))?;
    if !status.success() {
        return Err(CoreError::Internal(format!(
            "the live encoder failed: {status}"
        )));
    }
    let flac = adopt_measured(core, Ok(()), dir.join("live.flac")).await?;
    let m4a = adopt_measured(core, Ok(()), dir.join("live.m4a")).await?;
    Ok((flac, Some(m4a)))
}

/// The slow path: the whole take to FLAC (the M4A is then a normal transcode job).
async fn convert_take(core: &Core, dir: &Path) -> CoreResult<Encoded> {
    let out = store::tmp_path(&core.settings.data_dir, "flac");
    crate::tracks::jobs::ensure_parent(&out).await?;
    let result = ffmpeg::filter_to_flac(&dir.join("take"), "anull", &out, None, &|_| {}).await;
    adopt_measured(
        core,
        result.map_err(|_| {
            CoreError::UnsupportedMedia("the recording is not audio the server can read".into())
        }),
        out,
    )
    .await
}

pub async fn abandon(core: &Core, actor: &Actor, id: &str) -> CoreResult<()> {
    let slot = core.recorders.slot(id);
    let mut live = slot.lock().await;
    session(core, actor, id).await?;
    live.take();
    close(core, id).await
}

/// Deletes a session's row, files and live encoder.
async fn close(core: &Core, id: &str) -> CoreResult<()> {
    sqlx::query("DELETE FROM recording_sessions WHERE id = $1")
        .bind(id)
        .execute(core.db.pool())
        .await?;
    let _ = tokio::fs::remove_dir_all(dir_of(core, id)).await;
    core.recorders.forget(id);
    Ok(())
}

/// Abandons sessions that received nothing for `core.settings.recording_ttl`.
pub async fn expire_stale(core: &Core) -> CoreResult<usize> {
    let cutoff = time::format(time::now() - core.settings.recording_ttl);
    let stale: Vec<String> =
        sqlx::query_scalar("SELECT id FROM recording_sessions WHERE updated_at < $1")
            .bind(&cutoff)
            .fetch_all(core.db.pool())
            .await?;
    for id in &stale {
        let slot = core.recorders.slot(id);
        slot.lock().await.take();
        close(core, id).await?;
        tracing::info!(session_id = %id, "expired a stale recording session");
    }
    Ok(stale.len())
}

/// The sequence number the session expects next, if it is the caller's open session.
pub async fn next_seq(core: &Core, actor: &Actor, id: &str) -> CoreResult<Option<i64>> {
    Ok(session(core, actor, id).await.ok().map(|s| s.next_seq))
}
