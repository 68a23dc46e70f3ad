//! The `story.make` job: a story's chapters spoken into tracks, then a cover and icons.
//!
//! A retried job (the process died halfway) does not speak a chapter twice: a chapter whose
//! track is already on the card, at its position with its title, is skipped.

use cardsmith_model::track::source_type;
use cardsmith_model::validate::CollectionRole;
use serde::{Deserialize, Serialize};

use super::chapters::{self, Chapter};
use crate::auth::{session::background_actor, Actor};
use crate::cards::{self, repo::CardRow};
use crate::jobs::context::JobContext;
use crate::media::store::IncomingFile;
use crate::{tracks, tts, Core, CoreError, CoreResult};

/// What a `story.make` job is given.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Payload {
    pub card_slug: String,
    pub text: String,
    pub voice: String,
}

/// Runs one `story.make` job; its result names the card and how many chapters it holds.
pub async fn run(ctx: &JobContext) -> CoreResult<String> {
    let payload: Payload = ctx.payload()?;
    let core = &ctx.core;
    let user_id = ctx
        .job
        .user_id
        .as_deref()
        .ok_or_else(|| CoreError::Forbidden("a story job must belong to a user".into()))?;
    let actor = background_actor(core, user_id).await?;
    let card = cards::require_card(
        core.db.pool(),
        &actor,
        &payload.card_slug,
        CollectionRole::Editor,
    )
    .await?;
    let chapters = chapters::split(&payload.text);
    let existing = existing_titles(core, &card).await?;
    let speaking = ctx.progress(0.0, 0.85);
    for (i, chapter) in chapters.iter().enumerate() {
        if existing.get(i).is_some_and(|t| *t == chapter.title) {
            continue;
        }
        speak_chapter(core, &actor, &card, chapter, &payload.voice).await?;
        speaking((i + 1) as f64 / chapters.len() as f64);
    }
    ctx.progress(0.85, 1.0)(0.0);
    Ok(serde_json::json!({
        "card_slug": card.slug,
        "chapters": chapters.len(),
    })
    .to_string())
}

/// The titles of the card's playable tracks, in order.
async fn existing_titles(core: &Core, card: &CardRow) -> CoreResult<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT title FROM tracks WHERE card_id = $1 AND is_source = 0 ORDER BY position",
    )
    .bind(&card.id)
    .fetch_all(core.db.pool())
    .await?)
}

/// One chapter spoken offline and added through the upload pipeline.
async fn speak_chapter(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    chapter: &Chapter,
    voice: &str,
) -> CoreResult<()> {
    let wav = tts::synthesize(&core.settings.data_dir.join("tmp"), &chapter.text, voice).await?;
    let mut file =
        IncomingFile::create(&core.settings.data_dir, core.settings.max_audio_bytes).await?;
    file.write(&wav.read().await?).await?;
    drop(wav);
    tracks::upload::add_file(core, actor, card, file, &chapter.title, source_type::TTS).await?;
    Ok(())
}

/// 422 unless `voice` is one this server can speak for `actor`.
pub(crate) async fn check_voice(core: &Core, actor: &Actor, voice: &str) -> CoreResult<()> {
    let _ = (core, actor);
    if tts::engines().await.knows(voice) {
        Ok(())
    } else {
        Err(CoreError::invalid(
            "voice",
            "is not a voice this server can speak",
        ))
    }
}
