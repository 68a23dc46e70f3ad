//! Tracks: a card's chapters and the kept sources behind them.
//!
//! Rules: reading needs any role on the card; changing needs editor in its home collection
//! (the card's rules, `cards::require_card`). Playable tracks are numbered 1..n without gaps;
//! an edit (trim, split, merge, fade) replaces a track with new ones and keeps the old one as a
//! *source* (`is_source`, the new tracks' `parent_track_id` points at it) so the edit can be
//! undone by restoring it; purging a source deletes its record and, when nothing else uses
//! them, its files. Track slugs are unique within their card and follow the title.

pub mod batch;
pub mod edit;
pub mod edit_job;
pub mod icons;
pub mod limits;
pub mod replace;
pub mod repo;
pub mod service;
pub mod sources;
pub mod stream;
pub mod transcode_job;
pub mod upload;

use cardsmith_model::validate::CollectionRole;

use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::{repo::CardRow, require_card};
use crate::db::DbTx;
use crate::{Core, CoreError, CoreResult};

pub use repo::TrackRow;

/// The card and one of its tracks (playable or source) by slug, with `needed` on the card.
pub async fn require_track(
    core: &Core,
    actor: &Actor,
    card_slug: &str,
    track_slug: &str,
    needed: CollectionRole,
) -> CoreResult<(CardRow, TrackRow)> {
    let card = require_card(core.db.pool(), actor, card_slug, needed).await?;
    let track = repo::find_by_slug(core.db.pool(), &card.id, track_slug)
        .await?
        .ok_or_else(|| CoreError::not_found("no track with that slug on this card"))?;
    Ok((card, track))
}

/// Cancels job `job_id` (working on a track being deleted) in `tx`, if it has not ended;
/// the caller interrupts it once committed (`Jobs::interrupt`).
pub(crate) async fn cancel_job_of_deleted(tx: &mut DbTx<'_>, job_id: &str) -> CoreResult<()> {
    sqlx::query(
        "UPDATE jobs SET status = 'cancelled', error = 'the track was deleted',
                completed_at = $1, updated_at = $1
         WHERE id = $2 AND status IN ('queued', 'running')",
    )
    .bind(crate::time::now_str())
    .bind(job_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Ends a change to a card's tracks: re-derives the card's aggregates (count, duration,
/// content hash), records who did what, and commits, so no change can forget one of them.
pub(crate) async fn commit_change(
    mut tx: DbTx<'_>,
    card_id: &str,
    event: AuditEvent<'_>,
) -> CoreResult<()> {
    repo::settle_card(&mut tx, card_id).await?;
    audit::record(&mut *tx, event).await?;
    tx.commit().await?;
    Ok(())
}
