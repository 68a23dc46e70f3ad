//! Who may see and change a collection or a card.
//!
//! A collection is visible only to its members; to anybody else it does not exist (404, not
//! 403, so ids and slugs leak nothing). A card's home collection decides what its members may
//! do; members of a collection the card is merely linked into may look at it.

use cardsmith_model::validate::CollectionRole;

use crate::auth::Actor;
use crate::db::DbPool;
use crate::{CoreError, CoreResult};

/// The caller's role in `collection_id`, if any.
pub async fn role_in(
    pool: &DbPool,
    collection_id: &str,
    user_id: &str,
) -> CoreResult<Option<CollectionRole>> {
    let role: Option<String> = sqlx::query_scalar(
        "SELECT role FROM collection_members WHERE collection_id = $1 AND user_id = $2",
    )
    .bind(collection_id)
    .bind(user_id)
    .fetch_optional(pool)
    .await?;
    Ok(role.as_deref().and_then(CollectionRole::parse))
}

/// Checks that the caller holds at least `needed` in the collection and returns their role.
pub async fn require_collection(
    pool: &DbPool,
    actor: &Actor,
    collection_id: &str,
    needed: CollectionRole,
) -> CoreResult<CollectionRole> {
    let role = role_in(pool, collection_id, actor.id())
        .await?
        .ok_or_else(|| CoreError::not_found("no collection with that id"))?;
    allow(role, needed, "collection")?;
    Ok(role)
}

/// 403 naming the role that is missing.
pub fn allow(role: CollectionRole, needed: CollectionRole, what: &str) -> CoreResult<()> {
    if role >= needed {
        Ok(())
    } else {
        Err(CoreError::Forbidden(format!(
            "you are {} of this {what}; this needs {}",
            article(role),
            article(needed)
        )))
    }
}

fn article(role: CollectionRole) -> &'static str {
    match role {
        CollectionRole::Owner => "an owner",
        CollectionRole::Editor => "an editor",
        CollectionRole::Viewer => "a viewer",
    }
}
