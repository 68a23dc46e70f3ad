//! The pictures on a label: covers and chapter icons, decoded once each, within limits, into
//! small RGB images flattened onto the white of the paper.

use std::collections::HashMap;
use std::io::Cursor;
use std::sync::Arc;

use image::{DynamicImage, ImageReader, Limits, RgbImage};

use super::layout::COVER_BOX;
use super::LabelCard;
use crate::media::colour::Rgb;
use crate::media::icon::{self, ICON_SIZE};

/// Largest picture side accepted and the decoder's memory budget: uploads are untrusted, and
/// a few KB of PNG can claim gigabytes of pixels.
const MAX_PICTURE_DIM: u32 = 8192;
const MAX_PICTURE_ALLOC: u64 = 256 * 1024 * 1024;
/// Longest side of a cover as embedded: 480 px over the cover box's 38 mm is ~320 dpi, sharp
/// in print and small in the file.
const COVER_PX: u32 = 480;
/// An edge whose pixels stray further than this (mean absolute deviation, 0–255) from their
/// average is busy: a band of its average would look muddy, so the band is white instead.
const BUSY_EDGE: f32 = 24.0;
const WHITE: Rgb = [0xff; 3];

/// A cover as printed: the whole picture (never cropped) and the colour of the bands that
/// letterbox it in the cover box.
pub(super) struct Cover {
    pub(super) image: RgbImage,
    pub(super) backdrop: Rgb,
}

/// Every distinct picture on a sheet, decoded once, and per card (and per chapter) its index.
pub(super) struct Pictures {
    pub(super) covers: Vec<Cover>,
    pub(super) cover_of: Vec<Option<usize>>,
    /// 16 × 16 icons.
    pub(super) icons: Vec<RgbImage>,
    /// Per card, per chapter.
    pub(super) icon_of: Vec<Vec<Option<usize>>>,
}

pub(super) fn prepare_pictures(cards: &[LabelCard]) -> Pictures {
    let mut covers = Shared::default();
    let cover_of = cards
        .iter()
        .map(|card| covers.index(card.cover.as_ref(), &card.title, decode_cover))
        .collect();
    let mut icons = Shared::default();
    let mut icons_of = |card: &LabelCard| {
        let of_track = |t: &super::LabelTrack| icons.index(t.icon.as_ref(), &t.title, decode_icon);
        card.tracks.iter().map(of_track).collect()
    };
    let icon_of = cards.iter().map(&mut icons_of).collect();
    Pictures {
        covers: covers.decoded,
        cover_of,
        icons: icons.decoded,
        icon_of,
    }
}

/// Pictures decoded so far, by the address of their shared bytes: cards (and chapters)
/// showing the same picture share one `Arc`, so it is decoded once however often it prints.
struct Shared<T> {
    decoded: Vec<T>,
    index: HashMap<*const u8, Option<usize>>,
}

impl<T> Default for Shared<T> {
    fn default() -> Self {
        Self {
            decoded: Vec::new(),
            index: HashMap::new(),
        }
    }
}

impl<T> Shared<T> {
    /// The index of `bytes` decoded; `None` without bytes or when they do not decode (the
    /// label then prints without the picture: one bad upload must not stop a whole sheet).
    fn index(
        &mut self,
        bytes: Option<&Arc<[u8]>>,
        what: &str,
        decode: fn(&[u8]) -> Result<T, image::ImageError>,
    ) -> Option<usize> {
        let bytes = bytes?;
        let decoded = &mut self.decoded;
        *self
            .index
            .entry(bytes.as_ptr())
            .or_insert_with(|| match decode(bytes) {
                Ok(picture) => {
                    decoded.push(picture);
                    Some(decoded.len() - 1)
                }
                Err(err) => {
                    tracing::warn!(%what, %err, "unusable picture on a label; printing without it");
                    None
                }
            })
    }
}

/// The one way a label decodes bytes: within size and memory limits.
fn decode_limited(bytes: &[u8]) -> Result<DynamicImage, image::ImageError> {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_PICTURE_DIM);
    limits.max_image_height = Some(MAX_PICTURE_DIM);
    limits.max_alloc = Some(MAX_PICTURE_ALLOC);
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format()?;
    reader.limits(limits);
    reader.decode()
}

