//! Interactive story cards in one step: from a Twine story file ([`import_twine`]), or
//! written for the collection's child ([`make_interactive`]) by the first text provider of
//! the parent's cascade, else by the offline branching templates ([`super::branching`]).
//! Either way the plan is made and checked here, the card is created at once, and the
//! `story.make` job speaks every passage and wires the story (see `job::wire`).

use cardsmith_model::interactive::plan::{
    from_twee, ExtraLinks, PlannedChoice, PlannedPassage, StoryPlan, MAX_PASSAGE_TEXT_CHARS,
};
use cardsmith_model::interactive::twee::{self, MAX_TWEE_BYTES};
use cardsmith_model::interactive::twine_html;
use cardsmith_model::story::{InteractiveStoryOut, MakeInteractiveStoryInput};
use cardsmith_model::validate::CollectionRole;
use cardsmith_model::FieldError;
use serde_json::Value;

use super::{branching, first_sentence, make_room, start, story_voice};
use crate::ai::{self, audience::Audience, TextRequest};
use crate::auth::Actor;
use crate::collections::access::require_collection;
use crate::{Core, CoreError, CoreResult};

/// Makes a card of a Twine story (Twee 3 text or a published Twine 2 `.html` page): each
/// passage spoken in `voice`, its links the buttons' choices as the platform's converter
/// reads them. 413 past 2 MiB; 422 naming the passage for what cannot be made (more than
/// 100 passages, more than three links unless `extra` keeps the first three, a file that is
/// not a story); what was changed from the file comes back as notes.
pub async fn import_twine(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    file: Vec<u8>,
    voice: Option<&str>,
    extra: ExtraLinks,
) -> CoreResult<InteractiveStoryOut> {
    require_collection(core.db.pool(), actor, collection_id, CollectionRole::Editor).await?;
    if file.len() > MAX_TWEE_BYTES {
        return Err(CoreError::TooLarge(
            "a story file may hold at most 2 MiB".into(),
        ));
    }
    let text = String::from_utf8(file)
        .map_err(|_| CoreError::invalid("file", "the file is not text (UTF-8)"))?;
    let parsed = if twine_html::is_html(&text) {
        twine_html::parse(&text)
    } else {
        twee::parse(&text)
    };
    let story = parsed.map_err(|e| CoreError::invalid("file", e.to_string()))?;
    let (plan, notes) = from_twee(&story, extra).map_err(|errors| {
        CoreError::Invalid(
            errors
                .into_iter()
                .map(|e| FieldError::new("file", e.message))
                .collect(),
        )
    })?;
    let audience = make_room(core, actor, collection_id, None).await?;
    let voice = story_voice(core, actor, &audience, voice, collection_id).await?;
    queue(core, actor, collection_id, plan, voice, "twine", notes).await
}

/// Writes a branching story of `input.passages` passages with `input.choice_points` choices
/// about `input.idea` for the collection's child, and makes it a card. A provider's story
/// is used only when it is whole (every passage reachable, every choice leading somewhere,
/// a way to an end from everywhere, no avoided theme); otherwise, and offline, the built-in
/// templates write it.
pub async fn make_interactive(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    input: MakeInteractiveStoryInput,
) -> CoreResult<InteractiveStoryOut> {
    require_collection(core.db.pool(), actor, collection_id, CollectionRole::Editor).await?;
    input.validate()?;
    let audience = make_room(core, actor, collection_id, input.preset_id.as_deref()).await?;
    let voice = story_voice(
        core,
        actor,
        &audience,
        input.voice.as_deref(),
        collection_id,
    )
    .await?;
    let (passages, points) = (input.passages as usize, input.choice_points as usize);
    let (plan, by) = match by_provider(core, actor, &audience, &input).await? {
        Some(written) => written,
        None => (
            branching::write(input.idea.trim(), &audience.child_name, passages, points),
            "offline".to_owned(),
        ),
    };
    queue(core, actor, collection_id, plan, voice, &by, Vec::new()).await
}

async fn queue(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    plan: StoryPlan,
    voice: String,
    written_by: &str,
    notes: Vec<cardsmith_model::interactive::plan::ImportNote>,
) -> CoreResult<InteractiveStoryOut> {
    let passages = plan.passages.len() as i64;
    let description = plan
        .passages
        .get(plan.start)
        .map(|p| first_sentence(&p.text))
        .unwrap_or_default();
    let title = plan.title.clone();
    let (job_id, card_slug) = start(
        core,
        actor,
        collection_id,
        &title,
        description,
        |card_slug| super::job::StoryPayload {
            card_slug,
            text: String::new(),
            voice,
            interactive: Some(plan),
        },
    )
    .await?;
    Ok(InteractiveStoryOut {
        job_id,
        card_slug,
        title,
        passages,
        written_by: written_by.to_owned(),
        notes,
    })
}

