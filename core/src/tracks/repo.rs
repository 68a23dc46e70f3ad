//! SQL for tracks, and the card aggregates that follow them.

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{transcode_status, SourceTrackOut, TrackDetailOut};
use cardsmith_model::validate::{slugify, RESERVED_TRACK_SLUGS};
use sha2::{Digest, Sha256};

use crate::db::{DbDriver, DbPool, DbTx};
use crate::{time, CoreResult};

/// Serialisable so a batch's undo can keep whole rows (`tracks::batch::undo`).
#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize, serde::Deserialize)]
pub struct TrackRow {
    pub id: String,
    pub card_id: String,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub icon_prompt: String,
    pub position: i64,
    #[sqlx(try_from = "crate::db::Flag")]
    pub is_source: bool,
    pub parent_track_id: Option<String>,
    pub source_type: String,
    pub original_hash: Option<String>,
    pub original_format: String,
    pub original_size_bytes: i64,
    pub audio_hash: Option<String>,
    pub transcoded_format: String,
    pub transcoded_size_bytes: i64,
    pub duration_ms: Option<i64>,
    pub transcode_status: String,
    pub transcode_error: Option<String>,
    pub stream_url: Option<String>,
    pub stream_status: Option<String>,
    pub processing_job_id: Option<String>,
    /// The uploaded 16x16 icon and the picture it was made from (`images`); `None` means
    /// the drawn default (`media::icon::default_icon`).
    pub icon_hash: Option<String>,
    pub icon_source_hash: Option<String>,
    /// What a spoken track was made from (`tts::track`); `None` for other tracks.
    pub tts_text: Option<String>,
    pub tts_voice: Option<String>,
    pub tts_provider: Option<String>,
    pub tts_instructions: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

pub const COLUMNS: &str = "id, card_id, slug, title, description, icon_prompt, position, is_source,
    parent_track_id, source_type, original_hash, original_format, original_size_bytes, audio_hash,
    transcoded_format, transcoded_size_bytes, duration_ms, transcode_status, transcode_error,
    stream_url, stream_status, processing_job_id, icon_hash, icon_source_hash, tts_text, tts_voice,
    tts_provider, tts_instructions, created_at, updated_at";

impl TrackRow {
    /// Whether its player audio is still to be made (its transcode waits or runs).
    pub fn awaits_transcode(&self) -> bool {
        matches!(
            self.transcode_status.as_str(),
            transcode_status::PENDING | transcode_status::PROCESSING
        )
    }

    /// The stored file to play: the player's M4A once made, else the original.
    pub fn playable_hash(&self) -> Option<&str> {
        self.audio_hash.as_deref().or(self.original_hash.as_deref())
    }

    /// The API view. `card_slug` builds the icon URLs, which are set only when the track has
    /// an uploaded icon: `None` means the drawn default, which the same URLs still serve.
    /// They carry `?v=` (the start of the icon's hash) so a changed icon is a new URL and
    /// browsers never show a stale one.
    pub fn into_out(self, card_slug: &str) -> TrackOut {
        let icon_url = |hash: &Option<String>, suffix: &str| {
            hash.as_deref().filter(|_| !self.is_source).map(|h| {
                let version = &h[..h.len().min(16)];
                format!(
                    "/api/cards/{card_slug}/icons/{}{suffix}?v={version}",
                    self.position
                )
            })
        };
        let icon_path = icon_url(&self.icon_hash, "");
        let icon_source_path = icon_url(&self.icon_source_hash, "-full");
        let file_size_bytes = if self.audio_hash.is_some() {
            self.transcoded_size_bytes
        } else {
            self.original_size_bytes
        };
        TrackOut {
            id: self.id,
            slug: self.slug,
            title: self.title,
            description: self.description,
            position: self.position,
            duration: self.duration_ms.map(|ms| (ms + 500) / 1000),
            file_size_bytes,
            original_size_bytes: self.original_size_bytes,
            transcoded_size_bytes: self.transcoded_size_bytes,
            original_format: self.original_format,
            transcoded_format: self.transcoded_format,
            source_type: self.source_type,
            transcode_status: self.transcode_status,
            processing_job_id: self.processing_job_id,
            stream_status: self.stream_status,
            icon_path,
            icon_source_path,
            icon_prompt: self.icon_prompt,
        }
    }

