//! An imported card is the card already on its account: publishing it back must update that
//! card, not create a copy, and upload nothing the account already holds.
//!
//! When an import finishes, the account's media are known by the hashes of what was
//! downloaded: each track's audio is the platform's `yoto:#<transcodedSha256>` (with its
//! transcode facts), each imported chapter icon its `yoto:#<mediaId>`, the cover its URL. They
//! are recorded as the account's uploads, and the card gets a publish record naming the
//! platform card, with the local content hash and the platform document's fields as found.
//! So an unedited import is `unchanged`, an edited one an `update` of the same card that
//! uploads only what is new, and verify reports it in sync until someone changes it.

use cardsmith_upstream::model::content::{Card, Track, MEDIA_REF_PREFIX};
use cardsmith_upstream::AccountClient;

use super::publish_job::remember;
use super::repo::Uploaded;
use super::verify::Fingerprint;
use crate::cards::repo::CardRow;
use crate::tracks::icons::player_icon;
use crate::tracks::repo as track_repo;
use crate::{new_id, time, Core, CoreResult};

/// A local track made from track `index` of chapter `chapter_key` of the platform card.
pub(super) struct ImportedTrack {
    pub track_id: String,
    pub chapter_key: String,
    pub index: usize,
}

/// Records that the account holds `card` (just imported from `player_card_id`) as it now is.
/// The platform's own document is read once more without signed URLs, for its media
/// references; if that fails the import still stands, only publishing it back would make a
/// new card, so the failure is logged rather than failing (and repeating) the import.
pub(super) async fn remember_import(
    core: &Core,
    client: &AccountClient,
    account_id: &str,
    player_card_id: &str,
    card: &CardRow,
    imported: &[ImportedTrack],
) -> CoreResult<()> {
    let remote = match client.card(player_card_id).await {
        Ok(remote) => remote,
        Err(e) => {
            tracing::warn!(card = player_card_id, error = %e, "the imported card's media references could not be read; publishing it back will create a new card");
            return Ok(());
        }
    };
    for item in imported {
        let Some(track) = track_repo::find_by_id(core.db.pool(), &item.track_id).await? else {
            continue;
        };
        let Some((chapter_icon, remote_track)) = remote
            .content
            .chapters
            .iter()
            .flatten()
            .find(|c| c.key == item.chapter_key)
            .and_then(|c| Some((c.display.icon16x16.clone(), c.tracks.get(item.index)?)))
        else {
            continue;
        };
        if let (Some(hash), true) = (&track.audio_hash, is_media_ref(&remote_track.track_url)) {
            remember(core, account_id, "audio", hash, &audio_of(remote_track)).await?;
        }
        // only an icon that came along is the platform's; a drawn default is not there yet
        let icon_ref = remote_track
            .display
            .as_ref()
            .and_then(|d| d.icon16x16.clone())
            .or(chapter_icon)
            .filter(|r| is_media_ref(r));
        if let (Some(_), Some(icon_ref)) = (&track.icon_hash, icon_ref) {
            let icon = player_icon(core, &track).await?;
            remember(core, account_id, "icon", &icon.hash, &image(icon_ref)).await?;
        }
    }
    let cover_url = remote
        .metadata
        .cover
        .as_ref()
        .and_then(|c| c.image_l.clone());
    if let (Some(hash), Some(url)) = (&card.cover_hash, cover_url) {
        remember(core, account_id, "cover", hash, &image(url)).await?;
    }
    record_as_published(core, account_id, player_card_id, card, &remote).await
}

fn is_media_ref(reference: &str) -> bool {
    reference.starts_with(MEDIA_REF_PREFIX)
}

/// The platform's audio with the transcode facts a card document repeats.
fn audio_of(track: &Track) -> Uploaded {
    Uploaded {
        remote_ref: track.track_url.clone(),
        duration_s: track.duration,
        file_size: track.file_size,
        format: track.format.clone(),
        channels: track.channels.and_then(|c| {
            serde_json::to_value(c)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
        }),
    }
}

fn image(remote_ref: String) -> Uploaded {
    Uploaded {
        remote_ref,
        ..Uploaded::image()
    }
}

async fn record_as_published(
    core: &Core,
    account_id: &str,
    player_card_id: &str,
    card: &CardRow,
    remote: &Card,
) -> CoreResult<()> {
    let now = time::now_str();
    sqlx::query(
        "INSERT INTO publish_records (id, card_id, player_account_id, player_card_id, status, content_hash_at_publish,
                                      remote_digest, last_published_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'published', $5, $6, $7, $7, $7)
         ON CONFLICT (card_id, player_account_id) DO NOTHING",
    )
    .bind(new_id())
    .bind(&card.id)
    .bind(account_id)
    .bind(player_card_id)
    .bind(card.content_hash())
    .bind(Fingerprint::of(remote).to_stored())
    .bind(&now)
    .execute(core.db.pool())
    .await?;
    Ok(())
}
