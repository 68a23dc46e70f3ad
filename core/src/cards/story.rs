//! A card's story: whether it plays linear or interactive, and its graph of passages
//! (`cardsmith_model::interactive`). Read by viewers, replaced whole by editors after the
//! check finds no error, and kept in step with the card's tracks by every track operation
//! ([`follow_tracks`]), in the same transaction as the operation.

use cardsmith_model::interactive::check::{check, StoryProblem, TrackFacts};
use cardsmith_model::interactive::{playback_type, StoryGraph, StoryIn, StoryOut};
use cardsmith_model::validate::CollectionRole;
use cardsmith_model::FieldError;

use super::repo::CardRow;
use super::require_card;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::db::DbTx;
use crate::tracks::repo::{self as track_repo, TrackRow};
use crate::{time, Core, CoreError, CoreResult};

/// The card's stored story, `None` when it never had one.
pub fn stored(card: &CardRow) -> CoreResult<Option<StoryGraph>> {
    card.story.as_deref().map(parse).transpose()
}

fn parse(json: &str) -> CoreResult<StoryGraph> {
    serde_json::from_str(json).map_err(|e| CoreError::internal("reading a card's story", e))
}

/// What the check needs of each playable track.
pub fn facts(tracks: &[TrackRow]) -> Vec<TrackFacts<'_>> {
    tracks
        .iter()
        .map(|t| TrackFacts {
            id: &t.id,
            title: &t.title,
            seconds: t.duration_ms.map(|ms| ms as f64 / 1000.0),
        })
        .collect()
}

/// The story a card tells: the stored one, or its tracks in order.
pub fn story_of(card: &CardRow, tracks: &[TrackRow]) -> CoreResult<StoryGraph> {
    Ok(stored(card)?.unwrap_or_else(|| StoryGraph::linear(tracks.iter().map(|t| t.id.as_str()))))
}

/// Why the platform could not play `card` as a story: the check's errors, for an interactive
/// card (a linear card publishes its tracks in order, whatever story it keeps).
pub fn publish_errors(card: &CardRow, tracks: &[TrackRow]) -> CoreResult<Vec<String>> {
    if card.playback_type != playback_type::INTERACTIVE {
        return Ok(Vec::new());
    }
    let story = story_of(card, tracks)?;
    Ok(check(&story, &facts(tracks))
        .into_iter()
        .filter(StoryProblem::is_error)
        .map(|p| p.message)
        .collect())
}

/// `GET /cards/{slug}/story` (viewer).
pub async fn get_story(core: &Core, actor: &Actor, slug: &str) -> CoreResult<StoryOut> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Viewer).await?;
    let tracks = track_repo::list_playable(core.db.pool(), &card.id).await?;
    let story = story_of(&card, &tracks)?;
    Ok(StoryOut {
        problems: check(&story, &facts(&tracks)),
        playback_type: card.playback_type,
        story,
    })
}

/// `PUT /cards/{slug}/story` (editor): replaces the story whole when the check finds no
/// error in it (422 lists every error, at the passage it is about); warnings are answered
/// with the saved story.
pub async fn put_story(
    core: &Core,
    actor: &Actor,
    slug: &str,
    input: StoryIn,
) -> CoreResult<StoryOut> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    if ![playback_type::LINEAR, playback_type::INTERACTIVE].contains(&input.playback_type.as_str())
    {
        return Err(CoreError::invalid(
            "playback_type",
            "must be linear or interactive",
        ));
    }
    let mut tx = core.db.begin().await?;
    lock(&mut tx, &card.id).await?;
    let tracks = track_repo::list_playable(&mut *tx, &card.id).await?;
    let problems = check(&input.story, &facts(&tracks));
    let errors: Vec<FieldError> = problems
        .iter()
        .filter(|p| p.is_error())
        .map(|p| FieldError::new(&field_of(&input.story, p), p.message.clone()))
        .collect();
    if !errors.is_empty() {
        return Err(CoreError::Invalid(errors));
    }
    let json = serde_json::to_string(&input.story)
        .map_err(|e| CoreError::internal("writing a card's story", e))?;
    sqlx::query("UPDATE cards SET playback_type = $1, story = $2, updated_at = $3 WHERE id = $4")
        .bind(&input.playback_type)
        .bind(&json)
        .bind(time::now_str())
        .bind(&card.id)
        .execute(&mut *tx)
        .await?;
    audit::commit(tx, AuditEvent::own(actor, "card.story_updated", card.slug)).await?;
    Ok(StoryOut {
        playback_type: input.playback_type,
        story: input.story,
        problems,
    })
}

/// Where in the request body a problem is: its passage, the start, or the whole story.
fn field_of(story: &StoryGraph, problem: &StoryProblem) -> String {
    match (&problem.passage, problem.code.as_str()) {
        (_, "no_start") => "story/start".into(),
        (Some(id), _) => match story.passages.iter().position(|p| &p.track_id == id) {
            Some(i) => format!("story/passages/{i}"),
            None => "story/passages".into(),
        },
        (None, _) => "story/passages".into(),
    }
}

/// Holds the card's row for the rest of `tx`: a story is read, changed and written back
/// whole, and two writers must not interleave (a row lock on PostgreSQL, the write lock on
/// SQLite).
async fn lock(tx: &mut DbTx<'_>, card_id: &str) -> CoreResult<()> {
    sqlx::query("UPDATE cards SET story = story WHERE id = $1")
        .bind(card_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Changes the card's stored story with `change`, in `tx` (a track operation's); a card
/// that never had a story has nothing to follow: its tracks in order are its story.
pub(crate) async fn follow_tracks(
    tx: &mut DbTx<'_>,
    card_id: &str,
    change: impl FnOnce(&mut StoryGraph),
) -> CoreResult<()> {
    lock(tx, card_id).await?;
    let json: Option<String> = sqlx::query_scalar("SELECT story FROM cards WHERE id = $1")
        .bind(card_id)
        .fetch_one(&mut **tx)
        .await?;
    let Some(json) = json else {
        return Ok(());
    };
    let mut story = parse(&json)?;
    change(&mut story);
    let json =
        serde_json::to_string(&story).map_err(|e| CoreError::internal("writing a story", e))?;
    sqlx::query("UPDATE cards SET story = $1 WHERE id = $2")
        .bind(json)
        .bind(card_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