    pub fn into_detail(self, card_slug: &str) -> TrackDetailOut {
        TrackDetailOut {
            is_source: self.is_source,
            parent_track_id: self.parent_track_id.clone(),
            tts_text: self.tts_text.clone(),
            tts_voice: self.tts_voice.clone(),
            tts_provider: self.tts_provider.clone(),
            tts_instructions: self.tts_instructions.clone(),
            error: self.transcode_error.clone(),
            stream_url: self.stream_url.clone(),
            duration_ms: self.duration_ms,
            track: self.into_out(card_slug),
        }
    }

    pub fn into_source(self, card_slug: &str) -> SourceTrackOut {
        let audio_path = self
            .playable_hash()
            .map(|_| format!("/api/cards/{card_slug}/tracks/{}/audio", self.slug));
        SourceTrackOut {
            file_size_bytes: self.original_size_bytes.max(self.transcoded_size_bytes),
            duration: self.duration_ms.map(|ms| (ms + 500) / 1000),
            audio_path,
            id: self.id,
            slug: self.slug,
            title: self.title,
            description: self.description,
            parent_track_id: self.parent_track_id,
        }
    }
}

/// The card's playable tracks in order.
pub async fn list_playable<'e, E>(executor: E, card_id: &str) -> CoreResult<Vec<TrackRow>>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let sql = format!(
        "SELECT {COLUMNS} FROM tracks WHERE card_id = $1 AND is_source = 0 ORDER BY position, id"
    );
    Ok(sqlx::query_as(&sql)
        .bind(card_id)
        .fetch_all(executor)
        .await?)
}

pub async fn list_sources(pool: &DbPool, card_id: &str) -> CoreResult<Vec<TrackRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM tracks WHERE card_id = $1 AND is_source = 1 ORDER BY created_at, id"
    );
    Ok(sqlx::query_as(&sql).bind(card_id).fetch_all(pool).await?)
}

pub async fn find_by_slug<'e, E>(
    executor: E,
    card_id: &str,
    slug: &str,
) -> CoreResult<Option<TrackRow>>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let sql = format!("SELECT {COLUMNS} FROM tracks WHERE card_id = $1 AND slug = $2");
    Ok(sqlx::query_as(&sql)
        .bind(card_id)
        .bind(slug)
        .fetch_optional(executor)
        .await?)
}

/// What `GET …/audio` needs, found in one query: it runs for every Range request a player or
/// the browser's audio element makes, and on SQLite each query is a round trip to the
/// connection's thread.
#[derive(Debug, sqlx::FromRow)]
pub struct ReachableAudio {
    /// `None`: the card is reachable but has no track by that slug.
    pub track_id: Option<String>,
    pub audio_hash: Option<String>,
    pub original_hash: Option<String>,
    pub transcoded_format: Option<String>,
    pub original_format: Option<String>,
}

/// The stored files of track `track_slug` of card `card_slug`, when user `user_id` can reach
/// the card (`None` when they cannot, or when there is no such card).
pub async fn reachable_audio(
    pool: &DbPool,
    user_id: &str,
    card_slug: &str,
    track_slug: &str,
) -> CoreResult<Option<ReachableAudio>> {
    const SQL: &str = concat!(
        "SELECT t.id AS track_id, t.audio_hash, t.original_hash, t.transcoded_format,
                t.original_format",
        crate::cards::repo::reachable_cards!(
            "LEFT JOIN tracks t ON t.card_id = card.id AND t.slug = $3"
        ),
        " AND card.slug = $2"
    );
    Ok(sqlx::query_as(SQL)
        .bind(user_id)
        .bind(card_slug)
        .bind(track_slug)
        .fetch_optional(pool)
        .await?)
}

pub async fn find_by_id<'e, E>(executor: E, id: &str) -> CoreResult<Option<TrackRow>>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let sql = format!("SELECT {COLUMNS} FROM tracks WHERE id = $1");
    Ok(sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(executor)
        .await?)
}

