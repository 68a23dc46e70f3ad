//! What a label sheet prints of each card: its title, author, cover and chapters, read from
//! the library for the caller.

use std::collections::HashMap;
use std::sync::Arc;

use cardsmith_model::validate::CollectionRole;

use crate::auth::Actor;
use crate::cards::require_card;
use crate::media::image;
use crate::media::label::{LabelCard, LabelTrack};
use crate::tracks::{icons, repo as track_repo};
use crate::{Core, CoreResult};

/// The cards `slugs` names (each one the caller may view; a slug may repeat, for copies), in
/// that order.
pub(super) async fn label_cards(
    core: &Core,
    actor: &Actor,
    slugs: &[String],
) -> CoreResult<Vec<LabelCard>> {
    let mut cards = Vec::with_capacity(slugs.len());
    // each distinct cover and icon is read once and shared by every card (and copy) that
    // shows it; a card printed many times has its chapters read once
    let mut covers: HashMap<String, Arc<[u8]>> = HashMap::new();
    let mut icon_bytes: HashMap<String, Arc<[u8]>> = HashMap::new();
    let mut chapters_of: HashMap<String, Vec<LabelTrack>> = HashMap::new();
    for slug in slugs {
        let card = require_card(core.db.pool(), actor, slug, CollectionRole::Viewer).await?;
        let cover = match &card.cover_hash {
            Some(hash) => Some(match covers.get(hash) {
                Some(bytes) => bytes.clone(),
                None => {
                    let bytes: Arc<[u8]> = image::load(core, hash).await?.0.into();
                    covers.insert(hash.clone(), bytes.clone());
                    bytes
                }
            }),
            None => None,
        };
        let tracks = match chapters_of.get(&card.id) {
            Some(chapters) => chapters.clone(),
            None => {
                let chapters = label_tracks(core, &card.id, &mut icon_bytes).await?;
                chapters_of.insert(card.id.clone(), chapters.clone());
                chapters
            }
        };
        cards.push(LabelCard {
            title: card.title,
            author: card.author,
            tracks,
            cover,
        });
    }
    Ok(cards)
}

/// The card's chapters in order, each with the icon the player shows for it: the uploaded one,
/// else its drawn default (the chapter's number on a coloured tile), so the label matches the
/// player's screen. An icon that cannot be read is left off its row rather than failing the
/// sheet.
async fn label_tracks(
    core: &Core,
    card_id: &str,
    icon_bytes: &mut HashMap<String, Arc<[u8]>>,
) -> CoreResult<Vec<LabelTrack>> {
    let mut chapters = Vec::new();
    for track in track_repo::list_playable(core.db.pool(), card_id).await? {
        let known = track.icon_hash.as_ref().and_then(|h| icon_bytes.get(h));
        let icon = match known {
            Some(bytes) => Some(bytes.clone()),
            None => match icons::player_icon(core, &track).await {
                Ok(icon) => Some(
                    icon_bytes
                        .entry(icon.hash)
                        .or_insert_with(|| icon.bytes.into())
                        .clone(),
                ),
                Err(e) => {
                    tracing::warn!(track_id = %track.id, error = %e, "a chapter icon could not be read for a label");
                    None
                }
            },
        };
        chapters.push(LabelTrack {
            number: track.position,
            title: track.title,
            icon,
        });
    }
    Ok(chapters)
}
