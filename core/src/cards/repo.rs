//! SQL for cards as a given user can reach them.

use std::sync::LazyLock;

use cardsmith_model::card::{CardOut, PlaybackConfigOut};
use cardsmith_model::icons::PaletteOut;
use cardsmith_model::interactive::playback_type;
use sha2::{Digest, Sha256};

use crate::db::{Backend, DbPool};
use crate::{CoreError, CoreResult};

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

/// The columns of a [`CardRow`]: its field's name, then the expression that reads it.
const CARD_COLUMNS: [(&str, &str); 26] = [
    ("id", "card.id"),
    ("slug", "card.slug"),
    ("title", "card.title"),
    ("description", "card.description"),
    ("author", "card.author"),
    ("home_collection_id", "card.home_collection_id"),
    ("collection_name", "hc.name"),
    ("collection_slug", "hc.slug"),
    ("cover_prompt", "card.cover_prompt"),
    ("back_cover_prompt", "card.back_cover_prompt"),
    ("cover_hash", "card.cover_hash"),
    ("back_cover_hash", "card.back_cover_hash"),
    ("autoadvance", "card.autoadvance"),
    ("shuffle", "card.shuffle"),
    ("overlay_timeout", "card.overlay_timeout"),
    ("resume_timeout", "card.resume_timeout"),
    ("track_count", "card.track_count"),
    ("total_duration_ms", "card.total_duration_ms"),
    ("source_types", "card.source_types"),
    ("tracks_digest", "card.tracks_digest"),
    ("icon_theme", "card.icon_theme"),
    ("playback_type", "card.playback_type"),
    ("story", "card.story"),
    ("created_at", "card.created_at"),
    ("updated_at", "card.updated_at"),
    ("home_role", "hm.role"),
];

/// The `FROM` of every card query: the reachable cards with their home collection.
const FROM_REACHABLE: &str =
    reachable_cards!("JOIN collections hc ON hc.id = card.home_collection_id");

/// Cards the user bound as `$1` can reach, a column per field of [`CardRow`].
pub(super) static SELECT_REACHABLE: LazyLock<String> = LazyLock::new(|| {
    let columns: Vec<String> = CARD_COLUMNS
        .iter()
        .map(|(name, expr)| format!("{expr} AS {name}"))
        .collect();
    format!("SELECT {} {FROM_REACHABLE}", columns.join(", "))
});

/// The same cards, each row one JSON object of [`CardRow`]'s fields (`card_json`), for the
/// lists. Through sqlx's backend-neutral rows each value of each row is copied three times
/// over, so a 1,000-card list of 24 columns took some 30 ms to build on SQLite; one text per
/// row, parsed here, takes a fraction of that.
fn select_reachable_as_json(backend: Backend) -> &'static str {
    fn render(object: &str, cast: &str) -> String {
        let fields: Vec<String> = CARD_COLUMNS
            .iter()
            .map(|(name, expr)| format!("'{name}', {expr}"))
            .collect();
        format!(
            "SELECT {object}({}){cast} AS card_json {FROM_REACHABLE}",
            fields.join(", ")
        )
    }
    static SQLITE: LazyLock<String> = LazyLock::new(|| render("json_object", ""));
    static POSTGRES: LazyLock<String> = LazyLock::new(|| render("json_build_object", "::text"));
    match backend {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    }
}

/// Rows of [`select_reachable_as_json`] as card rows.
fn parse_rows(rows: Vec<String>) -> CoreResult<Vec<CardRow>> {
    rows.iter()
        .map(|row| {
            serde_json::from_str(row).map_err(|e| CoreError::internal("reading a card row", e))
        })
        .collect()
}

/// A card row with everything `CardOut` and the access checks need.
#[derive(Debug, Clone, sqlx::FromRow, serde::Deserialize)]
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
    /// `linear` or `interactive`.
    pub playback_type: String,
    /// The story graph as stored (JSON, see `cards::story`); kept while the card is linear.
    pub story: Option<String>,
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
        // only an interactive card's story is published (a linear card keeps it for later);
        // a linear card hashes as it did before stories existed, so none looks changed
        if let Some(story) = self.published_story() {
            h.update(b"interactive\0");
            h.update(story.as_bytes());
        }
        hex::encode(h.finalize())
    }

    /// The stored story when it is what a publish sends: the card is interactive.
    pub fn published_story(&self) -> Option<&str> {
        self.story
            .as_deref()
            .filter(|_| self.playback_type == playback_type::INTERACTIVE)
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
            playback_type: self.playback_type,
            track_count: self.track_count,
            total_duration_s: (self.total_duration_ms + 500) / 1000,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

/// Every card the user can reach, newest first.
pub async fn list_reachable(pool: &DbPool, user_id: &str) -> CoreResult<Vec<CardRow>> {
    let sql = format!(
        "{} ORDER BY card.updated_at DESC, card.id",
        select_reachable_as_json(Backend::of_pool(pool))
    );
    parse_rows(
        sqlx::query_scalar(&sql)
            .bind(user_id)
            .fetch_all(pool)
            .await?,
    )
}

/// The reachable cards shown in a collection: its own and those linked into it.
pub async fn list_in_collection(
    pool: &DbPool,
    user_id: &str,
    collection_id: &str,
) -> CoreResult<Vec<CardRow>> {
    let sql = format!(
        "{} AND (card.home_collection_id = $2 OR EXISTS (
             SELECT 1 FROM collection_cards l2 WHERE l2.collection_id = $2 AND l2.card_id = card.id))
         ORDER BY lower(card.title), card.id",
        select_reachable_as_json(Backend::of_pool(pool))
    );
    parse_rows(
        sqlx::query_scalar(&sql)
            .bind(user_id)
            .bind(collection_id)
            .fetch_all(pool)
            .await?,
    )
}

/// One reachable card by slug.
pub async fn find_reachable(
    pool: &DbPool,
    user_id: &str,
    slug: &str,
) -> CoreResult<Option<CardRow>> {
    let sql = format!("{} AND card.slug = $2", *SELECT_REACHABLE);
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
    let sql = format!("{} AND (card.id = $2 OR card.slug = $2)", *SELECT_REACHABLE);
    Ok(sqlx::query_as(&sql)
        .bind(user_id)
        .bind(key)
        .fetch_optional(pool)
        .await?)
}
