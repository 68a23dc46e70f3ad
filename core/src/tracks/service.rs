//! Use cases on one track: read, rename, describe, reorder, delete, play, waveform.

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{
    IconPromptInput, PeaksOutputBody, ReorderTracksInput, TrackDescriptionInput, TrackDetailOut,
    TrackSlugAvailableOutputBody, TrackSlugInput, TrackTitleInput, TrackTitleOutputBody,
};
use cardsmith_model::validate::{track_slug_problem, CollectionRole};

use super::{repo, require_track};
use crate::audit::AuditEvent;
use crate::auth::Actor;
use crate::cards::require_card;
use crate::error::OnUnique;
use crate::media::audio::decode::{self, Summary};
use crate::media::store;
use crate::{time, Core, CoreError, CoreResult};

/// The card's playable tracks, for `CardDetailOut`.
pub async fn list(core: &Core, card_id: &str, card_slug: &str) -> CoreResult<Vec<TrackOut>> {
    let rows = repo::list_playable(core.db.pool(), card_id).await?;
    Ok(rows.into_iter().map(|t| t.into_out(card_slug)).collect())
}

pub async fn get(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
) -> CoreResult<TrackDetailOut> {
    let (card, track) = require_track(core, actor, card, track, CollectionRole::Viewer).await?;
    Ok(track.into_detail(&card.slug))
}

