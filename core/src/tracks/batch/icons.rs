//! `set-icon` batches: the icons are drawn and stored before the batch's transaction (content
//! addressed, so a refused batch leaves only files the media sweep removes), then recorded on
//! the tracks inside it.

use std::collections::HashMap;

use cardsmith_model::track_batch::{BatchIcon, TrackBatchInput};

use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::db::DbTx;
use crate::icon_generation::{self, draw, keywords};
use crate::tracks::icons::store_drawn_icon;
use crate::tracks::repo::TrackRow;
use crate::{time, Core, CoreError, CoreResult};

/// Each chosen track's new icon hashes (16x16, full); `None`: the drawn default.
pub(super) async fn prepare(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    tracks: &[TrackRow],
    chosen: &[&TrackRow],
    input: &TrackBatchInput,
) -> CoreResult<HashMap<String, Option<(String, String)>>> {
    let mut icons = HashMap::new();
    match input.icon {
        Some(BatchIcon::Default) | None => {
            for track in chosen {
                icons.insert(track.id.clone(), None);
            }
        }
        Some(BatchIcon::SameAs) => {
            let key = input.icon_from.as_deref().unwrap_or_default();
            let from = tracks
                .iter()
                .find(|t| t.id == key || t.slug == key)
                .ok_or_else(|| CoreError::invalid("icon_from", "is not a track of this card"))?;
            let pair = from.icon_hash.clone().zip(from.icon_source_hash.clone());
            for track in chosen {
                icons.insert(track.id.clone(), pair.clone());
            }
        }
        Some(BatchIcon::Matched) => {
            if input.preview {
                // a preview shows titles and places; drawing would only store pictures
                return Ok(icons);
            }
            let ctx = icon_generation::context(core, actor, card).await?;
            for track in chosen {
                let ranked = keywords::ranked(&draw::subject(track, None));
                let icon = if ranked.is_empty() {
                    None
                } else {
                    let drawn = draw::offline(&ctx.palette, ctx.style, track.position, &ranked, 0);
                    Some(store_drawn_icon(core, &drawn.icon).await?)
                };
                icons.insert(track.id.clone(), icon);
            }
        }
    }
    Ok(icons)
}

/// Points each selected track at its prepared icon, in the batch's transaction. Matched
/// icons are marked as drawn by us, so "generate all" may redraw them; a copied one is a
/// person's choice and is kept.
pub(super) async fn record(
    tx: &mut DbTx<'static>,
    selected: &[&TrackRow],
    icons: &HashMap<String, Option<(String, String)>>,
    icon: Option<BatchIcon>,
) -> CoreResult<()> {
    for track in selected {
        let Some(hashes) = icons.get(&track.id) else {
            continue;
        };
        let (small, full) = hashes.clone().unzip();
        let generated = small.clone().filter(|_| icon == Some(BatchIcon::Matched));
        sqlx::query(
            "UPDATE tracks SET icon_hash = $1, icon_source_hash = $2, icon_generated_hash = $3,
                    updated_at = $4
             WHERE id = $5",
        )
        .bind(small)
        .bind(full)
        .bind(generated)
        .bind(time::now_str())
        .bind(&track.id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
