//! `POST /cards/{slug}/tracks/tts`: a track spoken from text.
//!
//! The speech goes through the same path as an upload (probed and stored by
//! [`upload::store_file`], transcoded by a job with loudness normalisation, peaks), recorded
//! as source type `tts`; in the transaction that inserts the track, it also keeps what it was
//! spoken from (`tts_text`, `tts_voice`, `tts_provider`, `tts_instructions`) and moves to the
//! asked `position`, so a request makes a complete spoken track or none.

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
use crate::tracks::upload::{self, NewStored, StoredAudio};
use crate::tracks::{repo, TrackRow};
use crate::{Core, CoreResult};

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
    let stored = upload::store_file(core, file).await?;
    let hash = stored.hash.clone();
    let added = insert_spoken(core, actor, card, stored, title, spoken, position).await;
    if added.is_err() {
        upload::forget_unused(core, &hash).await?;
    }
    added
}

/// The track, what it was spoken from and its place, in one transaction.
async fn insert_spoken(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    audio: StoredAudio,
    title: &str,
    spoken: &Spoken<'_>,
    position: Option<i64>,
) -> CoreResult<TrackRow> {
    let new = NewStored {
        title,
        source_type: source_type::TTS,
        audio,
        player: None,
    };
    let mut tx = core.db.begin().await?;
    let added = upload::insert_stored(&mut tx, core, actor, card, new).await?;
    sqlx::query(
        "UPDATE tracks SET tts_text = $1, tts_voice = $2, tts_provider = $3, tts_instructions = $4
         WHERE id = $5",
    )
    .bind(spoken.text)
    .bind(spoken.voice)
    .bind(spoken.provider)
    .bind(spoken.instructions)
    .bind(&added.id)
    .execute(&mut *tx)
    .await?;
    if let Some(position) = position {
        repo::move_to(&mut tx, &card.id, &added.id, position).await?;
    }
    let detail = format!("{}/{} voice {}", card.slug, added.slug, spoken.voice);
    let spoken = AuditEvent::own(actor, "track.spoken", detail);
    upload::commit_added(core, tx, actor, card, &added, Some(spoken)).await
}
