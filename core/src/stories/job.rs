//! The `story.make` job: a story's chapters spoken into tracks, then a cover and icons.
//!
//! A retried job (the process died halfway) does not speak a chapter twice: a chapter whose
//! track is already on the card, at its position with its title, is skipped.

use cardsmith_model::cover::{AcceptCoverPreviewInput, GenerateCoverInput, COVER_PROMPT_MAX_CHARS};
use cardsmith_model::interactive::plan::StoryPlan;
use cardsmith_model::interactive::{playback_type, StoryIn};
use cardsmith_model::story::{Made, StoryJobResult};
use serde::{Deserialize, Serialize};

use super::chapters::{self, Chapter};
use crate::auth::Actor;
use crate::cards::{generate, repo::CardRow};
use crate::jobs::context::JobContext;
use crate::jobs::{kind, JobPayload, Priority};
use crate::tts::{self, ResolvedVoice, Speech, Spoken};
use crate::{icon_generation, Core, CoreError, CoreResult};

/// What a `story.make` job is given.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct StoryPayload {
    pub card_slug: String,
    /// A linear story's text (cut into chapters); empty for an interactive one.
    pub text: String,
    pub voice: String,
    /// An interactive story (a Twine import, a generated branching story): its passages are
    /// spoken in order, then wired into the card's story.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interactive: Option<StoryPlan>,
}

impl JobPayload for StoryPayload {
    fn kind(&self) -> &'static str {
        kind::STORY
    }

    fn priority(&self) -> Priority {
        Priority::Bulk
    }
}

/// Runs one `story.make` job; its result names the card and how many chapters it holds.
pub async fn run(ctx: &JobContext) -> CoreResult<StoryJobResult> {
    let payload: StoryPayload = ctx.payload()?;
    let core = &ctx.core;
    let (actor, card) = ctx.editor_of(&payload.card_slug).await?;
    let chapters = match &payload.interactive {
        Some(plan) => plan
            .passages
            .iter()
            .map(|p| Chapter {
                title: p.title.clone(),
                text: p.text.clone(),
            })
            .collect(),
        None => chapters::split(&payload.text),
    };
    let existing = existing_titles(core, &card).await?;
    let voice = tts::resolve(core, &actor.user.id, &payload.voice).await?;
    let speaking = ctx.progress(0.0, 0.85);
    for (i, chapter) in chapters.iter().enumerate() {
        if existing.get(i).is_some_and(|t| *t == chapter.title) {
            continue;
        }
        speak_chapter(core, &actor, &card, chapter, &payload.voice, &voice).await?;
        speaking((i + 1) as f64 / chapters.len() as f64);
    }
    if let Some(plan) = &payload.interactive {
        wire(core, &actor, &card, plan).await?;
    }
    let finishing = ctx.progress(0.85, 1.0);
    let about = match &payload.interactive {
        Some(plan) => plan
            .passages
            .first()
            .map(|p| p.text.clone())
            .unwrap_or_default(),
        None => payload.text.clone(),
    };
    let cover = cover(core, &actor, &card, &about).await;
    finishing(0.5);
    let icons = match icon_generation::generate_all(core, &actor, &card).await {
        Ok(done) => Made::Generated(Some(done.generated as usize)),
        Err(e) => {
            tracing::warn!(error = %e, card = %card.slug, "a story card got no icons");
            Made::NotMade(e.user_message())
        }
    };
    finishing(1.0);
    Ok(StoryJobResult {
        card_slug: card.slug,
        chapters: chapters.len(),
        cover,
        icons,
    })
}

/// Gives the card a generated front cover (from the user's image providers, else drawn)
/// unless it already has one; answers what happened, for the job's result. A cover that
/// cannot be made does not undo the spoken chapters: the card is complete without one (the
/// parent can generate or upload one later), and the result says so.
async fn cover(core: &Core, actor: &Actor, card: &CardRow, text: &str) -> Made {
    if card.cover_hash.is_some() {
        return Made::Kept;
    }
    let opening: String = text.chars().take(300).collect();
    let prompt = format!("{}: {}", card.title, opening.trim());
    let input = GenerateCoverInput {
        prompt: prompt.chars().take(COVER_PROMPT_MAX_CHARS).collect(),
        side: None,
    };
    let made = async {
        generate::generate(core, actor, card, input).await?;
        generate::accept(core, actor, card, AcceptCoverPreviewInput { side: None }).await
    };
    match made.await {
        Ok(_) => Made::Generated(None),
        Err(e) => {
            tracing::warn!(error = %e, card = %card.slug, "a story card got no cover");
            Made::NotMade(e.user_message())
        }
    }
}

/// Makes the spoken passages the card's story: passage `i` of the plan is the card's track
/// `i` (the job spoke them in order onto the empty card), and the card plays interactive.
async fn wire(core: &Core, actor: &Actor, card: &CardRow, plan: &StoryPlan) -> CoreResult<()> {
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM tracks WHERE card_id = $1 AND is_source = 0 ORDER BY position",
    )
    .bind(&card.id)
    .fetch_all(core.db.pool())
    .await?;
    if ids.len() != plan.passages.len() {
        return Err(CoreError::Conflict(format!(
            "the card holds {} tracks and the story {} passages: tracks were added or deleted              while it was made",
            ids.len(),
            plan.passages.len()
        )));
    }
    let input = StoryIn {
        playback_type: playback_type::INTERACTIVE.into(),
        story: plan.graph(&ids),
    };
    crate::cards::story::put_story(core, actor, &card.slug, input).await?;
    Ok(())
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

/// One chapter spoken in `voice` (offline or through the user's providers) and added through
/// the upload pipeline, remembering what it was spoken from.
async fn speak_chapter(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    chapter: &Chapter,
    voice_id: &str,
    voice: &ResolvedVoice,
) -> CoreResult<()> {
    let Speech { audio, provider } =
        tts::speak(core, actor.id(), voice, &chapter.text, None).await?;
    let spoken = Spoken {
        text: &chapter.text,
        voice: voice_id,
        provider: &provider,
        instructions: None,
    };
    tts::add_speech(core, actor, card, audio, &chapter.title, &spoken, None).await?;
    Ok(())
}

/// 422 (naming `voice`) unless `voice` is one `actor` may use; 409 without its engine.
pub(crate) async fn check_voice(core: &Core, actor: &Actor, voice: &str) -> CoreResult<()> {
    tts::resolve(core, actor.id(), voice).await.map(drop)
}
