//! A small picture of a planned cover, so the parent sees what the card will look like before
//! anything is made: the drop's picture file, or the picture inside an audio file's tags,
//! decoded within the image limits and re-encoded small (nothing of the original is sent
//! back but its pixels).

use super::repo::{self, kind, DropRow};
use crate::media::audio::tags;
use crate::media::image::{encode_clean, with_decoded};
use crate::{Core, CoreError, CoreResult};

/// Longest side of a preview.
const PREVIEW_SIDE: u32 = 320;

/// The preview of `path` of drop `drop` (owned and checked by the caller): `(bytes, content
/// type)`. A path that is not a picture of the drop, nor audio with one inside, is a 404.
pub async fn cover_preview(
    core: &Core,
    drop: &DropRow,
    path: &str,
) -> CoreResult<(Vec<u8>, &'static str)> {
    let missing = || CoreError::not_found("the drop holds no picture at that path");
    let files = repo::files(core.db.pool(), &drop.id).await?;
    let file = files.iter().find(|f| f.path == path).ok_or_else(missing)?;
    let staged = repo::file_path(&core.settings.data_dir, &drop.id, &file.id);
    let bytes = match file.kind.as_str() {
        kind::IMAGE => tokio::fs::read(&staged).await.ok(),
        kind::AUDIO => tags::read(&staged).await.picture,
        _ => None,
    }
    .ok_or_else(missing)?;
    with_decoded(bytes, core.settings.max_image_bytes, |image| {
        encode_clean(&image.thumbnail(PREVIEW_SIDE, PREVIEW_SIDE))
    })
    .await
}
