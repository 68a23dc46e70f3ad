//! SQL for cards as a given user can reach them.

use cardsmith_model::card::{CardOut, PlaybackConfigOut};
use cardsmith_model::icons::PaletteOut;
use sha2::{Digest, Sha256};

use crate::db::DbPool;
use crate::CoreResult;

/// The `FROM … WHERE …` of cards the user bound as `$1` can reach: home in one of their
/// collections, or linked into one. `card` is the card and `hm` their membership of its home
/// collection (`hm.role` their role there, NULL when they reach it through a link); a literal
/// argument adds joins after `card`. A macro, so every query that checks access says it in
/// these words (`concat!` takes literals only).
macro_rules! reachable_cards {
    ($($join:literal)?) => {
        concat!(
            "
    FROM cards card ",
            $($join,)?
            "
    LEFT JOIN collection_members hm ON hm.collection_id = card.home_collection_id AND hm.user_id = $1
    WHERE (hm.user_id IS NOT NULL OR EXISTS (
        SELECT 1 FROM collection_cards l
        JOIN collection_members lm ON lm.collection_id = l.collection_id AND lm.user_id = $1
        WHERE l.card_id = card.id))"
        )
    };
}
pub(crate) use reachable_cards;

/// Cards the user bound as `$1` can reach, with their home collection's name.
pub(super) const SELECT_REACHABLE: &str = concat!(
    "
    SELECT card.id, card.slug, card.title, card.description, card.author,
           card.home_collection_id, hc.name AS collection_name, hc.slug AS collection_slug,
           card.cover_prompt, card.back_cover_prompt, card.cover_hash, card.back_cover_hash,
           card.autoadvance, card.shuffle, card.overlay_timeout, card.resume_timeout,
           card.track_count, card.total_duration_ms, card.source_types, card.tracks_digest,
           card.icon_theme, card.created_at, card.updated_at, hm.role AS home_role",
    reachable_cards!("JOIN collections hc ON hc.id = card.home_collection_id")
);

/// A card row with everything `CardOut` and the access checks need.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CardRow {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub author: String,
    pub home_collection_id: String,
    pub collection_name: String,
    pub collection_slug: String,
    pub cover_prompt: String,
    pub back_cover_prompt: String,
    pub cover_hash: Option<String>,
    pub back_cover_hash: Option<String>,
    pub autoadvance: String,
    pub shuffle: String,
    pub overlay_timeout: i64,
    pub resume_timeout: i64,
    pub track_count: i64,
    pub total_duration_ms: i64,
    /// Comma-separated, sorted.
    pub source_types: String,
    /// Digest of the playable tracks (see `tracks::repo::settle_card`).
    pub tracks_digest: String,
    /// The approved icon theme as stored (JSON, see `icon_generation::theme::Theme`).
    pub icon_theme: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// The user's role in the home collection, if a member.
    pub home_role: Option<String>,
}

impl CardRow {
    pub fn playback(&self) -> PlaybackConfigOut {
        PlaybackConfigOut {
            autoadvance: self.autoadvance.clone(),
            shuffle: self.shuffle.clone(),
            overlay_timeout: self.overlay_timeout,
            resume_timeout: self.resume_timeout,
        }
    }

    /// SHA-256 over everything a publish would send: text, cover, playback and the tracks
    /// (titles, audio, order). Equal hashes mean a re-publish has nothing to do.
    pub fn content_hash(&self) -> String {
        let mut h = Sha256::new();
        for part in [
            self.title.as_str(),
            self.description.as_str(),
            self.author.as_str(),
            self.cover_hash.as_deref().unwrap_or(""),
            self.autoadvance.as_str(),
            self.shuffle.as_str(),
            &self.overlay_timeout.to_string(),
            &self.resume_timeout.to_string(),
            self.tracks_digest.as_str(),
        ] {
            h.update(part.as_bytes());
            h.update([0u8]);
        }
        hex::encode(h.finalize())
    }

    pub fn into_out(self) -> CardOut {
        let content_hash = Some(self.content_hash());
        CardOut {
            viewer_role: Some(self.home_role.clone().unwrap_or_else(|| "viewer".into())),
            slug: self.slug,
            title: self.title,
            description: self.description,
            author: self.author,
            collection_id: self.home_collection_id,
            collection_name: self.collection_name,
            collection_slug: self.collection_slug,
            cover_prompt: self.cover_prompt,
            back_cover_prompt: self.back_cover_prompt,
            cover_hash: self.cover_hash,
            back_cover_hash: self.back_cover_hash,
            content_hash,
            source_types: Some(
                self.source_types
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            ),
            icon_theme: self
                .icon_theme
                .as_deref()
                .and_then(crate::icon_generation::theme::Theme::parse)
                .map(|t| PaletteOut {
                    name: t.palette_name,
                    colors: t.colors,
                    style: t.style,
                }),
            track_count: self.track_count,
            total_duration_s: (self.total_duration_ms + 500) / 1000,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

/// Every card the user can reach, newest first.
pub async fn list_reachable(pool: &DbPool, user_id: &str) -> CoreResult<Vec<CardRow>> {
    let sql = format!("{SELECT_REACHABLE} ORDER BY card.updated_at DESC, card.id");
    Ok(sqlx::query_as(&sql).bind(user_id).fetch_all(pool).await?)
}

/// The reachable cards shown in a collection: its own and those linked into it.
pub async fn list_in_collection(
    pool: &DbPool,
    user_id: &str,
    collection_id: &str,
) -> CoreResult<Vec<CardRow>> {
    let sql = format!(
        "{SELECT_REACHABLE} AND (card.home_collection_id = $2 OR EXISTS (
             SELECT 1 FROM collection_cards l2 WHERE l2.collection_id = $2 AND l2.card_id = card.id))
         ORDER BY lower(card.title), card.id"
    );
    Ok(sqlx::query_as(&sql)
        .bind(user_id)
        .bind(collection_id)
        .fetch_all(pool)
        .await?)
}

/// One reachable card by slug.
pub async fn find_reachable(
    pool: &DbPool,
    user_id: &str,
    slug: &str,
) -> CoreResult<Option<CardRow>> {
    let sql = format!("{SELECT_REACHABLE} AND card.slug = $2");
    Ok(sqlx::query_as(&sql)
        .bind(user_id)
        .bind(slug)
        .fetch_optional(pool)
        .await?)
}

/// One reachable card by id or slug (link requests name cards either way).
pub async fn find_reachable_by_id_or_slug(
    pool: &DbPool,
    user_id: &str,
    key: &str,
) -> CoreResult<Option<CardRow>> {
    let sql = format!("{SELECT_REACHABLE} AND (card.id = $2 OR card.slug = $2)");
    Ok(sqlx::query_as(&sql)
        .bind(user_id)
        .bind(key)
        .fetch_optional(pool)
        .await?)
}
