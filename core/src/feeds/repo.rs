//! The `card_feeds` and `feed_episodes` tables: how a card follows its feed, and the
//! episodes it holds.

use cardsmith_model::feed::{FeedOrder, FeedRefresh, FeedRefusedOut};

use super::read::Episode;
use crate::db::DbDriver;
use crate::{time, CoreResult};

/// A card's feed, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FeedRow {
    pub card_id: String,
    pub url: String,
    pub feed_title: String,
    pub image_url: Option<String>,
    pub episodes: i64,
    pub stream: i64,
    pub refresh: String,
    pub episode_order: String,
    pub republish: i64,
    /// Whose rights a refresh runs with: who made the card of the feed.
    pub user_id: Option<String>,
    pub last_checked_at: Option<String>,
    pub last_error: Option<String>,
    pub refused: Option<String>,
    pub next_refresh_at: Option<String>,
    pub created_at: String,
}

impl FeedRow {
    pub fn refresh(&self) -> FeedRefresh {
        FeedRefresh::parse(&self.refresh)
    }

    pub fn order(&self) -> FeedOrder {
        FeedOrder::parse(&self.episode_order)
    }

    pub fn keep(&self) -> usize {
        self.episodes.max(1) as usize
    }

    /// Episodes the last refresh could not add.
    pub fn refused(&self) -> Vec<FeedRefusedOut> {
        self.refused
            .as_deref()
            .and_then(|json| serde_json::from_str(json).ok())
            .unwrap_or_default()
    }
}

/// When a feed refreshed now is next due (`None`: refresh is off).
pub fn next_refresh(refresh: FeedRefresh) -> Option<String> {
    refresh
        .every_hours()
        .map(|h| time::from_now(chrono::Duration::hours(h)))
}

/// An episode the card holds, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EpisodeRow {
    pub episode_id: String,
    pub title: String,
    pub published_at: Option<String>,
    pub track_id: Option<String>,
}

const COLUMNS: &str = "card_id, url, feed_title, image_url, episodes, stream, refresh, \
    episode_order, republish, user_id, last_checked_at, last_error, refused, next_refresh_at, \
    created_at";

pub async fn find<'e, E>(executor: E, card_id: &str) -> CoreResult<Option<FeedRow>>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let sql = format!("SELECT {COLUMNS} FROM card_feeds WHERE card_id = $1");
    Ok(sqlx::query_as(&sql)
        .bind(card_id)
        .fetch_optional(executor)
        .await?)
}

pub async fn insert<'e, E>(executor: E, row: &FeedRow) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    sqlx::query(
        "INSERT INTO card_feeds (card_id, url, feed_title, image_url, episodes, stream, refresh,
           episode_order, republish, user_id, next_refresh_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&row.card_id)
    .bind(&row.url)
    .bind(&row.feed_title)
    .bind(&row.image_url)
    .bind(row.episodes)
    .bind(row.stream)
    .bind(&row.refresh)
    .bind(&row.episode_order)
    .bind(row.republish)
    .bind(&row.user_id)
    .bind(&row.next_refresh_at)
    .bind(&row.created_at)
    .execute(executor)
    .await?;
    Ok(())
}

/// Writes how the card follows its feed (the fields `PATCH` may change).
pub async fn save_settings<'e, E>(executor: E, row: &FeedRow) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    sqlx::query(
        "UPDATE card_feeds SET episodes = $1, refresh = $2, episode_order = $3, republish = $4,
           next_refresh_at = $5 WHERE card_id = $6",
    )
    .bind(row.episodes)
    .bind(&row.refresh)
    .bind(&row.episode_order)
    .bind(row.republish)
    .bind(&row.next_refresh_at)
    .bind(&row.card_id)
    .execute(executor)
    .await?;
    Ok(())
}