/// The whole cover, downsized (aspect kept), and its letterbox colour.
fn decode_cover(bytes: &[u8]) -> Result<Cover, image::ImageError> {
    let image = decode_limited(bytes)?;
    let (w, h) = (image.width(), image.height());
    let image = if w.max(h) > COVER_PX {
        image.thumbnail(COVER_PX, COVER_PX)
    } else {
        image
    };
    let image = flatten_on_white(image);
    let backdrop = backdrop(&image, COVER_BOX[0] / COVER_BOX[1]);
    Ok(Cover { image, backdrop })
}

/// A chapter icon as the player shows it: 16 × 16 pixels. Stored icons already are; anything
/// else is shrunk the way uploads are.
fn decode_icon(bytes: &[u8]) -> Result<RgbImage, image::ImageError> {
    let image = decode_limited(bytes)?;
    if (image.width(), image.height()) == (ICON_SIZE, ICON_SIZE) {
        return Ok(flatten_on_white(image));
    }
    Ok(flatten_on_white(DynamicImage::ImageRgba8(icon::shrink(
        &image,
    ))))
}

/// The colour for the bands beside a picture fitted into a box of aspect `box_aspect`
/// (width / height): the average of the picture's edge the bands touch (left and right
/// columns for a picture narrower than the box, else top and bottom rows), or white when that
/// edge is busy.
pub(super) fn backdrop(image: &RgbImage, box_aspect: f32) -> Rgb {
    let (w, h) = image.dimensions();
    if w == 0 || h == 0 {
        return WHITE;
    }
    let edge: Vec<Rgb> = if (w as f32 / h as f32) < box_aspect {
        (0..h)
            .flat_map(|y| [image.get_pixel(0, y).0, image.get_pixel(w - 1, y).0])
            .collect()
    } else {
        (0..w)
            .flat_map(|x| [image.get_pixel(x, 0).0, image.get_pixel(x, h - 1).0])
            .collect()
    };
    let n = edge.len() as f32;
    let mean: [f32; 3] =
        std::array::from_fn(|c| edge.iter().map(|p| f32::from(p[c])).sum::<f32>() / n);
    let deviation = edge
        .iter()
        .map(|p| {
            (0..3)
                .map(|c| (f32::from(p[c]) - mean[c]).abs())
                .sum::<f32>()
                / 3.0
        })
        .sum::<f32>()
        / n;
    if deviation > BUSY_EDGE {
        return WHITE;
    }
    mean.map(|v| v.round() as u8)
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
    fn covers_keep_their_whole_picture_and_are_downsized() {
        let big = decode_cover(&png(1276, 2022)).unwrap().image;
        assert_eq!(big.dimensions(), (303, 480), "aspect kept, nothing cropped");
        let small = decode_cover(&png(120, 300)).unwrap().image;
        assert_eq!(small.dimensions(), (120, 300));
    }

    #[test]
    fn icons_come_out_at_player_size() {
        assert_eq!(decode_icon(&png(16, 16)).unwrap().dimensions(), (16, 16));
        assert_eq!(decode_icon(&png(64, 40)).unwrap().dimensions(), (16, 16));
        assert!(decode_icon(b"not an image").is_err());
    }

    #[test]
    fn letterbox_takes_a_calm_edge_and_whitens_a_busy_one() {
        let calm = RgbImage::from_fn(10, 40, |x, _| {
            image::Rgb(if x == 0 || x == 9 {
                [10, 20, 30]
            } else {
                [200, 0, 0]
            })
        });
        assert_eq!(backdrop(&calm, 0.63), [10, 20, 30]);
        let busy = RgbImage::from_fn(10, 40, |_, y| {
            image::Rgb(if y % 2 == 0 { [0; 3] } else { [255; 3] })
        });
        assert_eq!(backdrop(&busy, 0.63), WHITE);
        // wider than the box: the bands are above and below, so the rows count
        let wide = RgbImage::from_fn(40, 10, |_, y| {
            image::Rgb(if y == 0 || y == 9 {
                [5, 5, 5]
            } else {
                [0, 200, 0]
            })
        });
        assert_eq!(backdrop(&wide, 0.63), [5, 5, 5]);
    }
}
