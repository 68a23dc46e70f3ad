//! `POST /cards/{slug}/tracks/tts`: a track spoken from text.
//!
//! The speech goes through the same path as an upload ([`tracks::upload::add_file`]: probed,
//! stored, transcoded by a job with loudness normalisation, peaks), recorded as source type
//! `tts`; then, in one more transaction, the track keeps what it was spoken from (`tts_text`,
//! `tts_voice`, `tts_provider`, `tts_instructions`) and moves to the asked `position`. Should
//! that second step fail, the new track is deleted again, so a request makes a complete
//! spoken track or none.

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::source_type;
use cardsmith_model::tts::TtsTrackInput;
use cardsmith_model::validate::CollectionRole;

use super::preview::admit;
use super::speak::{resolve, speak, Speech};
use crate::audit::AuditEvent;
use crate::auth::Actor;
use crate::cards::{repo::CardRow, require_card};
use crate::media::store::IncomingFile;
use crate::tracks::{self, repo, TrackRow};
use crate::{Core, CoreError, CoreResult};

/// Speaks `input.text` and adds it to the card (editor). 422 for bad input or a voice the
/// caller cannot use, 409 without its engine or provider, 429 past the speech rate limit;
/// nothing is created then.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), card = %card_slug, voice = %input.voice))]
pub async fn add_spoken_track(
    core: &Core,
    actor: &Actor,
    card_slug: &str,
    input: TtsTrackInput,
) -> CoreResult<TrackOut> {
    let card = require_card(core.db.pool(), actor, card_slug, CollectionRole::Editor).await?;
    input.validate()?;
    admit(core, actor)?;
    let voice = resolve(core, actor.id(), &input.voice).await?;
    let instructions = input
        .instructions
        .as_deref()
        .map(str::trim)
        .filter(|i| !i.is_empty());
    let Speech { audio, provider } =
        speak(core, actor.id(), &voice, &input.text, instructions).await?;
    let spoken = Spoken {
        text: input.text.trim(),
        voice: &input.voice,
        provider: &provider,
        instructions,
    };
    let title = input.title_or_default();
    let track = add_speech(core, actor, &card, audio, &title, &spoken, input.position).await?;
    Ok(track.into_out(&card.slug))
}

/// What a spoken track was made from.
#[derive(Debug, Clone, Copy)]
pub struct Spoken<'a> {
    pub text: &'a str,
    pub voice: &'a str,
    pub provider: &'a str,
    pub instructions: Option<&'a str>,
}

/// Adds `audio` (speech) as a track of `card` titled `title` (checked by the caller), recording
/// `spoken` on it, at chapter `position` (1-based; absent or past the end: last). For any
/// feature that speaks a card's chapters.
pub async fn add_speech(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    audio: Vec<u8>,
    title: &str,
    spoken: &Spoken<'_>,
    position: Option<i64>,
) -> CoreResult<TrackRow> {
    let mut file =
        IncomingFile::create(&core.settings.data_dir, core.settings.max_audio_bytes).await?;
    file.write(&audio).await?;
    drop(audio);
    let track = tracks::upload::add_file(core, actor, card, file, title, source_type::TTS).await?;
    match record_spoken(core, actor, card, &track, spoken, position).await {
        Ok(row) => Ok(row),
        Err(e) => {
            // a half-made spoken track is removed, not left without its text
            if let Err(undo) = tracks::service::delete(core, actor, &card.slug, &track.slug).await {
                tracing::error!(error = %undo, track = %track.id, "removing a half-made spoken track failed");
            }
            Err(e)
        }
    }
}

/// Stores what the track was spoken from and moves it to `position`, in one transaction.
async fn record_spoken(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    track: &TrackRow,
    spoken: &Spoken<'_>,
    position: Option<i64>,
) -> CoreResult<TrackRow> {
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "UPDATE tracks SET tts_text = $1, tts_voice = $2, tts_provider = $3, tts_instructions = $4
         WHERE id = $5",
    )
    .bind(spoken.text)
    .bind(spoken.voice)
    .bind(spoken.provider)
    .bind(spoken.instructions)
    .bind(&track.id)
    .execute(&mut *tx)
    .await?;
    if let Some(position) = position {
        let mut order: Vec<String> = repo::list_playable(&mut *tx, &card.id)
            .await?
            .into_iter()
            .map(|t| t.id)
            .filter(|id| id != &track.id)
            .collect();
        let at = usize::try_from(position - 1).unwrap_or(0).min(order.len());
        order.insert(at, track.id.clone());
        for (i, id) in order.iter().enumerate() {
            sqlx::query("UPDATE tracks SET position = $1 WHERE id = $2")
                .bind(i as i64 + 1)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
    }
    let detail = format!("{}/{} voice {}", card.slug, track.slug, spoken.voice);
    tracks::commit_change(tx, &card.id, AuditEvent::own(actor, "track.spoken", detail)).await?;
    repo::find_by_id(core.db.pool(), &track.id)
        .await?
        .ok_or_else(|| CoreError::Internal("the spoken track vanished".into()))
}
