//! Reads of the publish ledger shared by the player use cases (see `crate::db` for the rule):
//! publish records (where each card went, read by publish, its job, seed and verify) and the
//! media each account already holds (read by the publish plan and the publish job). Writes
//! stay with the use case that owns them: `publish::mark_queued`, `publish_job`,
//! `origin` (import).

use crate::cards::repo::CardRow;
use crate::{Core, CoreResult};

/// A publish record: where one card went on one account, and how that went.
#[derive(sqlx::FromRow)]
pub(super) struct RecordRow {
    pub id: String,
    pub card_id: String,
    pub player_account_id: String,
    pub player_card_id: Option<String>,
    pub status: String,
    pub error: Option<String>,
    pub job_id: Option<String>,
    pub content_hash_at_publish: Option<String>,
    pub remote_digest: Option<String>,
    pub last_published_at: Option<String>,
}

const RECORD_COLUMNS: &str =
    "id, card_id, player_account_id, player_card_id, status, error, job_id,
    content_hash_at_publish, remote_digest, last_published_at";

/// The card's publish record for the account, if it was ever queued there.
pub(super) async fn record(
    core: &Core,
    card_id: &str,
    account_id: &str,
) -> CoreResult<Option<RecordRow>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {RECORD_COLUMNS} FROM publish_records WHERE card_id = $1 AND player_account_id = $2"
    ))
    .bind(card_id)
    .bind(account_id)
    .fetch_optional(core.db.pool())
    .await?)
}

/// The card's id on the account when what was published there is still the card as it is.
pub(super) async fn in_sync_card_id(
    core: &Core,
    card: &CardRow,
    account_id: &str,
) -> CoreResult<Option<String>> {
    Ok(record(core, &card.id, account_id)
        .await?
        .filter(|r| {
            r.status == "published"
                && r.content_hash_at_publish.as_deref() == Some(card.content_hash().as_str())
        })
        .and_then(|r| r.player_card_id))
}

/// Media the account holds: the reference to put in a card, and for audio the platform's
/// transcode facts the document repeats.
#[derive(sqlx::FromRow)]
pub(super) struct Uploaded {
    pub remote_ref: String,
    pub duration_s: Option<f64>,
    pub file_size: Option<f64>,
    pub format: Option<String>,
    pub channels: Option<String>,
}

impl Uploaded {
    /// An image upload: only its remote reference matters.
    pub(super) fn image() -> Self {
        Self {
            remote_ref: String::new(),
            duration_s: None,
            file_size: None,
            format: None,
            channels: None,
        }
    }
}

/// What the account holds of the media whose local hash is `hash`, if anything.
pub(super) async fn uploaded(
    core: &Core,
    account_id: &str,
    kind: &str,
    hash: &str,
) -> CoreResult<Option<Uploaded>> {
    Ok(sqlx::query_as(
        "SELECT remote_ref, duration_s, file_size, format, channels FROM uploaded_media
         WHERE player_account_id = $1 AND kind = $2 AND local_hash = $3",
    )
    .bind(account_id)
    .bind(kind)
    .bind(hash)
    .fetch_optional(core.db.pool())
    .await?)
}

/// Whether the account already holds the media whose local hash is `hash`.
pub(super) async fn holds(
    core: &Core,
    account_id: &str,
    kind: &str,
    hash: &str,
) -> CoreResult<bool> {
    Ok(uploaded(core, account_id, kind, hash).await?.is_some())
}
