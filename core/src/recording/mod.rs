//! Recording in the browser: a session receives the take in chunks.
//!
//! Each chunk is stored in the media store and only then counted (`take`), so a chunk re-sent
//! after a crash or a lost answer is never stored twice, and any instance sharing the database
//! and the store may receive the next chunk or finish the take. Clients may number chunks
//! (`seq`, idempotent: a re-sent chunk is recognised and ignored, a missing one refused with
//! the number expected) or not (each chunk is appended in arrival order). The first chunk must
//! start like an accepted audio container, so a playlist or script is refused before it is
//! stored. While the take arrives, a live encoder (`live`) converts it as it goes; the stored
//! chunks stay the truth: if the encoder is gone (a restart, an idle stop, another instance
//! finishing) or failed, finishing converts the chunks instead.

mod chunk;
mod live;
mod take;

use cardsmith_model::recording::{
    RecordFinishInput, RecordFinishOutputBody, RecordStartInput, RecordStartOutputBody,
};
use cardsmith_model::track::source_type;
use cardsmith_model::validate::{name_problem, CollectionRole};

pub use chunk::{chunk, ChunkOutcome, MAX_CHUNK_BYTES};
pub use live::Recorders;

use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::cards::require_card;
use crate::db::DbTx;
use crate::media::audio::{ffmpeg, probe};
use crate::media::store;
use crate::tracks::transcode_job::{adopt_measured, Encoded};
use crate::tracks::upload::{self, NewStored, StoredAudio};
use crate::{new_id, time, Core, CoreError, CoreResult};

#[derive(sqlx::FromRow)]
struct SessionRow {
    card_id: String,
    title: String,
    next_seq: i64,
    bytes: i64,
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
    let open: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM recording_sessions WHERE user_id = $1")
            .bind(actor.id())
            .fetch_one(core.db.pool())
            .await?;
    let limit = core.settings.max_open_recordings;
    if open >= limit {
        return Err(CoreError::Conflict(format!(
            "you already have {open} recordings open (the limit is {limit}); finish or abandon one first"
        )));
    }
    let id = new_id();
    let now = time::now_str();
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "INSERT INTO recording_sessions (id, card_id, user_id, title, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)",
    )
    .bind(&id)
    .bind(&card.id)
    .bind(actor.id())
    .bind(title.trim())
    .bind(&now)
    .execute(&mut *tx)
    .await?;
    let detail = format!("{} (session {id})", card.slug);
    audit::commit(tx, AuditEvent::own(actor, "recording.started", detail)).await?;
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

/// The caller's session `id` and its lock. The session is looked up first, so ids that are
/// not the caller's open sessions never enter the in-memory map.
async fn locked_session(core: &Core, actor: &Actor, id: &str) -> CoreResult<live::SessionSlot> {
    session(core, actor, id).await?;
    Ok(core.recorders.slot(id))
}

pub async fn finish(
    core: &Core,
    actor: &Actor,
    id: &str,
    input: RecordFinishInput,
) -> CoreResult<RecordFinishOutputBody> {
    let slot = locked_session(core, actor, id).await?;
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
    let chunks = s.next_seq;
    live::catch_up(core, id, &mut live, chunks).await;
    let finished_live = match live.encoder.take() {
        Some(encoder) => match live::finish(encoder, chunks).await {
            Ok(output) => adopt_live(core, &output).await.ok(),
            Err(e) => {
                tracing::warn!(session_id = %id, error = %e, "the live encoder failed; converting the stored take");
                None
            }
        },
        None => None,
    };
    let (original, player) = match finished_live {
        Some(pair) => pair,
        None => (convert_take(core, id, chunks).await?, None),
    };
    let made = [
        Some(original.hash.clone()),
        player.as_ref().map(|p| p.hash.clone()),
    ];
    let added = add_track(core, actor, &card, &title, original, player, chunks, id).await;
    let track = match added {
        Ok(track) => track,
        Err(e) => {
            // refused (a cap, or the take changed meanwhile): what was encoded is nobody's
            crate::tracks::service::remove_unused_files(core, &made).await?;
            return Err(e);
        }
    };
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

/// Adds the finished take as the card's last track, in the transaction that also ends the
/// session (see [`Finishing`]).
#[allow(clippy::too_many_arguments)]
async fn add_track(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    title: &str,
    original: Encoded,
    player: Option<Encoded>,
    chunks: i64,
    id: &str,
) -> CoreResult<crate::tracks::repo::TrackRow> {
    crate::tracks::limits::check_duration(core, original.duration_ms)?;
    let audio = StoredAudio {
        hash: original.hash,
        size: original.size,
        format: "flac".into(),
        duration_ms: Some(original.duration_ms),
        channels: None,
    };
    let finishing = Finishing {
        session_id: id,
        chunks,
    };
    let new = NewStored {
        title,
        source_type: source_type::RECORDING,
        audio,
        player,
    };
    let mut tx = core.db.begin().await?;
    finishing.claim(&mut tx).await?;
    let added = upload::insert_stored(&mut tx, core, actor, card, new).await?;
    upload::commit_added(core, tx, actor, card, &added, None).await
}

/// The session a new track finishes: its row is deleted in the track's transaction, only if
/// it still holds the `chunks` that were converted. So a take finished twice at once (a
/// double tap, two instances) makes one track, and a chunk counted while the take was being
/// converted is not silently left out.
struct Finishing<'a> {
    session_id: &'a str,
    chunks: i64,
}

