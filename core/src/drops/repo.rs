//! The `drops` and `drop_files` tables, and where a drop's files wait on disk
//! (`DATA_DIR/drops/{drop}/{file}`: names Cardsmith makes, never the dropped paths).

use std::path::{Path, PathBuf};

use super::plan::AudioFacts;
use crate::db::DbPool;
use crate::{time, Core, CoreResult};

/// A drop, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DropRow {
    pub id: String,
    pub user_id: String,
    pub collection_id: String,
    pub name: String,
    pub state: String,
    pub made_cards: Option<String>,
    pub created_at: String,
}

/// The stored states of a drop.
pub mod state {
    pub const OPEN: &str = "open";
    pub const MAKING: &str = "making";
    pub const MADE: &str = "made";
}

/// The stored kinds of a dropped file.
pub mod kind {
    pub const AUDIO: &str = "audio";
    pub const IMAGE: &str = "image";
    pub const UNUSABLE: &str = "unusable";
    pub const OTHER: &str = "other";
}

/// One file of a drop, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DropFileRow {
    pub id: String,
    pub path: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub kind: String,
    pub reason: Option<String>,
    pub facts: Option<String>,
}

impl DropFileRow {
    /// An audio file's facts (tags and what ffprobe said).
    pub fn facts(&self) -> Option<AudioFacts> {
        self.facts
            .as_deref()
            .and_then(|f| serde_json::from_str(f).ok())
    }
}

/// The folder holding the drop's files.
pub fn dir(data_dir: &Path, drop_id: &str) -> PathBuf {
    data_dir.join("drops").join(drop_id)
}

/// Where file `file_id` of the drop waits.
pub fn file_path(data_dir: &Path, drop_id: &str, file_id: &str) -> PathBuf {
    dir(data_dir, drop_id).join(file_id)
}

pub async fn insert(pool: &DbPool, row: &DropRow) -> CoreResult<()> {
    sqlx::query(
        "INSERT INTO drops (id, user_id, collection_id, name, state, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&row.id)
    .bind(&row.user_id)
    .bind(&row.collection_id)
    .bind(&row.name)
    .bind(&row.state)
    .bind(&row.created_at)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn find(pool: &DbPool, id: &str) -> CoreResult<Option<DropRow>> {
    Ok(sqlx::query_as(
        "SELECT id, user_id, collection_id, name, state, made_cards, created_at
         FROM drops WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?)
}

/// The drop's files in path order.
pub async fn files(pool: &DbPool, drop_id: &str) -> CoreResult<Vec<DropFileRow>> {
    Ok(sqlx::query_as(
        "SELECT id, path, size_bytes, sha256, kind, reason, facts
         FROM drop_files WHERE drop_id = $1 ORDER BY path",
    )
    .bind(drop_id)
    .fetch_all(pool)
    .await?)
}

/// The drop's file at `path`, if it holds one.
pub async fn file_at(pool: &DbPool, drop_id: &str, path: &str) -> CoreResult<Option<DropFileRow>> {
    Ok(sqlx::query_as(
        "SELECT id, path, size_bytes, sha256, kind, reason, facts
         FROM drop_files WHERE drop_id = $1 AND path = $2",
    )
    .bind(drop_id)
    .bind(path)
    .fetch_optional(pool)
    .await?)
}

/// How many files the drop holds and their bytes.
pub async fn totals(pool: &DbPool, drop_id: &str) -> CoreResult<(i64, i64)> {
    Ok(sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT)
         FROM drop_files WHERE drop_id = $1",
    )
    .bind(drop_id)
    .fetch_one(pool)
    .await?)
}

/// Records file `row` of the drop, replacing a file sent before under the same path; answers
/// the replaced file's id (its bytes are the caller's to remove).
pub async fn put_file(core: &Core, drop_id: &str, row: &DropFileRow) -> CoreResult<Option<String>> {
    let mut tx = core.db.begin().await?;
    let replaced: Option<String> =
        sqlx::query_scalar("SELECT id FROM drop_files WHERE drop_id = $1 AND path = $2")
            .bind(drop_id)
            .bind(&row.path)
            .fetch_optional(&mut *tx)
            .await?;
    if let Some(old) = &replaced {
        sqlx::query("DELETE FROM drop_files WHERE id = $1")
            .bind(old)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query(
        "INSERT INTO drop_files (id, drop_id, path, size_bytes, sha256, kind, reason, facts, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&row.id)
    .bind(drop_id)
    .bind(&row.path)
    .bind(row.size_bytes)
    .bind(&row.sha256)
    .bind(&row.kind)
    .bind(&row.reason)
    .bind(&row.facts)
    .bind(time::now_str())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(replaced)
}

/// Moves the drop from `from` to `to`; whether it was in `from` (so of two confirms at once,
/// one claims the drop).
pub async fn move_state(pool: &DbPool, id: &str, from: &str, to: &str) -> CoreResult<bool> {
    let moved = sqlx::query("UPDATE drops SET state = $1 WHERE id = $2 AND state = $3")
        .bind(to)
        .bind(id)
        .bind(from)
        .execute(pool)
        .await?;
    Ok(moved.rows_affected() == 1)
}

/// Marks the drop made, with the slugs of its cards, and forgets its files.
pub async fn mark_made(core: &Core, id: &str, slugs: &[String]) -> CoreResult<()> {
    let mut tx = core.db.begin().await?;
    sqlx::query("UPDATE drops SET state = $1, made_cards = $2 WHERE id = $3")
        .bind(state::MADE)
        .bind(serde_json::to_string(slugs).expect("strings serialize"))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM drop_files WHERE drop_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

pub async fn delete(pool: &DbPool, id: &str) -> CoreResult<()> {
    sqlx::query("DELETE FROM drops WHERE id = $1")
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Drops created before `before` (RFC 3339). Making cards takes minutes at most, so a drop
/// that old is finished or was abandoned half-way by a stopped server.
pub async fn older_than(pool: &DbPool, before: &str) -> CoreResult<Vec<String>> {
    Ok(
        sqlx::query_scalar("SELECT id FROM drops WHERE created_at < $1")
            .bind(before)
            .fetch_all(pool)
            .await?,
    )
}