/// The story from the first text provider of the actor's cascade, when it wrote a whole
/// one; `None` without a provider or when its answer was not usable.
async fn by_provider(
    core: &Core,
    actor: &Actor,
    audience: &Audience,
    input: &MakeInteractiveStoryInput,
) -> CoreResult<Option<(StoryPlan, String)>> {
    if !ai::can_generate(core, actor.id(), ai::Capability::Text).await? {
        return Ok(None);
    }
    let request = TextRequest {
        system: audience.system_rules(),
        prompt: format!(
            "Write an interactive story to be read aloud to a child, about: {idea}\n{about}\n\
             It has exactly {n} passages. At {m} of them the child chooses between two ways \
             with the player's left or right button: such a passage ends by saying both choices \
             and which button is which (the child cannot read). Every passage can be reached \
             from the first, and every way leads to an ending.\n\
             Answer with one JSON object: {{\"title\": \"…\", \"passages\": [{{\"name\": \"…\", \
             \"text\": \"…\", \"left\": {{\"label\": \"…\", \"to\": \"<name>\"}} or null, \
             \"right\": {{…}} or null, \"next\": \"<name>\" or null}}]}}. The first passage is \
             the start; `next` is where a passage goes by itself when no button is pressed \
             (null: the story ends there).",
            idea = input.idea.trim(),
            about = audience.describe(),
            n = input.passages,
            m = input.choice_points,
        ),
        max_tokens: u32::try_from(input.passages * 400).unwrap_or(16_000),
        json: true,
    };
    let Some(generated) = ai::generate_text(core, actor.id(), &request).await? else {
        return Ok(None);
    };
    let Some(plan) = plan_from_answer(&generated.value) else {
        tracing::info!(provider = %generated.provider, "an interactive story was not usable JSON");
        return Ok(None);
    };
    let text: String = plan
        .passages
        .iter()
        .map(|p| format!("{}\n{}\n", p.title, p.text))
        .collect();
    if !audience.violations(&text).is_empty() || !is_whole(&plan) {
        tracing::info!(provider = %generated.provider, "an interactive story was not used");
        return Ok(None);
    }
    Ok(Some((plan, generated.provider)))
}

/// A model's JSON story as a plan: passages by name, ways to names that are not there left
/// out, at most a card's passages.
fn plan_from_answer(answer: &str) -> Option<StoryPlan> {
    let body = answer
        .trim()
        .trim_start_matches("```json")
        .trim_matches('`');
    let value: Value = serde_json::from_str(body.trim()).ok()?;
    let list = value.get("passages")?.as_array()?;
    let list = &list[..list.len().min(cardsmith_model::interactive::MAX_PASSAGES)];
    let names: Vec<&str> = list
        .iter()
        .map(|p| p.get("name").and_then(Value::as_str).unwrap_or_default())
        .collect();
    let index = |name: Option<&str>| name.and_then(|n| names.iter().position(|m| *m == n));
    let short = |s: &str, max: usize| s.trim().chars().take(max).collect::<String>();
    let passages: Vec<PlannedPassage> = list
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let choice = |side: &str| {
                let c = p.get(side)?;
                Some(PlannedChoice {
                    label: short(c.get("label")?.as_str()?, 100),
                    target: index(c.get("to").and_then(Value::as_str))?,
                })
                .filter(|c| !c.label.is_empty())
            };
            PlannedPassage {
                title: Some(short(names[i], 100))
                    .filter(|t| !t.is_empty())
                    .unwrap_or_else(|| format!("Passage {}", i + 1)),
                text: short(
                    p.get("text").and_then(Value::as_str).unwrap_or_default(),
                    MAX_PASSAGE_TEXT_CHARS,
                ),
                left: choice("left"),
                right: choice("right"),
                next: index(p.get("next").and_then(Value::as_str)),
            }
        })
        .collect();
    if passages.is_empty() || passages.iter().any(|p| p.text.is_empty()) {
        return None;
    }
    Some(StoryPlan {
        title: short(
            value
                .get("title")
                .and_then(Value::as_str)
                .unwrap_or("Interactive story"),
            100,
        ),
        start: 0,
        passages,
    })
}

/// Whether a plan tells a whole story: the check finds nothing once it is spoken (so a
/// choice must be said in words).
fn is_whole(plan: &StoryPlan) -> bool {
    plan.problems().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_models_story_is_taken_only_when_it_is_whole() {
        let answer = r#"```json
        {"title": "The Moon Boat", "passages": [
          {"name": "Harbour", "text": "Mia finds a boat made of moonlight by the harbour. Should she sail to the stars? Press the left button. Or row to the island? Press the right button.",
           "left": {"label": "Sail to the stars", "to": "Stars"}, "right": {"label": "Row to the island", "to": "Island"}, "next": "Harbour"},
          {"name": "Stars", "text": "The stars sing her a lullaby and she floats home to bed. The end.", "left": null, "right": null, "next": null},
          {"name": "Island", "text": "On the island a turtle shares a picnic, then the boat takes her home. The end.", "next": null}
        ]}
        ```"#;
        let plan = plan_from_answer(answer).expect("a plan");
        assert_eq!(plan.title, "The Moon Boat");
        assert_eq!(plan.passages[0].left.as_ref().unwrap().target, 1);
        assert_eq!(plan.passages[0].next, Some(0), "it waits for a choice");
        assert!(is_whole(&plan));
        // a way to a passage that is not there, and one nobody reaches: not whole
        let broken = answer.replace("\"to\": \"Island\"", "\"to\": \"Nowhere\"");
        let plan = plan_from_answer(&broken).unwrap();
        assert!(plan.passages[0].right.is_none());
        assert!(!is_whole(&plan), "the island is unreachable now");
        assert!(plan_from_answer("Once upon a time…").is_none());
        assert!(plan_from_answer(r#"{"passages": []}"#).is_none());
    }
}