impl Finishing<'_> {
    /// Ends the session inside the track's transaction `tx`.
    async fn claim(&self, tx: &mut DbTx<'_>) -> CoreResult<()> {
        let ended = sqlx::query("DELETE FROM recording_sessions WHERE id = $1 AND next_seq = $2")
            .bind(self.session_id)
            .bind(self.chunks)
            .execute(&mut **tx)
            .await?
            .rows_affected();
        if ended == 1 {
            return Ok(());
        }
        let open: Option<i64> =
            sqlx::query_scalar("SELECT next_seq FROM recording_sessions WHERE id = $1")
                .bind(self.session_id)
                .fetch_optional(&mut **tx)
                .await?;
        Err(match open {
            Some(_) => CoreError::Conflict(
                "more of the recording arrived while it was being finished; finish it again".into(),
            ),
            None => CoreError::not_found("no open recording session with that id"),
        })
    }
}

/// Stores what the live encoder wrote: (FLAC, M4A), both measured at once (one per core): the
/// parent waits for this.
async fn adopt_live(
    core: &Core,
    output: &live::LiveOutput,
) -> CoreResult<(Encoded, Option<Encoded>)> {
    let (flac, m4a) = tokio::try_join!(
        adopt_measured(core, Ok(()), output.flac.clone()),
        adopt_measured(core, Ok(()), output.m4a.clone()),
    )?;
    Ok((flac, Some(m4a)))
}

/// The slow path: the stored chunks to FLAC (the M4A is then a normal transcode job). The take
/// is probed first, with the same guard as uploads: only accepted audio is ever decoded.
async fn convert_take(core: &Core, id: &str, chunks: i64) -> CoreResult<Encoded> {
    let take = take::assemble(core, id, chunks).await?;
    let unreadable =
        || CoreError::UnsupportedMedia("the recording is not audio the server can read".into());
    let probed = probe::probe(take.path()).await.map_err(|_| unreadable())?;
    let out = store::tmp_path(&core.settings.data_dir, "flac");
    crate::tracks::transcode_job::ensure_parent(&out).await?;
    let result =
        ffmpeg::filter_to_flac(take.path(), "anull", &out, probed.duration_ms, &|_| {}).await;
    adopt_measured(core, result.map_err(|_| unreadable()), out).await
}

pub async fn abandon(core: &Core, actor: &Actor, id: &str) -> CoreResult<()> {
    let slot = locked_session(core, actor, id).await?;
    let mut live = slot.lock().await;
    session(core, actor, id).await?;
    live.encoder.take();
    close(core, id).await?;
    audit::record(
        core.db.pool(),
        AuditEvent::own(actor, "recording.abandoned", id),
    )
    .await
}

/// Deletes a session's row (when still there), stored chunks and live encoder.
async fn close(core: &Core, id: &str) -> CoreResult<()> {
    sqlx::query("DELETE FROM recording_sessions WHERE id = $1")
        .bind(id)
        .execute(core.db.pool())
        .await?;
    if let Err(e) = take::remove(core, id).await {
        // the session is gone either way; the chunks are only bytes nobody can reach now
        tracing::warn!(session_id = %id, error = %e, "could not delete a recording's chunks");
    }
    core.recorders.forget(id);
    Ok(())
}

/// Abandons sessions that received nothing for `core.settings.recording_ttl`, and deletes the
/// chunks of sessions that are gone (see [`take::remove_orphans`]). Answers how many sessions
/// expired.
pub async fn expire_stale(core: &Core) -> CoreResult<usize> {
    let cutoff = time::format(time::now() - core.settings.recording_ttl);
    let stale: Vec<String> =
        sqlx::query_scalar("SELECT id FROM recording_sessions WHERE updated_at < $1")
            .bind(&cutoff)
            .fetch_all(core.db.pool())
            .await?;
    for id in &stale {
        let slot = core.recorders.slot(id);
        slot.lock().await.encoder.take();
        close(core, id).await?;
        tracing::info!(session_id = %id, "expired a stale recording session");
    }
    let orphans = take::remove_orphans(core).await?;
    if orphans > 0 {
        tracing::info!(
            sessions = orphans,
            "deleted the chunks of ended recording sessions"
        );
    }
    Ok(stale.len())
}

/// Stops live encoders idle for `recording_idle`, every few seconds, for as long as the server
/// runs (spawned at start).
pub async fn stop_idle_encoders(core: Core) {
    let idle = core
        .settings
        .recording_idle
        .to_std()
        .unwrap_or(std::time::Duration::from_secs(600));
    let every = (idle / 4).clamp(
        std::time::Duration::from_millis(250),
        std::time::Duration::from_secs(30),
    );
    let mut tick = tokio::time::interval(every);
    loop {
        tick.tick().await;
        core.recorders.stop_idle(idle);
    }
}

/// Stops the live encoder of session `id` and removes its files, once its row is gone in a
/// committed transaction (its user's account was deleted: `users::deletion`).
pub async fn discard_deleted(core: &Core, id: &str) {
    let slot = core.recorders.slot(id);
    slot.lock().await.encoder.take();
    if let Err(e) = close(core, id).await {
        tracing::warn!(session_id = %id, error = %e, "could not discard a recording session");
    }
}
