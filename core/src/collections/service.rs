//! Use cases on collections themselves.

use cardsmith_i18n::t;
use cardsmith_model::collection::{
    CollectionOut, CollectionStatsOutputBody, CreateCollectionInput, GetCollectionOutputBody,
    SlugAvailableOutputBody, SlugInput, UpdateCollectionInput,
};
use cardsmith_model::validate::{slug_problem, CollectionRole};

use super::access::require_collection;
use super::repo::{self, NewCollection};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::repo as card_repo;
use crate::error::OnUnique;
use crate::media::image;
use crate::slug::{self, SlugSpace};
use crate::{new_id, time, Core, CoreError, CoreResult};

pub async fn list(core: &Core, actor: &Actor) -> CoreResult<Vec<CollectionOut>> {
    repo::list_for(core.db.pool(), actor.id()).await
}

async fn load(core: &Core, actor: &Actor, id: &str) -> CoreResult<CollectionOut> {
    repo::find_for(core.db.pool(), actor.id(), id)
        .await?
        .ok_or_else(|| CoreError::not_found("no collection with that id"))
}

#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn create(
    core: &Core,
    actor: &Actor,
    input: CreateCollectionInput,
) -> CoreResult<CollectionOut> {
    input.validate()?;
    let pool = core.db.pool();
    let id = new_id();
    let insert = |slug: String| {
        let (input, id) = (&input, &id);
        async move {
            let mut tx = core.db.begin().await?;
            let new = NewCollection {
                id,
                name: &input.name,
                slug: &slug,
                description: &input.description,
                // the creator's own language unless they name another
                language: input.language.as_deref().unwrap_or(actor.locale.code()),
            };
            repo::insert(&mut tx, new, actor.id())
                .await
                .on_unique(|| slug::taken(&slug))?;
            audit::record(&mut *tx, AuditEvent::own(actor, "collection.created", slug)).await?;
            tx.commit().await?;
            Ok(())
        }
    };
    slug::insert_with_slug(
        pool,
        SlugSpace::Collections,
        input.slug.as_deref(),
        &input.name,
        insert,
    )
    .await?;
    load(core, actor, &id).await
}

pub async fn get(core: &Core, actor: &Actor, id: &str) -> CoreResult<GetCollectionOutputBody> {
    let collection = load(core, actor, id).await?;
    let cards = card_repo::list_in_collection(core.db.pool(), actor.id(), id).await?;
    Ok(GetCollectionOutputBody {
        collection,
        cards: Some(
            cards
                .into_iter()
                .map(card_repo::CardRow::into_out)
                .collect(),
        ),
    })
}

pub async fn get_by_slug(
    core: &Core,
    actor: &Actor,
    slug: &str,
) -> CoreResult<GetCollectionOutputBody> {
    let id = id_by_slug(core, slug).await?;
    get(core, actor, &id).await.map_err(named_by_slug)
}

/// The collection with the slug `slug`, without its cards: what a page shows beside its own
/// paged list of them (`get_by_slug` lists every card).
pub async fn find_by_slug(core: &Core, actor: &Actor, slug: &str) -> CoreResult<CollectionOut> {
    let id = id_by_slug(core, slug).await?;
    load(core, actor, &id).await.map_err(named_by_slug)
}

/// What the collection page counts, from one query after one access check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardCounts {
    /// Cards whose home it is: what deleting it with its cards would delete (cards linked in
    /// from elsewhere stay).
    pub homed: u64,
    /// Cards in it, homed or linked, with at least one track: what publishing or seeding it
    /// would send.
    pub with_tracks: u64,
}

pub async fn card_counts(core: &Core, actor: &Actor, id: &str) -> CoreResult<CardCounts> {
    load(core, actor, id).await?;
    let (homed, with_tracks): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN card.home_collection_id = $1 THEN 1 ELSE 0 END), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN card.track_count > 0 THEN 1 ELSE 0 END), 0) AS BIGINT)
         FROM cards card
         WHERE card.home_collection_id = $1
            OR EXISTS (SELECT 1 FROM collection_cards link
                       WHERE link.collection_id = $1 AND link.card_id = card.id)",
    )
    .bind(id)
    .fetch_one(core.db.pool())
    .await?;
    Ok(CardCounts {
        homed: u64::try_from(homed).unwrap_or_default(),
        with_tracks: u64::try_from(with_tracks).unwrap_or_default(),
    })
}

async fn id_by_slug(core: &Core, slug: &str) -> CoreResult<String> {
    repo::id_by_slug(core.db.pool(), slug)
        .await?
        .ok_or_else(|| CoreError::not_found("no collection with that slug"))
}

/// A collection asked for by slug is "not found" by slug, whatever the lookup said.
fn named_by_slug(e: CoreError) -> CoreError {
    match e {
        CoreError::NotFound(_) => CoreError::not_found("no collection with that slug"),
        other => other,
    }
}

pub async fn update(
    core: &Core,
    actor: &Actor,
    id: &str,
    input: UpdateCollectionInput,
) -> CoreResult<()> {
    input.validate()?;
    require_collection(core.db.pool(), actor, id, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "UPDATE collections SET name = $1, description = $2, language = COALESCE($3, language),
                updated_at = $4
         WHERE id = $5",
    )
    .bind(input.name.trim())
    .bind(&input.description)
    .bind(input.language.as_deref())
    .bind(time::now_str())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    audit::commit(tx, AuditEvent::own(actor, "collection.updated", id)).await
}

