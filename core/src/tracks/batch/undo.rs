//! One undo per card: before a batch changes anything, the playable tracks of every card it
//! touches (whole rows) and those cards' stories are kept in `track_batches`, with each card's
//! tracks digest as the batch left it. Undo puts every one of those cards back exactly as it
//! was — deleted tracks return, moved ones go home, copies go away, titles, order and icons
//! come back — and is refused once anything else changed one of them (the digest differs), so
//! it can never overwrite someone's later work.

use cardsmith_model::track::transcode_status;
use cardsmith_model::track_batch::{TrackBatchAction, TrackBatchUndoOut};
use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;

use crate::db::DbTx;
use crate::tracks::repo::{self, TrackRow};
use crate::tracks::transcode_job;
use crate::{time, CoreError, CoreResult};

/// One card as it was before the batch.
#[derive(Debug, Serialize, Deserialize)]
pub struct CardBefore {
    pub card_id: String,
    /// Its story document, verbatim (`None`: it never had one).
    pub story: Option<String>,
    pub tracks: Vec<SavedTrack>,
    /// The card's `tracks_digest` right after the batch.
    pub digest_after: String,
}

/// A playable track's row and the columns `TrackRow` leaves out.
#[derive(Debug, Serialize, Deserialize)]
pub struct SavedTrack {
    pub row: TrackRow,
    pub added_by: Option<String>,
    pub icon_generated_hash: Option<String>,
}

/// What `track_batches.undo` holds.
#[derive(Debug, Serialize, Deserialize)]
pub struct Snapshot {
    pub cards: Vec<CardBefore>,
}

impl Snapshot {
    /// The cards `card_ids` as they are now, in `tx` (before the batch changes them).
    pub async fn take(tx: &mut DbTx<'_>, card_ids: &[&str]) -> CoreResult<Self> {
        let mut cards = Vec::new();
        for card_id in card_ids {
            let story: Option<String> = sqlx::query_scalar("SELECT story FROM cards WHERE id = $1")
                .bind(card_id)
                .fetch_one(&mut **tx)
                .await?;
            // the columns `TrackRow` leaves out, for all the card's tracks in one read
            let extras: Vec<(String, Option<String>, Option<String>)> = sqlx::query_as(
                "SELECT id, added_by, icon_generated_hash FROM tracks
                 WHERE card_id = $1 AND is_source = 0",
            )
            .bind(card_id)
            .fetch_all(&mut **tx)
            .await?;
            let mut extras: HashMap<String, (Option<String>, Option<String>)> = extras
                .into_iter()
                .map(|(id, added_by, generated)| (id, (added_by, generated)))
                .collect();
            let tracks = repo::list_playable(&mut **tx, card_id)
                .await?
                .into_iter()
                .map(|row| {
                    let (added_by, icon_generated_hash) =
                        extras.remove(&row.id).unwrap_or_default();
                    SavedTrack {
                        row,
                        added_by,
                        icon_generated_hash,
                    }
                })
                .collect();
            cards.push(CardBefore {
                card_id: (*card_id).to_owned(),
                story,
                tracks,
                digest_after: String::new(),
            });
        }
        Ok(Self { cards })
    }

