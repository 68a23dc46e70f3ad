//! A story card in one step: the parent picks a preset and types an idea; a text provider
//! from their cascade drafts a story for the collection's child ([`draft`]); the parent
//! edits it (or writes their own, which is the offline path); then one job ([`make`], kind
//! `story.make`) cuts it into chapters, speaks each with the preset's voice through the
//! normal track pipeline, and gives the card a generated cover and chapter icons.

mod branching;
pub mod chapters;
pub mod interactive;
mod job;

use cardsmith_model::card::CreateCardInput;
use cardsmith_model::collection::PresetOut;
use cardsmith_model::story::{
    DraftStoryInput, MakeStoryInput, MakeStoryOut, StoryDraftOut, NO_DRAFTER,
};
use cardsmith_model::validate::CollectionRole;

use crate::ai::{self, TextRequest};
use crate::auth::Actor;
use crate::collections::{access::require_collection, presets};
use crate::{cards, jobs, Core, CoreError, CoreResult};

use crate::ai::audience::Audience;
pub use interactive::{import_twine, make_interactive};
pub use job::run;
pub(crate) use job::StoryPayload;

/// Story requests (drafts and cards) one user may make a minute, from one address.
pub const STORIES_PER_USER: u32 = 6;
/// Story requests a minute from one client address, whoever signed in.
pub const STORIES_PER_ADDRESS: u32 = 20;
/// Stories of one user being made at once (queued or running): more wait for these, so one
/// user's burst cannot fill the generation queue ahead of everybody else.
pub const MAX_PENDING_STORIES: i64 = 2;

/// Words a storyteller reads aloud in a minute; turns a preset's minutes into a length.
const WORDS_PER_MINUTE: i64 = 130;
/// Bounds of the length asked of a model, in words.
const MIN_WORDS: i64 = 150;
const MAX_WORDS: i64 = 3_000;

/// The audience of collection `collection_id` with `preset_id`'s refinements (422 on
/// `preset_id` for a preset the collection does not have: the collection in the path is
/// there, so a 404 would say the wrong thing is missing).
pub async fn audience(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    preset_id: Option<&str>,
) -> CoreResult<(Audience, Option<PresetOut>)> {
    let profile = presets::get_profile(core, actor, collection_id).await?;
    let preset = match preset_id {
        None => None,
        Some(id) => Some(
            presets::list(core, actor, collection_id)
                .await?
                .into_iter()
                .find(|p| p.id == id)
                .ok_or_else(|| {
                    CoreError::invalid("preset_id", "no such preset in this collection")
                })?,
        ),
    };
    Ok((Audience::new(&profile, preset.as_ref()), preset))
}

/// Whether `actor` has an AI provider that can draft a story: the story panel offers
/// "Write a draft" only then, and a story template otherwise.
pub async fn can_draft(core: &Core, actor: &Actor) -> CoreResult<bool> {
    ai::can_generate(core, actor.id(), ai::Capability::Text).await
}

/// A story drafted by the first text provider of the actor's cascade, checked against the
/// themes the collection avoids. 409 when no provider can write (the parent writes it).
pub async fn draft(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    input: DraftStoryInput,
) -> CoreResult<StoryDraftOut> {
    require_collection(core.db.pool(), actor, collection_id, CollectionRole::Editor).await?;
    input.validate()?;
    admit(core, actor)?;
    let (audience, preset) =
        audience(core, actor, collection_id, input.preset_id.as_deref()).await?;
    let request = story_request(&audience, preset.as_ref(), input.idea.trim());
    // one more try when the first story strays into an avoided theme
    for _ in 0..2 {
        let Some(generated) = ai::generate_text(core, actor.id(), &request).await? else {
            return Err(CoreError::Conflict(NO_DRAFTER.into()));
        };
        let (title, text) = parse_story(&generated.value, input.idea.trim());
        let found = audience.violations(&format!("{title}\n{text}"));
        if found.is_empty() && !text.trim().is_empty() {
            return Ok(StoryDraftOut {
                title,
                text,
                provider: generated.provider,
            });
        }
        tracing::info!(?found, provider = %generated.provider, "a drafted story was not used");
    }
    Err(CoreError::Conflict(
        "the provider's stories touched themes this collection avoids; try another idea or \
         write the story yourself"
            .into(),
    ))
}

