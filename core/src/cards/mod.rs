//! Cards: creation in a collection, editing, covers, playback, moving and deleting.

pub mod batch;
pub mod cover;
pub mod generate;
pub mod generate_job;
pub mod list_cache;
pub mod repo;
pub mod search;
pub mod service;
pub mod story;

use cardsmith_model::validate::CollectionRole;

use crate::auth::Actor;
use crate::collections::access::allow;
use crate::db::DbPool;
use crate::{CoreError, CoreResult};

/// The card behind `slug` if the caller holds at least `needed` on it (404 when they cannot
/// reach it at all).
pub async fn require_card(
    pool: &DbPool,
    actor: &Actor,
    slug: &str,
    needed: CollectionRole,
) -> CoreResult<repo::CardRow> {
    let card = repo::find_reachable(pool, actor.id(), slug)
        .await?
        .ok_or_else(|| CoreError::not_found("no card with that slug"))?;
    let role = card
        .home_role
        .as_deref()
        .and_then(CollectionRole::parse)
        .unwrap_or(CollectionRole::Viewer);
    allow(role, needed, "card's home collection")?;
    Ok(card)
}

/// Each card `keys` names (slug or id) that `actor` can see, in order; a key naming none is
/// the error at `{field}/N`, in the same words for a card that does not exist and one out of
/// sight. Answers them all, so a caller refusing a batch names every key at fault.
pub async fn each_seen(
    pool: &DbPool,
    actor: &Actor,
    keys: &[String],
    field: &str,
) -> CoreResult<Vec<Result<repo::CardRow, cardsmith_model::FieldError>>> {
    let mut out = Vec::with_capacity(keys.len());
    for (i, key) in keys.iter().enumerate() {
        let card = repo::find_reachable_by_id_or_slug(pool, actor.id(), key.trim()).await?;
        out.push(card.ok_or_else(|| {
            cardsmith_model::FieldError::new(&format!("{field}/{i}"), "is not a card you can see")
        }));
    }
    Ok(out)
}