/// Deletes a collection (owner). Without `cascade`, a collection that is still the home of
/// cards is refused (409) so no card is lost by accident; with it, those cards go too. Links
/// of other collections' cards into it are always removed; those cards stay in their homes.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), collection_id = %id))]
pub async fn delete(core: &Core, actor: &Actor, id: &str, cascade: bool) -> CoreResult<()> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Owner).await?;
    let mut tx = core.db.begin().await?;
    let homed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM cards WHERE home_collection_id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    if homed > 0 && !cascade {
        let cards = match homed {
            1 => "1 card".to_owned(),
            n => format!("{n} cards"),
        };
        return Err(CoreError::Conflict(format!(
            "this collection is home to {cards}: move them elsewhere first, or delete with cascade=true to delete them too"
        )));
    }
    sqlx::query("DELETE FROM cards WHERE home_collection_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM collections WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    audit::record(
        &mut *tx,
        AuditEvent::own(
            actor,
            "collection.deleted",
            format!("{id}, {homed} card(s)"),
        ),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

pub async fn slug_available(core: &Core, slug: &str) -> CoreResult<SlugAvailableOutputBody> {
    if let Some(problem) = slug_problem(slug) {
        return Err(CoreError::invalid("slug", problem));
    }
    let taken = slug::is_taken(core.db.pool(), SlugSpace::Collections, slug).await?;
    Ok(SlugAvailableOutputBody { available: !taken })
}

pub async fn change_slug(core: &Core, actor: &Actor, id: &str, input: SlugInput) -> CoreResult<()> {
    input.validate()?;
    require_collection(core.db.pool(), actor, id, CollectionRole::Owner).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query("UPDATE collections SET slug = $1, updated_at = $2 WHERE id = $3 AND slug <> $1")
        .bind(&input.slug)
        .bind(time::now_str())
        .bind(id)
        .execute(&mut *tx)
        .await
        .on_unique(|| slug::taken(&input.slug))?;
    let detail = format!("{id} → {}", input.slug);
    audit::commit(
        tx,
        AuditEvent::own(actor, "collection.slug_changed", detail),
    )
    .await
}

/// The caller's default collection, created ("My recordings") when they have none.
pub async fn default_collection(core: &Core, actor: &Actor) -> CoreResult<CollectionOut> {
    let pool = core.db.pool();
    let existing: Option<String> =
        sqlx::query_scalar("SELECT collection_id FROM user_default_collections WHERE user_id = $1")
            .bind(actor.id())
            .fetch_optional(pool)
            .await?;
    if let Some(id) = existing {
        if let Some(found) = repo::find_for(pool, actor.id(), &id).await? {
            return Ok(found);
        }
    }
    // named and described in the person's language, and speaking it
    let name = t!(actor.locale, "coll-default-name");
    let slug = slug::unique_from_title(
        pool,
        SlugSpace::Collections,
        &format!("{name} {}", actor.user.display_name),
    )
    .await?;
    let id = new_id();
    let mut tx = core.db.begin().await?;
    let new = NewCollection {
        id: &id,
        name: &name,
        slug: &slug,
        description: &t!(actor.locale, "coll-default-description"),
        language: actor.locale.code(),
    };
    repo::insert(&mut tx, new, actor.id())
        .await
        .on_unique(|| slug::taken(&slug))?;
    set_default_in(&mut tx, actor.id(), &id).await?;
    tx.commit().await?;
    load(core, actor, &id).await
}

async fn set_default_in(
    tx: &mut crate::db::DbTx<'_>,
    user_id: &str,
    collection_id: &str,
) -> CoreResult<()> {
    sqlx::query(
        "INSERT INTO user_default_collections (user_id, collection_id) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET collection_id = excluded.collection_id",
    )
    .bind(user_id)
    .bind(collection_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Makes a collection the caller's default; quick recordings create cards there, so it needs
/// editor.
pub async fn set_default(core: &Core, actor: &Actor, id: &str) -> CoreResult<()> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    set_default_in(&mut tx, actor.id(), id).await?;
    audit::commit(tx, AuditEvent::own(actor, "collection.default_set", id)).await
}

pub async fn get_background(
    core: &Core,
    actor: &Actor,
    id: &str,
) -> CoreResult<(Vec<u8>, String, String)> {
    let collection = load(core, actor, id).await?;
    let hash = collection
        .background_image_hash
        .ok_or_else(|| CoreError::not_found("this collection has no background image"))?;
    let (bytes, content_type) = image::load(core, &hash).await?;
    Ok((bytes, content_type, hash))
}

pub async fn set_background(
    core: &Core,
    actor: &Actor,
    id: &str,
    bytes: Vec<u8>,
) -> CoreResult<()> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Editor).await?;
    let stored = image::store_upload(core, bytes).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query("UPDATE collections SET background_image_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(&stored.hash)
        .bind(time::now_str())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    audit::commit(tx, AuditEvent::own(actor, "collection.background_set", id)).await
}

pub async fn stats(core: &Core, actor: &Actor, id: &str) -> CoreResult<CollectionStatsOutputBody> {
    let collection = load(core, actor, id).await?;
    let disk_bytes: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(i.size_bytes), 0) AS BIGINT) FROM images i WHERE i.hash IN (
             SELECT cover_hash FROM cards WHERE home_collection_id = $1
             UNION SELECT back_cover_hash FROM cards WHERE home_collection_id = $1
             UNION SELECT background_image_hash FROM collections WHERE id = $1)",
    )
    .bind(id)
    .fetch_one(core.db.pool())
    .await?;
    Ok(CollectionStatsOutputBody {
        card_count: collection.card_count,
        disk_bytes,
        published_count: 0,
        total_duration_s: 0,
        track_count: 0,
    })
}
