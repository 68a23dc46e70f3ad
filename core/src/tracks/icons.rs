//! Track icons: the 16x16 picture the player shows for each chapter, and the full-resolution
//! picture it was made from.
//!
//! An upload keeps both, content-addressed in `images`, and the 16x16 one counts toward the
//! card's `content_hash` because it is published. A track without an upload is served its
//! drawn default (`media::icon::default_icon`: the chapter's number) at the same URLs.
//! Defaults are rendered on request rather than stored: they follow from the track's id and
//! position, so storing them would only leave files to redraw after every reorder.

use ::image::DynamicImage;
use cardsmith_model::track::TrackIconOut;
use cardsmith_model::validate::CollectionRole;

use super::repo::{self, TrackRow};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::{repo::CardRow, require_card};
use crate::db::DbTx;
use crate::media::{icon, image, store};
use crate::{time, Core, CoreError, CoreResult};

/// Which picture of a track's icon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IconSize {
    /// The 16x16 PNG the player shows.
    Player,
    /// The picture it was made from (the drawn default enlarged, for tracks without one).
    Full,
}

/// An icon ready to send. `hash` is the SHA-256 of `bytes`, fit for an ETag and for telling
/// whether the player already has it.
#[derive(Debug, Clone)]
pub struct IconImage {
    pub bytes: Vec<u8>,
    pub content_type: String,
    pub hash: String,
    /// Whether someone uploaded it (`false`: the drawn default).
    pub custom: bool,
}

/// Parses the last segment of the icon URLs: `3` (the 16x16 icon of chapter 3) or `3-full`.
/// One segment because the router cannot match a parameter followed by a static suffix.
pub fn parse_icon_ref(segment: &str) -> CoreResult<(i64, IconSize)> {
    match segment.strip_suffix("-full") {
        Some(number) => Ok((parse_position(number)?, IconSize::Full)),
        None => Ok((parse_position(segment)?, IconSize::Player)),
    }
}

/// A chapter position from a URL. Any whole number parses; one with no chapter is a 404
/// later, like any other unknown position.
pub fn parse_position(segment: &str) -> CoreResult<i64> {
    segment.parse().map_err(|_| {
        CoreError::invalid(
            "position",
            "must be a whole number: the chapter's position, from 1",
        )
    })
}

/// The icon of the chapter at `position` (any role on the card).
pub async fn get_icon(
    core: &Core,
    actor: &Actor,
    slug: &str,
    position: i64,
    size: IconSize,
) -> CoreResult<IconImage> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Viewer).await?;
    let track = track_at(core, &card, position).await?;
    icon_of(core, &track, size).await
}

/// The 16x16 PNG to send to the player for `track`: its uploaded icon or its drawn default.
pub async fn player_icon(core: &Core, track: &TrackRow) -> CoreResult<IconImage> {
    icon_of(core, track, IconSize::Player).await
}

/// Makes the chapter's icon from an uploaded picture (editor of the card's home): keeps the
/// sanitised picture and a 16x16 PNG of its centre square, then re-hashes the card.
pub async fn upload_icon(
    core: &Core,
    actor: &Actor,
    slug: &str,
    position: i64,
    bytes: Vec<u8>,
) -> CoreResult<TrackIconOut> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    let track = track_at(core, &card, position).await?;
    let mut tx = attach_icon(core, &card.id, &track.id, bytes).await?;
    audit::record(
        &mut *tx,
        AuditEvent::own(
            actor,
            "track.icon_set",
            format!("{}/{}", card.slug, track.slug),
        ),
    )
    .await?;
    let track = repo::find_by_id(&mut *tx, &track.id)
        .await?
        .ok_or_else(|| CoreError::not_found("the track was removed meanwhile"))?;
    tx.commit().await?;
    let out = track.into_out(&card.slug);
    match (out.icon_path, out.icon_source_path) {
        (Some(icon_path), Some(icon_source_path)) => Ok(TrackIconOut {
            icon_path,
            icon_source_path,
        }),
        _ => Err(CoreError::Internal("the icon was not recorded".into())),
    }
}

/// Makes `bytes` (any picture) the icon of track `track_id` of card `card_id`: keeps the
/// sanitised picture and a 16x16 PNG of its centre square and re-hashes the card. Answers the
/// open transaction so the caller can add its own records before committing. Also used by
/// imports, which bring the chapter icons along.
pub async fn attach_icon(
    core: &Core,
    card_id: &str,
    track_id: &str,
    bytes: Vec<u8>,
) -> CoreResult<DbTx<'static>> {
    let max = core.settings.max_image_bytes;
    let made = image::with_decoded(bytes, max, |decoded| make_icon(&decoded)).await?;
    let source =
        image::store_encoded(core, made.source, made.source_type, made.width, made.height).await?;
    let small = image::store_encoded(
        core,
        made.icon,
        "image/png",
        icon::ICON_SIZE,
        icon::ICON_SIZE,
    )
    .await?;
    record_icon(core, card_id, track_id, &small.hash, &source.hash).await
}