/// Admits one story request of `actor`, or answers 429 with `Retry-After`.
fn admit(core: &Core, actor: &Actor) -> CoreResult<()> {
    core.throttles.stories.admit_actor(actor)
}

/// What every story card request does once its body is known good: admits it past the rate
/// limit, finds room in the queue (409), and answers the audience it is written for.
async fn make_room(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    preset_id: Option<&str>,
) -> CoreResult<Audience> {
    admit(core, actor)?;
    ensure_room_in_queue(core, actor).await?;
    Ok(audience(core, actor, collection_id, preset_id).await?.0)
}

/// 409 while [`MAX_PENDING_STORIES`] of the actor's stories are still being made.
async fn ensure_room_in_queue(core: &Core, actor: &Actor) -> CoreResult<()> {
    ensure_room(core.db.pool(), actor).await
}

async fn ensure_room<'e, E>(executor: E, actor: &Actor) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = crate::db::DbDriver>,
{
    let pending: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM jobs WHERE user_id = $1 AND kind = $2
         AND status IN ('queued', 'running')",
    )
    .bind(actor.id())
    .bind(jobs::kind::STORY)
    .fetch_one(executor)
    .await?;
    if pending >= MAX_PENDING_STORIES {
        return Err(CoreError::Conflict(format!(
            "{pending} of your stories are still being made; make the next once one is done"
        )));
    }
    Ok(())
}

/// The prompt for a story of the audience's length and vocabulary about `idea`.
fn story_request(audience: &Audience, preset: Option<&PresetOut>, idea: &str) -> TextRequest {
    let minutes = if audience.duration_min > 0 {
        audience.duration_min
    } else {
        5
    };
    let words = (minutes * WORDS_PER_MINUTE).clamp(MIN_WORDS, MAX_WORDS);
    let mut prompt = format!(
        "Write a story to be read aloud, about {words} words long, about: {idea}\n{}",
        audience.describe()
    );
    if let Some(template) = preset
        .map(|p| p.prompt_template.trim())
        .filter(|t| !t.is_empty())
    {
        prompt.push_str(&format!("\nStyle: {template}"));
    }
    prompt.push_str(
        "\nAnswer with the title on the first line as `Title: …`, then the story. Split it into \
         chapters of a few minutes each, each starting on its own line with `Chapter N: …`. \
         Plain text only: no markdown, no notes.",
    );
    TextRequest {
        system: audience.system_rules(),
        prompt,
        max_tokens: u32::try_from(words * 2).unwrap_or(6_000),
        json: false,
    }
}

/// The title and story of a model's answer: a `Title:` line if there is one (else the first
/// heading-like line, else the idea), the rest as the story.
fn parse_story(answer: &str, idea: &str) -> (String, String) {
    let mut lines = answer.trim().lines();
    let first = lines.next().unwrap_or_default().trim();
    let rest: String = lines.collect::<Vec<_>>().join("\n");
    let stripped = first
        .strip_prefix("Title:")
        .or_else(|| first.strip_prefix("TITLE:"))
        .or_else(|| first.strip_prefix("# "))
        .map(|t| t.trim().trim_matches(['*', '"']).trim().to_owned());
    let (title, text) = match stripped {
        Some(title) if !title.is_empty() => (title, rest),
        _ => (idea.to_owned(), answer.trim().to_owned()),
    };
    let title: String = title
        .chars()
        .take(cardsmith_model::validate::NAME_MAX_CHARS)
        .collect();
    let text: String = text
        .trim()
        .chars()
        .take(cardsmith_model::story::MAX_STORY_CHARS)
        .collect();
    (title, text)
}

