//! Cover images: decoded once, within limits, into small square RGB images.

use std::collections::HashMap;
use std::io::Cursor;

use image::{DynamicImage, ImageReader, Limits, RgbImage};

use super::LabelCard;

/// Largest cover side accepted and the decoder's memory budget: uploads are untrusted, and
/// a few KB of PNG can claim gigabytes of pixels.
const MAX_COVER_DIM: u32 = 8192;
const MAX_COVER_ALLOC: u64 = 256 * 1024 * 1024;
/// 600 px across 48 mm is ~320 dpi: sharp in print, small in the file.
const COVER_PX: u32 = 600;

/// Decodes every distinct cover once (cards sharing a picture share its `Arc`); returns the
/// images and, per card, its index among them.
pub(super) fn prepare_covers(cards: &[LabelCard]) -> (Vec<RgbImage>, Vec<Option<usize>>) {
    let mut covers = Vec::new();
    let mut decoded: HashMap<*const u8, Option<usize>> = HashMap::new();
    let mut index_of = |card: &LabelCard| {
        let bytes = card.cover.as_ref()?;
        *decoded
            .entry(bytes.as_ptr())
            .or_insert_with(|| match decode_cover(bytes) {
                Ok(image) => {
                    covers.push(image);
                    Some(covers.len() - 1)
                }
                Err(err) => {
                    tracing::warn!(title = %card.title, %err, "unusable cover; printing a placeholder");
                    None
                }
            })
    };
    let cover_of = cards.iter().map(&mut index_of).collect();
    (covers, cover_of)
}

/// Decodes within limits, centre-crops to a square, downsizes and flattens onto white.
fn decode_cover(bytes: &[u8]) -> Result<RgbImage, image::ImageError> {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_COVER_DIM);
    limits.max_image_height = Some(MAX_COVER_DIM);
    limits.max_alloc = Some(MAX_COVER_ALLOC);
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format()?;
    reader.limits(limits);
    let image = reader.decode()?;
    let (w, h) = (image.width(), image.height());
    let side = w.min(h);
    let square = image.crop_imm((w - side) / 2, (h - side) / 2, side, side);
    let px = side.min(COVER_PX);
    Ok(flatten_on_white(square.thumbnail_exact(px, px)))
}

/// Transparent parts print on white paper anyway, and JPEG has no alpha channel.
fn flatten_on_white(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0.map(u16::from);
        let over = |c: u16| ((c * a + 255 * (255 - a)) / 255) as u8;
        image::Rgb([over(r), over(g), over(b)])
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::png;
    use super::*;

    #[test]
    fn covers_are_cropped_square_and_downsized() {
        assert_eq!(
            decode_cover(&png(1200, 700)).unwrap().dimensions(),
            (600, 600)
        );
        assert_eq!(
            decode_cover(&png(120, 300)).unwrap().dimensions(),
            (120, 120)
        );
    }
}