/// Makes an imported icon the icon of track `track_id`, exactly as it was: the 16x16
/// `icon` (decoded, checked to be 16x16 and stored as PNG again, so no pixel changes) and the
/// full-size `picture` it was made from (sanitised as any upload). Answers the open
/// transaction, like [`attach_icon`].
pub async fn attach_exact_icon(
    core: &Core,
    card_id: &str,
    track_id: &str,
    icon: Vec<u8>,
    picture: Vec<u8>,
) -> CoreResult<DbTx<'static>> {
    let max = core.settings.max_image_bytes;
    let small = image::with_decoded(icon, max, |decoded| {
        if decoded.width() != icon::ICON_SIZE || decoded.height() != icon::ICON_SIZE {
            return Err(CoreError::invalid("icon", "must be 16 by 16 pixels"));
        }
        let mut out = std::io::Cursor::new(Vec::new());
        decoded
            .write_to(&mut out, ::image::ImageFormat::Png)
            .map_err(|e| CoreError::internal("png encode", e))?;
        Ok(out.into_inner())
    })
    .await?;
    let small =
        image::store_encoded(core, small, "image/png", icon::ICON_SIZE, icon::ICON_SIZE).await?;
    let source = image::store_upload(core, picture).await?;
    record_icon(core, card_id, track_id, &small.hash, &source.hash).await
}

/// Makes a drawn 16x16 `sprite` (an offline icon, `icon_generation::draw::offline`) the icon of track `track_id`:
/// stored as is (no resampling, so every pixel stays as drawn), with its whole-pixel
/// enlargement as the full-size picture. Answers the open transaction, like [`attach_icon`].
pub async fn attach_drawn_icon(
    core: &Core,
    card_id: &str,
    track_id: &str,
    sprite: &::image::RgbaImage,
) -> CoreResult<DbTx<'static>> {
    let (small, source) = store_drawn_icon(core, sprite).await?;
    record_icon(core, card_id, track_id, &small, &source).await
}

/// Stores a drawn 16x16 `sprite` and its enlargement; answers their hashes (the 16x16 one
/// first) for a caller that records them itself (a batch, in its own transaction).
pub async fn store_drawn_icon(
    core: &Core,
    sprite: &::image::RgbaImage,
) -> CoreResult<(String, String)> {
    if sprite.dimensions() != (icon::ICON_SIZE, icon::ICON_SIZE) {
        return Err(CoreError::Internal("a drawn icon must be 16x16".into()));
    }
    let enlarged = icon::enlarge(sprite, icon::ENLARGED_SIZE);
    let (small, full) = (icon::encode_png(sprite)?, icon::encode_png(&enlarged)?);
    let small =
        image::store_encoded(core, small, "image/png", icon::ICON_SIZE, icon::ICON_SIZE).await?;
    let (side, png) = (icon::ENLARGED_SIZE, "image/png");
    let source = image::store_encoded(core, full, png, side, side).await?;
    Ok((small.hash, source.hash))
}

/// Points the track at its stored icon pictures and re-hashes the card, in a transaction left
/// open for the caller's audit row.
async fn record_icon(
    core: &Core,
    card_id: &str,
    track_id: &str,
    small_hash: &str,
    source_hash: &str,
) -> CoreResult<DbTx<'static>> {
    let mut tx = core.db.begin().await?;
    let updated = sqlx::query(
        "UPDATE tracks SET icon_hash = $1, icon_source_hash = $2, updated_at = $3
         WHERE id = $4 AND is_source = 0",
    )
    .bind(small_hash)
    .bind(source_hash)
    .bind(time::now_str())
    .bind(track_id)
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(CoreError::not_found("the track was removed meanwhile"));
    }
    repo::settle_card(&mut tx, card_id).await?;
    Ok(tx)
}

async fn track_at(core: &Core, card: &CardRow, position: i64) -> CoreResult<TrackRow> {
    repo::find_at_position(core.db.pool(), &card.id, position)
        .await?
        .ok_or_else(|| CoreError::not_found("this card has no chapter at that position"))
}

async fn icon_of(core: &Core, track: &TrackRow, size: IconSize) -> CoreResult<IconImage> {
    let stored = match size {
        IconSize::Player => track.icon_hash.as_deref(),
        IconSize::Full => track.icon_source_hash.as_deref(),
    };
    if let Some(hash) = stored {
        let (bytes, content_type) = image::load(core, hash).await?;
        return Ok(IconImage {
            bytes,
            content_type,
            hash: hash.to_owned(),
            custom: true,
        });
    }
    // 256 pixels of drawing and a small PNG: not worth a blocking task
    let mut drawn = icon::default_icon(&track.id, &track.position.to_string());
    if size == IconSize::Full {
        drawn = icon::enlarge(&drawn, icon::ENLARGED_SIZE);
    }
    let bytes = icon::encode_png(&drawn)?;
    Ok(IconImage {
        hash: store::sha256_hex(&bytes),
        bytes,
        content_type: "image/png".into(),
        custom: false,
    })
}

/// The two pictures an upload becomes.
struct MadeIcon {
    source: Vec<u8>,
    source_type: &'static str,
    width: u32,
    height: u32,
    icon: Vec<u8>,
}

/// Derives both pictures from the same decoded (and bounded) pixels.
fn make_icon(decoded: &DynamicImage) -> CoreResult<MadeIcon> {
    let (source, source_type) = image::encode_clean(decoded)?;
    let icon = icon::encode_png(&icon::shrink(decoded))?;
    Ok(MadeIcon {
        source,
        source_type,
        width: decoded.width(),
        height: decoded.height(),
        icon,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_positions_and_the_full_suffix() {
        assert_eq!(parse_icon_ref("3").unwrap(), (3, IconSize::Player));
        assert_eq!(parse_icon_ref("12-full").unwrap(), (12, IconSize::Full));
        for bad in ["", "-full", "x", "3-small", "3.5", "3-full-full"] {
            assert!(
                matches!(parse_icon_ref(bad), Err(CoreError::Invalid(_))),
                "{bad:?}"
            );
        }
    }
}
