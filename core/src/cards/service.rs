//! Use cases on cards. Reading needs any role that reaches the card; changing it needs
//! editor in its home collection.

use cardsmith_model::card::{
    CardDetailOut, CardLinkOut, CardOut, CreateCardInput, MoveCardInput, PlaybackConfigOut,
    UpdateCardInput,
};
use cardsmith_model::collection::{SlugAvailableOutputBody, SlugInput};
use cardsmith_model::validate::{card_slug_problem, CollectionRole};

use super::{repo, require_card};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::collections::access::require_collection;
use crate::db::DbTx;
use crate::error::OnUnique;
use crate::slug::{self, SlugSpace};
use crate::{new_id, time, Core, CoreError, CoreResult};

pub async fn list_cards(core: &Core, actor: &Actor) -> CoreResult<Vec<CardOut>> {
    let rows = repo::list_reachable(core.db.pool(), actor.id()).await?;
    Ok(rows.into_iter().map(repo::CardRow::into_out).collect())
}

pub async fn list_collection_cards(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
) -> CoreResult<Vec<CardOut>> {
    require_collection(core.db.pool(), actor, collection_id, CollectionRole::Viewer).await?;
    let rows = repo::list_in_collection(core.db.pool(), actor.id(), collection_id).await?;
    Ok(rows.into_iter().map(repo::CardRow::into_out).collect())
}

#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), collection_id = %collection_id))]
pub async fn create_card(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    input: CreateCardInput,
) -> CoreResult<CardOut> {
    input.validate()?;
    let pool = core.db.pool();
    require_collection(pool, actor, collection_id, CollectionRole::Editor).await?;
    let insert = |slug: String| {
        let input = &input;
        async move {
            let mut tx = core.db.begin().await?;
            sqlx::query(
                "INSERT INTO cards (id, slug, home_collection_id, title, description, author, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
            )
            .bind(new_id())
            .bind(&slug)
            .bind(collection_id)
            .bind(input.title.trim())
            .bind(&input.description)
            .bind(input.author.as_deref().unwrap_or("").trim())
            .bind(time::now_str())
            .execute(&mut *tx)
            .await
            .on_unique(|| slug::taken(&slug))?;
            audit::record(&mut *tx, AuditEvent::own(actor, "card.created", slug)).await?;
            tx.commit().await?;
            Ok(())
        }
    };
    let slug = slug::insert_with_slug(
        pool,
        SlugSpace::Cards,
        input.slug.as_deref(),
        &input.title,
        insert,
    )
    .await?;
    Ok(require_card(pool, actor, &slug, CollectionRole::Viewer)
        .await?
        .into_out())
}

pub async fn get_card(core: &Core, actor: &Actor, slug: &str) -> CoreResult<CardDetailOut> {
    let pool = core.db.pool();
    let card = require_card(pool, actor, slug, CollectionRole::Viewer).await?;
    let tracks = crate::tracks::service::list(core, &card.id, &card.slug).await?;
    let owner = card.home_role.as_deref() == Some(CollectionRole::Owner.as_str());
    let links = match owner {
        true => Some(links_of(pool, &card.id).await?),
        false => None,
    };
    let story = super::story::stored(&card)?;
    Ok(CardDetailOut {
        card: card.into_out(),
        tracks: Some(tracks),
        links,
        story,
    })
}

/// Every collection `card_id` is linked into, by name, with who linked it.
async fn links_of(pool: &crate::db::DbPool, card_id: &str) -> CoreResult<Vec<CardLinkOut>> {
    let rows: Vec<(String, String, Option<String>, String)> = sqlx::query_as(
        "SELECT l.collection_id, c.name, u.display_name, l.linked_at
         FROM collection_cards l JOIN collections c ON c.id = l.collection_id
         LEFT JOIN users u ON u.id = l.linked_by
         WHERE l.card_id = $1 ORDER BY lower(c.name), l.collection_id",
    )
    .bind(card_id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(collection_id, collection_name, linked_by, linked_at)| CardLinkOut {
                collection_id,
                collection_name,
                linked_by,
                linked_at,
            },
        )
        .collect())
}

pub async fn update_card(
    core: &Core,
    actor: &Actor,
    slug: &str,
    input: UpdateCardInput,
) -> CoreResult<()> {
    input.validate()?;
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "UPDATE cards SET title = $1, description = $2, author = $3, updated_at = $4 WHERE id = $5",
    )
    .bind(input.title.trim())
    .bind(&input.description)
    .bind(input.author.as_deref().unwrap_or("").trim())
    .bind(time::now_str())
    .bind(&card.id)
    .execute(&mut *tx)
    .await?;
    audit::commit(tx, AuditEvent::own(actor, "card.updated", card.slug)).await
}

