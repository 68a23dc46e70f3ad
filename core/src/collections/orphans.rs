//! Collections without an owner: their owner's account was deleted and nobody was named to
//! take them over. Their cards and their other members (with their roles) stay; an admin
//! gives them an owner.
//!
//! "Orphaned" is not stored: a collection is orphaned exactly when no `owner` row is left in
//! `collection_members`, so assigning an owner (here, or by any other means) ends it.

use cardsmith_model::deletion::{AssignCollectionInput, OrphanedCollectionOut};

use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::{time, Core, CoreError, CoreResult};

const NO_OWNER: &str = "NOT EXISTS (SELECT 1 FROM collection_members m
                         WHERE m.collection_id = c.id AND m.role = 'owner')";

/// Every orphaned collection, oldest first (admin).
pub async fn list(core: &Core, actor: &Actor) -> CoreResult<Vec<OrphanedCollectionOut>> {
    actor.require_admin()?;
    let sql = format!(
        "SELECT c.id, c.name, c.slug, c.description, c.created_at FROM collections c
         WHERE {NO_OWNER} ORDER BY c.created_at, c.id"
    );
    let rows: Vec<(String, String, String, String, String)> =
        sqlx::query_as(&sql).fetch_all(core.db.pool()).await?;
    Ok(rows
        .into_iter()
        .map(
            |(id, name, slug, description, created_at)| OrphanedCollectionOut {
                id,
                name,
                slug,
                description,
                created_at,
            },
        )
        .collect())
}

/// Makes an active user the owner of an orphaned collection (admin). 404 when there is no
/// such collection, 409 when it has an owner, 422 when `user_id` is no active user. A member
/// chosen as owner keeps their row, now as owner.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), collection_id = %id))]
pub async fn assign(
    core: &Core,
    actor: &Actor,
    id: &str,
    input: AssignCollectionInput,
) -> CoreResult<()> {
    actor.require_admin()?;
    input.validate()?;
    let mut tx = core.db.begin().await?;
    let sql = format!("SELECT {NO_OWNER} FROM collections c WHERE c.id = $1");
    let orphaned: Option<crate::db::Flag> = sqlx::query_scalar(&sql)
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    match orphaned.map(bool::from) {
        None => return Err(CoreError::not_found("no collection has that id")),
        Some(false) => {
            return Err(CoreError::Conflict(
                "this collection has an owner; its owners manage its members".into(),
            ))
        }
        Some(true) => {}
    }
    let user_id = input.user_id.trim();
    let active: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM users WHERE id = $1 AND status = 'active'")
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
    if active.is_none() {
        return Err(CoreError::invalid(
            "user_id",
            "must be the id of an active user",
        ));
    }
    sqlx::query(
        "INSERT INTO collection_members (collection_id, user_id, role, added_at)
         VALUES ($1, $2, 'owner', $3)
         ON CONFLICT (collection_id, user_id) DO UPDATE SET role = 'owner'",
    )
    .bind(id)
    .bind(user_id)
    .bind(time::now_str())
    .execute(&mut *tx)
    .await?;
    audit::commit(
        tx,
        AuditEvent::about(actor, user_id, "collection.assigned", id.to_owned()),
    )
    .await
}