/// Creates the card in `collection_id` and queues the job that fills it. The card exists
/// at once (so the parent can open it and watch it fill); a story that would hold more
/// chapters than a card may is refused before anything is made.
pub async fn make(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    input: MakeStoryInput,
) -> CoreResult<MakeStoryOut> {
    require_collection(core.db.pool(), actor, collection_id, CollectionRole::Editor).await?;
    input.validate()?;
    let audience = make_room(core, actor, collection_id, input.preset_id.as_deref()).await?;
    let chapters = chapters::split(&input.text);
    if chapters.len() as i64 > core.settings.max_tracks_per_card {
        return Err(CoreError::invalid(
            "text",
            format!(
                "makes {} chapters; a card holds at most {}",
                chapters.len(),
                core.settings.max_tracks_per_card
            ),
        ));
    }
    let voice = story_voice(
        core,
        actor,
        &audience,
        input.voice.as_deref(),
        collection_id,
    )
    .await?;
    let description = first_sentence(&input.text);
    let (job_id, card_slug) = start(
        core,
        actor,
        collection_id,
        input.title.trim(),
        description,
        |card_slug| job::StoryPayload {
            card_slug,
            text: input.text,
            voice,
            interactive: None,
        },
    )
    .await?;
    Ok(MakeStoryOut {
        job_id,
        card_slug,
        chapters: chapters.len() as i64,
    })
}

/// The voice a story is spoken in: the one asked for, else the preset's or profile's, else
/// the default offline voice of the collection's language; 422 unless the actor may use it.
async fn story_voice(
    core: &Core,
    actor: &Actor,
    audience: &Audience,
    asked: Option<&str>,
    collection_id: &str,
) -> CoreResult<String> {
    let voice = match asked {
        Some(voice) => voice.to_owned(),
        None if !audience.voice_id.is_empty() => audience.voice_id.clone(),
        None => {
            let language: String =
                sqlx::query_scalar("SELECT language FROM collections WHERE id = $1")
                    .bind(collection_id)
                    .fetch_one(core.db.pool())
                    .await?;
            crate::tts::voice_for_language(&language).await?
        }
    };
    job::check_voice(core, actor, &voice).await?;
    Ok(voice)
}

/// Creates the story's card in `collection_id` and queues the job that fills it (`payload`
/// given the card's slug); answers the job's id and the card's slug. Every way a story card
/// is made ends here, so they share the queue's limits.
async fn start(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    title: &str,
    description: String,
    payload: impl FnOnce(String) -> job::StoryPayload,
) -> CoreResult<(String, String)> {
    let card = cards::service::create_card(
        core,
        actor,
        collection_id,
        CreateCardInput {
            title: title.to_owned(),
            description,
            author: None,
            slug: None,
        },
    )
    .await?;
    let payload = payload(card.slug.clone());
    // counted again in the transaction that queues the job (one writer at a time), so
    // stories made at the same moment cannot all pass the first count; the loser's card goes
    let mut tx = core.db.begin().await?;
    if let Err(full) = ensure_room(&mut *tx, actor).await {
        tx.rollback().await?;
        cards::service::delete_card(core, actor, &card.slug).await?;
        return Err(full);
    }
    let job_id = jobs::enqueue(&mut *tx, Some(actor.id()), &payload).await?;
    tx.commit().await?;
    core.jobs.wake();
    Ok((job_id, card.slug))
}

/// The story's first sentence (at most a description's length), for the card's description.
fn first_sentence(text: &str) -> String {
    let body = chapters::split(text)
        .into_iter()
        .next()
        .map(|c| c.text)
        .unwrap_or_default();
    let end = body.find(['.', '!', '?']).map_or(body.len(), |i| i + 1);
    body[..end]
        .chars()
        .take(cardsmith_model::validate::DESCRIPTION_MAX_CHARS.min(300))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_models_answer_gives_title_and_story() {
        let (title, text) = parse_story("Title: **The Blue Boat**\n\nChapter 1: Off\nGo.", "boats");
        assert_eq!(title, "The Blue Boat");
        assert_eq!(text, "Chapter 1: Off\nGo.");
        let (title, text) = parse_story("Once there was a boat.", "a boat");
        assert_eq!(
            (title.as_str(), text.as_str()),
            ("a boat", "Once there was a boat.")
        );
    }

    #[test]
    fn the_request_asks_for_the_presets_length_for_this_child() {
        let audience = Audience {
            child_name: "Mia".into(),
            duration_min: 4,
            avoid: vec!["spiders".into()],
            ..Default::default()
        };
        let request = story_request(&audience, None, "a dragon who bakes");
        assert!(request.prompt.contains("about 520 words"));
        assert!(request.prompt.contains("a dragon who bakes"));
        assert!(request.prompt.contains("Mia"));
        assert!(request.system.contains("spiders"));
    }
}
