//! Cards shown in collections other than their home: linking one in, and taking it out.

use cardsmith_model::collection::LinkCardInput;
use cardsmith_model::validate::CollectionRole;

use super::access::{allow, require_collection, role_in};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::repo as card_repo;
use crate::db::DbTx;
use crate::{time, Core, CoreError, CoreResult};

/// Shows a card in this collection too. Needs editor here and editor in the card's home:
/// a link hands the card to everybody in this collection, which only those who may share the
/// card from its home can decide (a viewer, or somebody who sees it through another link,
/// cannot pass it on). The link remembers its maker, so it ends when they lose editor in the
/// home (see `members`). Linking twice is fine; the latest maker owns the link.
pub async fn link_card(
    core: &Core,
    actor: &Actor,
    id: &str,
    input: LinkCardInput,
) -> CoreResult<()> {
    let pool = core.db.pool();
    require_collection(pool, actor, id, CollectionRole::Editor).await?;
    let card = card_repo::find_reachable_by_id_or_slug(pool, actor.id(), input.card_id.trim())
        .await?
        .ok_or_else(|| CoreError::not_found("no card with that id"))?;
    match card.home_role.as_deref().and_then(CollectionRole::parse) {
        Some(role) => allow(role, CollectionRole::Editor, "card's home collection")?,
        None => {
            return Err(CoreError::Forbidden(
                "you see this card through a link; only editors of its home collection can link it elsewhere".into(),
            ))
        }
    }
    if card.home_collection_id == id {
        return Err(CoreError::Conflict(
            "this collection is already the card's home".into(),
        ));
    }
    let mut tx = core.db.begin().await?;
    insert_link(&mut tx, id, &card.id, actor.id()).await?;
    let detail = format!("{} into {id}", card.slug);
    audit::commit(tx, AuditEvent::own(actor, "collection.card_linked", detail)).await
}

/// Links card `card_id` into collection `id` as `by`'s link, in `tx` (linking twice is
/// fine; the latest maker owns the link).
pub(crate) async fn insert_link(
    tx: &mut DbTx<'_>,
    id: &str,
    card_id: &str,
    by: &str,
) -> CoreResult<()> {
    sqlx::query(
        "INSERT INTO collection_cards (collection_id, card_id, linked_at, linked_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (collection_id, card_id) DO UPDATE SET linked_by = excluded.linked_by",
    )
    .bind(id)
    .bind(card_id)
    .bind(time::now_str())
    .bind(by)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Takes a linked card out of collection `id`: its editors may, and so may the owners of the
/// card's home, from any collection (they decide who sees their card). Anybody else gets the
/// answer they got before asking about the card: 404 or 403 for the collection.
pub async fn unlink_card(core: &Core, actor: &Actor, id: &str, card_id: &str) -> CoreResult<()> {
    let pool = core.db.pool();
    let editor_here = role_in(pool, id, actor.id())
        .await?
        .is_some_and(|role| role >= CollectionRole::Editor);
    if !editor_here && !owns_linked_card(pool, actor, id, card_id).await? {
        require_collection(pool, actor, id, CollectionRole::Editor).await?;
    }
    let mut tx = core.db.begin().await?;
    let removed = sqlx::query(
        "DELETE FROM collection_cards WHERE collection_id = $1
         AND card_id IN (SELECT id FROM cards WHERE id = $2 OR slug = $2)",
    )
    .bind(id)
    .bind(card_id)
    .execute(&mut *tx)
    .await?;
    if removed.rows_affected() == 0 {
        return Err(CoreError::not_found(
            "that card is not linked into this collection",
        ));
    }
    let detail = format!("{card_id} from {id}");
    audit::commit(
        tx,
        AuditEvent::own(actor, "collection.card_unlinked", detail),
    )
    .await
}

/// Whether the caller owns the home of the card (by id or slug) linked into collection `id`.
async fn owns_linked_card(
    pool: &crate::db::DbPool,
    actor: &Actor,
    id: &str,
    card_id: &str,
) -> CoreResult<bool> {
    let found: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM collection_cards l
         JOIN cards c ON c.id = l.card_id
         JOIN collection_members m ON m.collection_id = c.home_collection_id
              AND m.user_id = $3 AND m.role = 'owner'
         WHERE l.collection_id = $1 AND (c.id = $2 OR c.slug = $2)",
    )
    .bind(id)
    .bind(card_id)
    .bind(actor.id())
    .fetch_one(pool)
    .await?;
    Ok(found > 0)
}
