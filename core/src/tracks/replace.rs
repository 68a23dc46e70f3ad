//! A track's audio replaced by a new file, keeping its place: its title, position, icon and
//! description, and its passage in the card's story (an interactive card's passage spoken
//! from a Twine file, re-recorded by the parent). As an edit does, the old audio stays as a
//! source ("Kept originals"), so Undo brings it back.

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::source_type;
use cardsmith_model::validate::CollectionRole;

use super::upload::{self, NewStored};
use super::{repo, require_track, sources};
use crate::audit::AuditEvent;
use crate::auth::Actor;
use crate::media::store::IncomingFile;
use crate::{Core, CoreError, CoreResult};

/// Replaces the audio of `track_slug` with `file` (editor): 404 for an unknown or kept-source
/// track, 409 while the track is being processed, 415/422 for a file that is not accepted
/// audio; the file goes through the upload path (probed, stored, transcoded).
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), card = %card_slug, track = %track_slug))]
pub async fn replace_audio(
    core: &Core,
    actor: &Actor,
    card_slug: &str,
    track_slug: &str,
    file: IncomingFile,
) -> CoreResult<TrackOut> {
    let (card, track) =
        require_track(core, actor, card_slug, track_slug, CollectionRole::Editor).await?;
    if track.is_source {
        return Err(CoreError::not_found("no track with that slug on this card"));
    }
    if file.size() == 0 {
        return Err(CoreError::invalid("file", "is empty"));
    }
    let audio = upload::store_file(core, file).await?;
    let hash = audio.hash.clone();
    let replaced = async {
        let mut tx = core.db.begin().await?;
        // as it is now, in the transaction: an edit may have taken it meanwhile
        let current = repo::find_by_id(&mut *tx, &track.id)
            .await?
            .filter(|t| !t.is_source)
            .ok_or_else(|| CoreError::not_found("no track with that slug on this card"))?;
        if current.processing_job_id.is_some() {
            return Err(CoreError::Conflict(
                "the track is being processed; replace its audio once that is done".into(),
            ));
        }
        // the old audio becomes a source first: it frees the slug and the card's room
        sources::demote(&mut tx, &current).await?;
        let new = NewStored {
            title: &current.title,
            source_type: source_type::UPLOAD,
            audio,
            player: None,
        };
        let added = upload::insert_stored(&mut tx, core, actor, &card, new).await?;
        repo::move_to(&mut tx, &card.id, &added.id, current.position).await?;
        sqlx::query(
            "UPDATE tracks SET parent_track_id = $1, description = $2, icon_prompt = $3,
                    icon_hash = $4, icon_source_hash = $5
             WHERE id = $6",
        )
        .bind(&current.id)
        .bind(&current.description)
        .bind(&current.icon_prompt)
        .bind(&current.icon_hash)
        .bind(&current.icon_source_hash)
        .bind(&added.id)
        .execute(&mut *tx)
        .await?;
        let new_id = added.id.clone();
        crate::cards::story::follow_tracks(&mut tx, &card.id, |story| {
            story.track_replaced(&current.id, &[new_id]);
        })
        .await?;
        let detail = format!("{}/{}", card.slug, added.slug);
        let event = AuditEvent::own(actor, "track.replaced", detail);
        upload::commit_added(core, tx, actor, &card, &added, Some(event)).await
    }
    .await;
    if replaced.is_err() {
        upload::forget_unused(core, &hash).await?;
    }
    Ok(replaced?.into_out(&card.slug))
}
