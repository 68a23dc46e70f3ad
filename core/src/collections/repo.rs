//! SQL for collections as their members see them.

use cardsmith_model::collection::CollectionOut;

use crate::db::{DbDriver, DbPool};
use crate::CoreResult;

/// A collection to insert.
pub struct NewCollection<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    /// One of [`cardsmith_model::collection::LANGUAGES`].
    pub language: &'a str,
}

/// Every `CollectionOut` column, for the user bound as `$1`.
const SELECT_FOR_USER: &str = "
    SELECT c.id, c.name, c.slug, c.description, c.background_image_hash, c.language, c.created_at,
           m.role AS viewer_role,
           EXISTS (SELECT 1 FROM user_default_collections d
                   WHERE d.user_id = $1 AND d.collection_id = c.id) AS is_default,
           (SELECT COUNT(*) FROM cards h WHERE h.home_collection_id = c.id)
             + (SELECT COUNT(*) FROM collection_cards l WHERE l.collection_id = c.id) AS card_count
    FROM collections c
    JOIN collection_members m ON m.collection_id = c.id AND m.user_id = $1";

#[derive(sqlx::FromRow)]
struct CollectionRow {
    id: String,
    name: String,
    slug: String,
    description: String,
    background_image_hash: Option<String>,
    language: String,
    created_at: String,
    viewer_role: String,
    #[sqlx(try_from = "crate::db::Flag")]
    is_default: bool,
    card_count: i64,
}

impl From<CollectionRow> for CollectionOut {
    fn from(r: CollectionRow) -> Self {
        Self {
            id: r.id,
            name: r.name,
            slug: r.slug,
            description: r.description,
            is_default: r.is_default,
            card_count: r.card_count,
            background_image_hash: r.background_image_hash,
            viewer_role: Some(r.viewer_role),
            language: r.language,
            created_at: r.created_at,
        }
    }
}

/// The user's collections, default first, then by name.
pub async fn list_for(pool: &DbPool, user_id: &str) -> CoreResult<Vec<CollectionOut>> {
    let sql = format!("{SELECT_FOR_USER} ORDER BY is_default DESC, lower(c.name), c.id");
    let rows: Vec<CollectionRow> = sqlx::query_as(&sql).bind(user_id).fetch_all(pool).await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// One collection by id, if the user is a member.
pub async fn find_for(pool: &DbPool, user_id: &str, id: &str) -> CoreResult<Option<CollectionOut>> {
    let sql = format!("{SELECT_FOR_USER} WHERE c.id = $2");
    let row: Option<CollectionRow> = sqlx::query_as(&sql)
        .bind(user_id)
        .bind(id)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(Into::into))
}

/// The id behind a slug (membership is checked by the caller).
pub async fn id_by_slug(pool: &DbPool, slug: &str) -> CoreResult<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT id FROM collections WHERE slug = $1")
            .bind(slug)
            .fetch_optional(pool)
            .await?,
    )
}

pub async fn slug_taken<'e, E>(executor: E, slug: &str) -> CoreResult<bool>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM collections WHERE slug = $1")
        .bind(slug)
        .fetch_one(executor)
        .await?;
    Ok(n > 0)
}

/// Inserts a collection with `owner_id` as its first owner.
pub async fn insert<'c>(
    tx: &mut crate::db::DbTx<'c>,
    new: NewCollection<'_>,
    owner_id: &str,
) -> Result<(), sqlx::Error> {
    let NewCollection {
        id,
        name,
        slug,
        description,
        language,
    } = new;
    let now = crate::time::now_str();
    sqlx::query(
        "INSERT INTO collections (id, name, slug, description, language, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(id)
    .bind(name.trim())
    .bind(slug)
    .bind(description)
    .bind(language)
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO collection_members (collection_id, user_id, role, added_at) VALUES ($1, $2, 'owner', $3)",
    )
    .bind(id)
    .bind(owner_id)
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