/// Changes one text column of a track and settles the card (titles and icon prompts are part
/// of what gets published).
async fn set_text(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
    column: &'static str,
    value: &str,
) -> CoreResult<()> {
    let (card, track) = require_track(core, actor, card, track, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query(&format!(
        "UPDATE tracks SET {column} = $1, updated_at = $2 WHERE id = $3"
    ))
    .bind(value)
    .bind(time::now_str())
    .bind(&track.id)
    .execute(&mut *tx)
    .await?;
    super::commit_change(
        tx,
        &card.id,
        AuditEvent::own(
            actor,
            "track.updated",
            format!("{}/{}: {column}", card.slug, track.slug),
        ),
    )
    .await?;
    Ok(())
}

pub async fn set_description(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
    input: TrackDescriptionInput,
) -> CoreResult<()> {
    input.validate()?;
    set_text(core, actor, card, track, "description", &input.description).await
}

pub async fn set_icon_prompt(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
    input: IconPromptInput,
) -> CoreResult<()> {
    input.validate()?;
    set_text(
        core,
        actor,
        card,
        track,
        "icon_prompt",
        input.icon_prompt.trim(),
    )
    .await
}

/// Renames a track; its slug follows the new title (made unique on the card) and is returned.
pub async fn set_title(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
    input: TrackTitleInput,
) -> CoreResult<TrackTitleOutputBody> {
    input.validate()?;
    let (card, track) = require_track(core, actor, card, track, CollectionRole::Editor).await?;
    let title = input.title.trim().to_owned();
    let mut tx = core.db.begin().await?;
    let slug = repo::retitle(&mut tx, &card.id, &track.id, &title).await?;
    super::commit_change(
        tx,
        &card.id,
        AuditEvent::own(
            actor,
            "track.renamed",
            format!("{}/{} → {slug}", card.slug, track.slug),
        ),
    )
    .await?;
    Ok(TrackTitleOutputBody { slug, title })
}

/// Sets a track's slug exactly; a slug another track of the card has is a 409.
pub async fn set_slug(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
    input: TrackSlugInput,
) -> CoreResult<()> {
    input.validate()?;
    let (card, track) = require_track(core, actor, card, track, CollectionRole::Editor).await?;
    let taken = || {
        CoreError::Conflict(format!(
            "another track of this card is called {}",
            input.slug
        ))
    };
    if repo::slug_taken(core.db.pool(), &card.id, &input.slug, &track.id).await? {
        return Err(taken());
    }
    sqlx::query("UPDATE tracks SET slug = $1, updated_at = $2 WHERE id = $3")
        .bind(&input.slug)
        .bind(time::now_str())
        .bind(&track.id)
        .execute(core.db.pool())
        .await
        .on_unique(taken)?;
    Ok(())
}

/// Whether `slug` is free on the card (a track may keep its own: pass its id).
pub async fn slug_available(
    core: &Core,
    actor: &Actor,
    card: &str,
    slug: &str,
    track_id: Option<&str>,
) -> CoreResult<TrackSlugAvailableOutputBody> {
    let card = require_card(core.db.pool(), actor, card, CollectionRole::Viewer).await?;
    if let Some(problem) = track_slug_problem(slug) {
        return Err(CoreError::invalid("slug", problem));
    }
    let taken = repo::slug_taken(core.db.pool(), &card.id, slug, track_id.unwrap_or("")).await?;
    Ok(TrackSlugAvailableOutputBody { available: !taken })
}

/// Puts the playable tracks in the given order: every one of them, each once, by slug or id.
pub async fn reorder(
    core: &Core,
    actor: &Actor,
    card: &str,
    input: ReorderTracksInput,
) -> CoreResult<()> {
    let card = require_card(core.db.pool(), actor, card, CollectionRole::Editor).await?;
    if input.positions.is_empty() {
        // as the schema says (minItems 1): even a card without tracks is not reordered by []
        return Err(CoreError::invalid(
            "positions",
            "must list the card's tracks in their new order",
        ));
    }
    let mut tx = core.db.begin().await?;
    let tracks = repo::list_playable(&mut *tx, &card.id).await?;
    let mut order = Vec::with_capacity(tracks.len());
    for (i, key) in input.positions.iter().enumerate() {
        let track = tracks
            .iter()
            .find(|t| &t.slug == key || &t.id == key)
            .ok_or_else(|| {
                CoreError::invalid(&format!("positions/{i}"), "is not a track of this card")
            })?;
        if order.contains(&track.id) {
            return Err(CoreError::invalid(
                &format!("positions/{i}"),
                "appears twice",
            ));
        }
        order.push(track.id.clone());
    }
    if order.len() != tracks.len() {
        return Err(CoreError::invalid(
            "positions",
            format!("must list all {} tracks of the card", tracks.len()),
        ));
    }
    for (i, id) in order.iter().enumerate() {
        sqlx::query("UPDATE tracks SET position = $1 WHERE id = $2")
            .bind(i as i64 + 1)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    super::commit_change(
        tx,
        &card.id,
        AuditEvent::own(actor, "track.reordered", card.slug.clone()),
    )
    .await?;
    Ok(())
}

/// Deletes a track (playable or source). A job working on it is cancelled; files nothing
/// else uses are removed after the commit.
pub async fn delete(core: &Core, actor: &Actor, card: &str, track: &str) -> CoreResult<()> {
    let (card, track) = require_track(core, actor, card, track, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query("DELETE FROM tracks WHERE id = $1")
        .bind(&track.id)
        .execute(&mut *tx)
        .await?;
    if !track.is_source {
        // the chapters after it move up, so the numbers stay 1, 2, 3… (default icons too)
        repo::renumber(&mut tx, &card.id).await?;
        // its passage leaves the story; the ways that led to it are errors of the story's
        // check until the parent picks others (publishing waits for that)
        crate::cards::story::follow_tracks(&mut tx, &card.id, |story| {
            story.track_deleted(&track.id);
        })
        .await?;
    }
    if let Some(job) = &track.processing_job_id {
        super::cancel_job_of_deleted(&mut tx, job).await?;
    }
    super::commit_change(
        tx,
        &card.id,
        AuditEvent::own(
            actor,
            "track.deleted",
            format!("{}/{}", card.slug, track.slug),
        ),
    )
    .await?;
    if let Some(job) = &track.processing_job_id {
        core.jobs.interrupt(job);
    }
    remove_unused_files(core, &[track.original_hash, track.audio_hash]).await
}

/// Deletes the media files among `hashes` that no track references any more.
pub async fn remove_unused_files(core: &Core, hashes: &[Option<String>]) -> CoreResult<()> {
    for hash in hashes.iter().flatten() {
        let used: Option<i64> = sqlx::query_scalar(
            "SELECT 1 FROM tracks WHERE original_hash = $1 OR audio_hash = $1 LIMIT 1",
        )
        .bind(hash)
        .fetch_optional(core.db.pool())
        .await?;
        if used.is_none() {
            core.media().remove(hash).await?;
            if let Err(e) = core.media().remove_named(&peaks_name(hash)).await {
                tracing::warn!(hash, error = %e, "removing a cached waveform failed");
            }
        }
    }
    Ok(())
}

/// A stored audio file to serve (open it with `core.media().open(&hash)`).
#[derive(Debug, Clone)]
pub struct AudioFile {
    pub hash: String,
    pub content_type: &'static str,
}

/// The file `GET …/audio` serves: the M4A once transcoded, else the original. Anyone who can
/// reach a card may hear it (viewer is the least role), so reaching it is the whole check.
pub async fn audio(core: &Core, actor: &Actor, card: &str, track: &str) -> CoreResult<AudioFile> {
    let found = repo::reachable_audio(core.db.pool(), actor.id(), card, track)
        .await?
        .ok_or_else(|| CoreError::not_found("no card with that slug"))?;
    if found.track_id.is_none() {
        return Err(CoreError::not_found("no track with that slug on this card"));
    }
    let (hash, format) = match (found.audio_hash, found.original_hash) {
        (Some(h), _) => (h, found.transcoded_format),
        (None, Some(h)) => (h, found.original_format),
        (None, None) => {
            return Err(CoreError::Conflict(
                "this track has no stored audio (a stream plays from its own address)".into(),
            ))
        }
    };
    Ok(AudioFile {
        content_type: content_type_of(format.as_deref().unwrap_or_default()),
        hash,
    })
}

pub fn content_type_of(format: &str) -> &'static str {
    match format {
        "m4a" => "audio/mp4",
        "aac" => "audio/aac",
        "mp3" => "audio/mpeg",
        "wav" => "audio/wav",
        "flac" => "audio/flac",
        "ogg" | "opus" => "audio/ogg",
        "webm" => "audio/webm",
        _ => "application/octet-stream",
    }
}

/// Most buckets a waveform request may ask for.
pub const PEAKS_MAX_BUCKETS: usize = 20_000;

/// The track's waveform in `buckets` values, from a cache kept beside the media.
pub async fn peaks(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
    buckets: Option<usize>,
) -> CoreResult<PeaksOutputBody> {
    let buckets = buckets.unwrap_or(1000);
    if !(1..=PEAKS_MAX_BUCKETS).contains(&buckets) {
        return Err(CoreError::invalid(
            "buckets",
            format!("must be between 1 and {PEAKS_MAX_BUCKETS}"),
        ));
    }
    let (_, track) = require_track(core, actor, card, track, CollectionRole::Viewer).await?;
    let hash = track.audio_hash.clone().ok_or_else(|| {
        CoreError::Conflict("the waveform is ready once the track is transcoded".into())
    })?;
    let summary = summary_of(core, &hash).await?;
    Ok(PeaksOutputBody {
        duration_ms: summary.duration_ms(),
        sample_rate: summary.sample_rate,
        peaks: summary.peaks_in(buckets),
    })
}

/// The media store's name of the cached summary of `hash` (a hex hash from the database).
fn peaks_name(hash: &str) -> String {
    format!("peaks/{hash}.json")
}

/// The decoded summary of a stored file, cached as JSON under `peaks/` in the media store.
pub async fn summary_of(core: &Core, hash: &str) -> CoreResult<Summary> {
    store::key_of(hash)?;
    if let Ok(bytes) = core.media().read_named(&peaks_name(hash)).await {
        // megabytes of JSON for an hour of audio: parsed off the async runtime
        let parsed =
            tokio::task::spawn_blocking(move || serde_json::from_slice::<Summary>(&bytes)).await;
        if let Ok(Ok(summary)) = parsed {
            return Ok(summary);
        }
    }
    let file = core.media().local(hash).await?;
    let summary = decode::summarize(file.path()).await?;
    remember_summary(core, hash, &summary).await;
    Ok(summary)
}

/// Caches a summary just computed (a failure only costs a later recomputation).
pub async fn remember_summary(core: &Core, hash: &str, summary: &Summary) {
    let summary = summary.clone();
    if let Ok(Ok(json)) = crate::priority::blocking(move || serde_json::to_vec(&summary)).await {
        if let Err(e) = core.media().write_named(&peaks_name(hash), json).await {
            tracing::warn!(hash, error = %e, "caching a waveform failed");
        }
    }
}