    /// Keeps the snapshot as card `card_id`'s undo, replacing the one before, once the batch
    /// has settled every card (so their digests are final).
    pub async fn keep(
        mut self,
        tx: &mut DbTx<'_>,
        card_id: &str,
        user_id: &str,
        action: TrackBatchAction,
        track_count: usize,
    ) -> CoreResult<()> {
        for card in &mut self.cards {
            card.digest_after = digest_of(tx, &card.card_id).await?;
        }
        let json = serde_json::to_string(&self)
            .map_err(|e| CoreError::internal("writing a batch's undo", e))?;
        sqlx::query("DELETE FROM track_batches WHERE card_id = $1")
            .bind(card_id)
            .execute(&mut **tx)
            .await?;
        sqlx::query(
            "INSERT INTO track_batches (card_id, user_id, action, track_count, undo, created_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(card_id)
        .bind(user_id)
        .bind(action.as_str())
        .bind(track_count as i64)
        .bind(json)
        .bind(time::now_str())
        .execute(&mut **tx)
        .await?;
        Ok(())
    }
}

/// Card `card_id`'s last batch, when it can still be undone, read on `conn` (a transaction's
/// when undoing, a plain connection when only asking).
pub async fn pending(
    conn: &mut AnyConnection,
    card_id: &str,
) -> CoreResult<Option<(TrackBatchUndoOut, Snapshot)>> {
    let row: Option<(String, i64, String, String)> = sqlx::query_as(
        "SELECT action, track_count, undo, created_at FROM track_batches WHERE card_id = $1",
    )
    .bind(card_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((action, tracks, json, at)) = row else {
        return Ok(None);
    };
    let snapshot: Snapshot = serde_json::from_str(&json)
        .map_err(|e| CoreError::internal("reading a batch's undo", e))?;
    for card in &snapshot.cards {
        if digest_of(conn, &card.card_id).await? != card.digest_after {
            return Ok(None);
        }
    }
    let out = TrackBatchUndoOut {
        available: true,
        action: TrackBatchAction::parse(&action),
        tracks,
        at: Some(at),
    };
    Ok(Some((out, snapshot)))
}

/// Puts every card of `snapshot` back as it was and forgets card `card_id`'s undo, in `tx`;
/// answers the ids of jobs queued for restored tracks whose audio was still being made.
pub async fn restore(
    tx: &mut DbTx<'_>,
    card_id: &str,
    snapshot: &Snapshot,
    user_id: &str,
) -> CoreResult<Vec<String>> {
    let saved: Vec<&SavedTrack> = snapshot.cards.iter().flat_map(|c| &c.tracks).collect();
    let is_saved = |id: &str| saved.iter().any(|t| t.row.id == id);
    // copies the batch made are the tracks of these cards it did not find there
    for card in &snapshot.cards {
        for now in repo::list_playable(&mut **tx, &card.card_id).await? {
            if !is_saved(&now.id) {
                sqlx::query("DELETE FROM tracks WHERE id = $1")
                    .bind(&now.id)
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    // slugs out of the way first: a rename may have swapped two of them
    for track in &saved {
        sqlx::query("UPDATE tracks SET slug = $1 WHERE id = $2")
            .bind(format!("undo-{}", track.row.id))
            .bind(&track.row.id)
            .execute(&mut **tx)
            .await?;
    }
    let mut jobs = Vec::new();
    for track in &saved {
        let r = &track.row;
        let updated = sqlx::query(
            "UPDATE tracks SET card_id = $1, slug = $2, title = $3, position = $4, icon_hash = $5,
                    icon_source_hash = $6, icon_generated_hash = $7, updated_at = $8
             WHERE id = $9",
        )
        .bind(&r.card_id)
        .bind(&r.slug)
        .bind(&r.title)
        .bind(r.position)
        .bind(&r.icon_hash)
        .bind(&r.icon_source_hash)
        .bind(&track.icon_generated_hash)
        .bind(time::now_str())
        .bind(&r.id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        if updated == 0 {
            jobs.extend(insert_again(tx, track, user_id).await?);
        }
    }
    for card in &snapshot.cards {
        sqlx::query("UPDATE cards SET story = $1 WHERE id = $2")
            .bind(&card.story)
            .bind(&card.card_id)
            .execute(&mut **tx)
            .await?;
        repo::settle_card(tx, &card.card_id).await?;
    }
    sqlx::query("DELETE FROM track_batches WHERE card_id = $1")
        .bind(card_id)
        .execute(&mut **tx)
        .await?;
    Ok(jobs)
}

/// Writes a deleted track's row again. A track whose audio was still being made when it was
/// deleted gets a new transcode job (its old one was cancelled), whose id is answered.
async fn insert_again(
    tx: &mut DbTx<'_>,
    track: &SavedTrack,
    user_id: &str,
) -> CoreResult<Option<String>> {
    let r = &track.row;
    let unfinished = r.awaits_transcode();
    sqlx::query(
        "INSERT INTO tracks (id, card_id, slug, title, description, icon_prompt, position,
             is_source, parent_track_id, source_type, original_hash, original_format,
             original_size_bytes, audio_hash, transcoded_format, transcoded_size_bytes,
             duration_ms, transcode_status, transcode_error, stream_url, stream_status,
             processing_job_id, icon_hash, icon_source_hash, tts_text, tts_voice, tts_provider,
             tts_instructions, added_by, icon_generated_hash, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
             $18, $19, $20, NULL, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30)",
    )
    .bind(&r.id)
    .bind(&r.card_id)
    .bind(&r.slug)
    .bind(&r.title)
    .bind(&r.description)
    .bind(&r.icon_prompt)
    .bind(r.position)
    // the track it was edited from may be gone by now
    .bind(parent_if_present(tx, r.parent_track_id.as_deref()).await?)
    .bind(&r.source_type)
    .bind(&r.original_hash)
    .bind(&r.original_format)
    .bind(r.original_size_bytes)
    .bind(&r.audio_hash)
    .bind(&r.transcoded_format)
    .bind(r.transcoded_size_bytes)
    .bind(r.duration_ms)
    .bind(&r.transcode_status)
    .bind(&r.transcode_error)
    .bind(&r.stream_url)
    .bind(&r.stream_status)
    .bind(&r.icon_hash)
    .bind(&r.icon_source_hash)
    .bind(&r.tts_text)
    .bind(&r.tts_voice)
    .bind(&r.tts_provider)
    .bind(&r.tts_instructions)
    .bind(&track.added_by)
    .bind(&track.icon_generated_hash)
    .bind(&r.created_at)
    .bind(time::now_str())
    .execute(&mut **tx)
    .await?;
    if !unfinished || r.original_hash.is_none() {
        return Ok(None);
    }
    let job = transcode_job::queue(tx, Some(user_id), &r.id, None, None).await?;
    sqlx::query("UPDATE tracks SET processing_job_id = $1, transcode_status = $2 WHERE id = $3")
        .bind(&job)
        .bind(transcode_status::PENDING)
        .bind(&r.id)
        .execute(&mut **tx)
        .await?;
    Ok(Some(job))
}

async fn parent_if_present(tx: &mut DbTx<'_>, parent: Option<&str>) -> CoreResult<Option<String>> {
    let Some(parent) = parent else {
        return Ok(None);
    };
    Ok(sqlx::query_scalar("SELECT id FROM tracks WHERE id = $1")
        .bind(parent)
        .fetch_optional(&mut **tx)
        .await?)
}

async fn digest_of(conn: &mut AnyConnection, card_id: &str) -> CoreResult<String> {
    // a card deleted since has no digest: nothing to put back on it
    Ok(
        sqlx::query_scalar("SELECT tracks_digest FROM cards WHERE id = $1")
            .bind(card_id)
            .fetch_optional(conn)
            .await?
            .unwrap_or_default(),
    )
}