/// Deletes the card and its links into other collections (editor of its home).
pub async fn delete_card(core: &Core, actor: &Actor, slug: &str) -> CoreResult<()> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query("DELETE FROM cards WHERE id = $1")
        .bind(&card.id)
        .execute(&mut *tx)
        .await?;
    audit::record(&mut *tx, AuditEvent::own(actor, "card.deleted", card.slug)).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn slug_available(core: &Core, slug: &str) -> CoreResult<SlugAvailableOutputBody> {
    if let Some(problem) = card_slug_problem(slug) {
        return Err(CoreError::invalid("slug", problem));
    }
    let taken = slug::is_taken(core.db.pool(), SlugSpace::Cards, slug).await?;
    Ok(SlugAvailableOutputBody { available: !taken })
}

pub async fn change_slug(
    core: &Core,
    actor: &Actor,
    slug: &str,
    input: SlugInput,
) -> CoreResult<()> {
    input.validate()?;
    if let Some(problem) = card_slug_problem(&input.slug) {
        return Err(CoreError::invalid("slug", problem));
    }
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    if card.slug == input.slug {
        return Ok(());
    }
    let mut tx = core.db.begin().await?;
    sqlx::query("UPDATE cards SET slug = $1, updated_at = $2 WHERE id = $3")
        .bind(&input.slug)
        .bind(time::now_str())
        .bind(&card.id)
        .execute(&mut *tx)
        .await
        .on_unique(|| slug::taken(&input.slug))?;
    audit::commit(
        tx,
        AuditEvent::own(
            actor,
            "card.slug_changed",
            format!("{} → {}", card.slug, input.slug),
        ),
    )
    .await
}

/// Moves the card's home: owner of the current home (whoever owns the home owns the card: an
/// editor moving it into a collection of their own would take it from its owners) and editor
/// of the new one. A link of the card into the new home becomes redundant and is dropped.
pub async fn move_home(
    core: &Core,
    actor: &Actor,
    slug: &str,
    input: MoveCardInput,
) -> CoreResult<()> {
    let pool = core.db.pool();
    let card = require_card(pool, actor, slug, CollectionRole::Owner).await?;
    if input.collection_id.trim().is_empty() {
        return Err(CoreError::invalid("collection_id", "is required"));
    }
    require_collection(pool, actor, &input.collection_id, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    rehome(&mut tx, &card.id, &input.collection_id).await?;
    let detail = format!("{} → collection {}", card.slug, input.collection_id);
    audit::commit(tx, AuditEvent::own(actor, "card.moved", detail)).await
}

/// Makes `collection_id` the home of card `card_id`, in `tx`; a link of the card into its new
/// home would show it there twice, so it goes.
pub(crate) async fn rehome(
    tx: &mut DbTx<'_>,
    card_id: &str,
    collection_id: &str,
) -> CoreResult<()> {
    sqlx::query("UPDATE cards SET home_collection_id = $1, updated_at = $2 WHERE id = $3")
        .bind(collection_id)
        .bind(time::now_str())
        .bind(card_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM collection_cards WHERE collection_id = $1 AND card_id = $2")
        .bind(collection_id)
        .bind(card_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn get_playback(core: &Core, actor: &Actor, slug: &str) -> CoreResult<PlaybackConfigOut> {
    Ok(
        require_card(core.db.pool(), actor, slug, CollectionRole::Viewer)
            .await?
            .playback(),
    )
}

pub async fn set_playback(
    core: &Core,
    actor: &Actor,
    slug: &str,
    input: PlaybackConfigOut,
) -> CoreResult<()> {
    input.validate()?;
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "UPDATE cards SET autoadvance = $1, shuffle = $2, overlay_timeout = $3, resume_timeout = $4, updated_at = $5
         WHERE id = $6",
    )
    .bind(&input.autoadvance)
    .bind(&input.shuffle)
    .bind(input.overlay_timeout)
    .bind(input.resume_timeout)
    .bind(time::now_str())
    .bind(&card.id)
    .execute(&mut *tx)
    .await?;
    audit::commit(tx, AuditEvent::own(actor, "card.playback_set", card.slug)).await
}