/// What a refresh found: the feed's title and artwork when it was read (`error` when it
/// could not be, the rest then unchanged) and the episodes it could not add. When the next
/// refresh is due is not a refresh's to say (the schedule moves it as it queues one, and a
/// `PATCH` may change it meanwhile).
pub struct Checked<'a> {
    pub read: Option<(&'a str, Option<&'a str>)>,
    pub error: Option<&'a str>,
    pub refused: &'a [FeedRefusedOut],
}

pub async fn record_check<'e, E>(executor: E, card_id: &str, checked: Checked<'_>) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let refused = serde_json::to_string(checked.refused).unwrap_or_else(|_| "[]".into());
    let (title, image) = checked.read.unzip();
    sqlx::query(
        "UPDATE card_feeds SET last_checked_at = $1, last_error = $2, refused = $3,
           feed_title = COALESCE($4, feed_title),
           image_url = CASE WHEN $5 = 1 THEN $6 ELSE image_url END
         WHERE card_id = $7",
    )
    .bind(time::now_str())
    .bind(checked.error)
    .bind(refused)
    .bind(title)
    .bind(i64::from(image.is_some()))
    .bind(image.flatten())
    .bind(card_id)
    .execute(executor)
    .await?;
    Ok(())
}

/// The episodes the card holds, newest first.
pub async fn held<'e, E>(executor: E, card_id: &str) -> CoreResult<Vec<EpisodeRow>>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    Ok(sqlx::query_as(
        "SELECT episode_id, title, published_at, track_id FROM feed_episodes WHERE card_id = $1
         ORDER BY published_at IS NULL, published_at DESC, episode_id",
    )
    .bind(card_id)
    .fetch_all(executor)
    .await?)
}

pub async fn remember<'e, E>(
    executor: E,
    card_id: &str,
    episode: &Episode,
    track_id: &str,
) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    sqlx::query(
        "INSERT INTO feed_episodes (card_id, episode_id, title, published_at, track_id)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(card_id)
    .bind(&episode.id)
    .bind(&episode.title)
    .bind(episode.published.map(time::format))
    .bind(track_id)
    .execute(executor)
    .await?;
    Ok(())
}

pub async fn forget<'e, E>(executor: E, card_id: &str, episode_id: &str) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    sqlx::query("DELETE FROM feed_episodes WHERE card_id = $1 AND episode_id = $2")
        .bind(card_id)
        .bind(episode_id)
        .execute(executor)
        .await?;
    Ok(())
}

pub async fn delete<'e, E>(executor: E, card_id: &str) -> CoreResult<bool>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let done = sqlx::query("DELETE FROM card_feeds WHERE card_id = $1")
        .bind(card_id)
        .execute(executor)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// When the card's next scheduled refresh is due (`None`: never by itself).
pub async fn set_next_refresh<'e, E>(executor: E, card_id: &str, at: Option<&str>) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    sqlx::query("UPDATE card_feeds SET next_refresh_at = $1 WHERE card_id = $2")
        .bind(at)
        .bind(card_id)
        .execute(executor)
        .await?;
    Ok(())
}

/// `user_id` follows the feed from now on: the refreshes run with their rights.
pub async fn set_follower<'e, E>(executor: E, card_id: &str, user_id: &str) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    sqlx::query("UPDATE card_feeds SET user_id = $1 WHERE card_id = $2")
        .bind(user_id)
        .bind(card_id)
        .execute(executor)
        .await?;
    Ok(())
}

/// Cards whose scheduled refresh is due, with whose rights it runs, and how often they
/// refresh; their next refresh is moved on by the caller when it queues them.
pub async fn due<'e, E>(executor: E) -> CoreResult<Vec<(String, Option<String>, String)>>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    Ok(sqlx::query_as(
        "SELECT card_id, user_id, refresh FROM card_feeds
         WHERE refresh <> 'off' AND next_refresh_at IS NOT NULL AND next_refresh_at <= $1
         ORDER BY next_refresh_at LIMIT 100",
    )
    .bind(time::now_str())
    .fetch_all(executor)
    .await?)
}