/// The playable track at chapter `position` (1-based).
pub async fn find_at_position<'e, E>(
    executor: E,
    card_id: &str,
    position: i64,
) -> CoreResult<Option<TrackRow>>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let sql = format!(
        "SELECT {COLUMNS} FROM tracks WHERE card_id = $1 AND is_source = 0 AND position = $2"
    );
    Ok(sqlx::query_as(&sql)
        .bind(card_id)
        .bind(position)
        .fetch_optional(executor)
        .await?)
}

/// What a new track row holds; the rest starts empty.
#[derive(Debug, Clone, Default)]
pub struct NewTrack {
    pub id: String,
    pub card_id: String,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub position: i64,
    pub parent_track_id: Option<String>,
    pub source_type: String,
    pub original_hash: Option<String>,
    pub original_format: String,
    pub original_size_bytes: i64,
    pub duration_ms: Option<i64>,
    pub transcode_status: String,
    pub stream_url: Option<String>,
    pub stream_status: Option<String>,
    pub processing_job_id: Option<String>,
    pub icon_hash: Option<String>,
    pub icon_source_hash: Option<String>,
    /// The user whose storage the audio counts against.
    pub added_by: Option<String>,
}

pub async fn insert(tx: &mut DbTx<'_>, t: &NewTrack) -> CoreResult<()> {
    let now = time::now_str();
    sqlx::query(
        "INSERT INTO tracks (id, card_id, slug, title, description, position, parent_track_id,
             source_type, original_hash, original_format, original_size_bytes, duration_ms,
             transcode_status, stream_url, stream_status, processing_job_id, icon_hash,
             icon_source_hash, added_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
             $19, $20, $20)",
    )
    .bind(&t.id)
    .bind(&t.card_id)
    .bind(&t.slug)
    .bind(&t.title)
    .bind(&t.description)
    .bind(t.position)
    .bind(&t.parent_track_id)
    .bind(&t.source_type)
    .bind(&t.original_hash)
    .bind(&t.original_format)
    .bind(t.original_size_bytes)
    .bind(t.duration_ms)
    .bind(&t.transcode_status)
    .bind(&t.stream_url)
    .bind(&t.stream_status)
    .bind(&t.processing_job_id)
    .bind(&t.icon_hash)
    .bind(&t.icon_source_hash)
    .bind(&t.added_by)
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Moves `track_id` to chapter `position` (1-based; past the end: last) among the card's
/// playable tracks, numbering them all again from 1, inside the caller's transaction.
pub async fn move_to(
    tx: &mut DbTx<'_>,
    card_id: &str,
    track_id: &str,
    position: i64,
) -> CoreResult<()> {
    let mut order: Vec<String> = list_playable(&mut **tx, card_id)
        .await?
        .into_iter()
        .map(|t| t.id)
        .filter(|id| id != track_id)
        .collect();
    let at = usize::try_from(position - 1).unwrap_or(0).min(order.len());
    order.insert(at, track_id.to_owned());
    write_order(tx, &order).await
}

/// Numbers the card's playable tracks 1, 2, 3… in their present order, closing the gap a
/// deleted one left (two deletes at once each close theirs: the numbers come from the order
/// read here, not from arithmetic on positions another transaction is changing).
pub async fn renumber(tx: &mut DbTx<'_>, card_id: &str) -> CoreResult<()> {
    let order: Vec<String> = list_playable(&mut **tx, card_id)
        .await?
        .into_iter()
        .map(|t| t.id)
        .collect();
    write_order(tx, &order).await
}

