//! Sources: audio an edit replaced, kept so the edit can be undone (restore) until the user
//! decides it is not needed (purge).

use cardsmith_model::track::SourceTrackOut;
use cardsmith_model::validate::CollectionRole;

use super::repo::{self, TrackRow};
use super::service::remove_unused_files;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::require_card;
use crate::db::DbTx;
use crate::{time, Core, CoreError, CoreResult};

pub async fn list(core: &Core, actor: &Actor, card: &str) -> CoreResult<Vec<SourceTrackOut>> {
    let card = require_card(core.db.pool(), actor, card, CollectionRole::Viewer).await?;
    let rows = repo::list_sources(core.db.pool(), &card.id).await?;
    Ok(rows
        .into_iter()
        .map(|t| t.into_source(&card.slug))
        .collect())
}

async fn require_source(
    core: &Core,
    actor: &Actor,
    card: &str,
    slug: &str,
) -> CoreResult<(crate::cards::repo::CardRow, TrackRow)> {
    let card = require_card(core.db.pool(), actor, card, CollectionRole::Editor).await?;
    let source = repo::find_by_slug(core.db.pool(), &card.id, slug)
        .await?
        .filter(|t| t.is_source)
        .ok_or_else(|| CoreError::not_found("no source with that slug on this card"))?;
    Ok((card, source))
}

/// Deletes a source's record and the files nothing else uses.
pub async fn purge(core: &Core, actor: &Actor, card: &str, slug: &str) -> CoreResult<()> {
    let (card, source) = require_source(core, actor, card, slug).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query("DELETE FROM tracks WHERE id = $1")
        .bind(&source.id)
        .execute(&mut *tx)
        .await?;
    audit::record(
        &mut *tx,
        AuditEvent::own(
            actor,
            "source.purged",
            format!("{}/{}", card.slug, source.slug),
        ),
    )
    .await?;
    tx.commit().await?;
    remove_unused_files(core, &[source.original_hash, source.audio_hash]).await
}

/// Undoes the edit that made this source: the tracks made from it become sources, and it
/// takes their place (and the first one's slug). Returns the restored track's slug and title.
pub async fn restore(
    core: &Core,
    actor: &Actor,
    card: &str,
    slug: &str,
) -> CoreResult<(String, String)> {
    let (card, source) = require_source(core, actor, card, slug).await?;
    let mut tx = core.db.begin().await?;
    let children: Vec<TrackRow> = repo::list_playable(&mut *tx, &card.id)
        .await?
        .into_iter()
        .filter(|t| t.parent_track_id.as_deref() == Some(&source.id))
        .collect();
    if children.iter().any(|c| c.processing_job_id.is_some()) {
        return Err(CoreError::Conflict(
            "a track made from this source is being processed".into(),
        ));
    }
    let (position, wanted) = match children.first() {
        Some(first) => (first.position, first.slug.clone()),
        None => (
            repo::next_position(&mut tx, &card.id).await?,
            source.slug.trim_end_matches("-source").to_owned(),
        ),
    };
    for child in &children {
        demote(&mut tx, child).await?;
    }
    // the story goes back too: the pieces' passages become the source's again
    let pieces: Vec<String> = children.iter().map(|c| c.id.clone()).collect();
    crate::cards::story::follow_tracks(&mut tx, &card.id, |story| {
        story.tracks_merged(&pieces, &source.id);
    })
    .await?;
    let slug = repo::free_slug(&mut tx, &card.id, &wanted, &source.id).await?;
    sqlx::query(
        "UPDATE tracks SET is_source = 0, slug = $1, position = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(&slug)
    .bind(position)
    .bind(time::now_str())
    .bind(&source.id)
    .execute(&mut *tx)
    .await?;
    super::commit_change(
        tx,
        &card.id,
        AuditEvent::own(actor, "source.restored", format!("{}/{slug}", card.slug)),
    )
    .await?;
    Ok((slug, source.title))
}

/// Turns a playable track into a source, renaming it `<slug>-source` so its slug is free for
/// what replaces it.
pub async fn demote(tx: &mut DbTx<'_>, track: &TrackRow) -> CoreResult<()> {
    let base = format!("{}-source", track.slug.trim_end_matches("-source"));
    let slug = repo::free_slug(tx, &track.card_id, &base, &track.id).await?;
    sqlx::query(
        "UPDATE tracks SET is_source = 1, slug = $1, processing_job_id = NULL, updated_at = $2 WHERE id = $3",
    )
    .bind(&slug)
    .bind(time::now_str())
    .bind(&track.id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