/// Gives the tracks of `order` the positions 1, 2, 3… in that order.
pub(crate) async fn write_order(tx: &mut DbTx<'_>, order: &[String]) -> CoreResult<()> {
    for (i, id) in order.iter().enumerate() {
        sqlx::query("UPDATE tracks SET position = $1 WHERE id = $2 AND position <> $1")
            .bind(i as i64 + 1)
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Position after the card's last playable track.
pub async fn next_position(tx: &mut DbTx<'_>, card_id: &str) -> CoreResult<i64> {
    let max: Option<i64> =
        sqlx::query_scalar("SELECT MAX(position) FROM tracks WHERE card_id = $1 AND is_source = 0")
            .bind(card_id)
            .fetch_one(&mut **tx)
            .await?;
    Ok(max.unwrap_or(0) + 1)
}

/// Gives track `track_id` of card `card_id` the title `title` and the slug that follows from
/// it (made unique on the card), in `tx`; answers the slug.
pub async fn retitle(
    tx: &mut DbTx<'_>,
    card_id: &str,
    track_id: &str,
    title: &str,
) -> CoreResult<String> {
    let slug = free_slug(tx, card_id, &slugify(title), track_id).await?;
    sqlx::query("UPDATE tracks SET title = $1, slug = $2, updated_at = $3 WHERE id = $4")
        .bind(title)
        .bind(&slug)
        .bind(time::now_str())
        .bind(track_id)
        .execute(&mut **tx)
        .await?;
    Ok(slug)
}

/// `base`, or `base-2`, `base-3`… whichever is free on the card (ignoring track `except`).
pub async fn free_slug(
    tx: &mut DbTx<'_>,
    card_id: &str,
    base: &str,
    except: &str,
) -> CoreResult<String> {
    let base = if base.is_empty() { "track" } else { base };
    for n in 1.. {
        let candidate = if n == 1 {
            base.to_owned()
        } else {
            format!("{base}-{n}")
        };
        let reserved = RESERVED_TRACK_SLUGS.contains(&candidate.as_str());
        if !reserved && !slug_taken(&mut **tx, card_id, &candidate, except).await? {
            return Ok(candidate);
        }
    }
    unreachable!("some suffix is free")
}

pub async fn slug_taken<'e, E>(
    executor: E,
    card_id: &str,
    slug: &str,
    except: &str,
) -> CoreResult<bool>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let hit: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM tracks WHERE card_id = $1 AND slug = $2 AND id <> $3")
            .bind(card_id)
            .bind(slug)
            .bind(except)
            .fetch_optional(executor)
            .await?;
    Ok(hit.is_some())
}

/// Numbers the playable tracks 1..n in their current order, then refreshes the card's
/// aggregates. Every change to a card's tracks ends with this, in the same transaction.
pub async fn settle_card(tx: &mut DbTx<'_>, card_id: &str) -> CoreResult<()> {
    let tracks = list_playable(&mut **tx, card_id).await?;
    for (i, t) in tracks.iter().enumerate() {
        let position = i as i64 + 1;
        if t.position != position {
            sqlx::query("UPDATE tracks SET position = $1 WHERE id = $2")
                .bind(position)
                .bind(&t.id)
                .execute(&mut **tx)
                .await?;
        }
    }
    let mut types: Vec<&str> = tracks.iter().map(|t| t.source_type.as_str()).collect();
    types.sort_unstable();
    types.dedup();
    let total_ms: i64 = tracks.iter().filter_map(|t| t.duration_ms).sum();
    let mut digest = Sha256::new();
    for t in &tracks {
        for part in [
            t.title.as_str(),
            t.playable_hash().unwrap_or(""),
            t.stream_url.as_deref().unwrap_or(""),
            &t.duration_ms.unwrap_or(0).to_string(),
            t.icon_prompt.as_str(),
            // a default icon follows from the id and the position (the order is hashed), so
            // only uploads need hashing
            t.icon_hash.as_deref().unwrap_or(""),
        ] {
            digest.update(part.as_bytes());
            digest.update([0u8]);
        }
        digest.update([1u8]);
    }
    let digest = hex::encode(digest.finalize());
    sqlx::query(
        "UPDATE cards SET track_count = $1, total_duration_ms = $2, source_types = $3,
                tracks_digest = $4, updated_at = $5
         WHERE id = $6",
    )
    .bind(tracks.len() as i64)
    .bind(total_ms)
    .bind(types.join(","))
    .bind(digest)
    .bind(time::now_str())
    .bind(card_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
