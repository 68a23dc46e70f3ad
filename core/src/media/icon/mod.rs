//! Track icons: the player shows each chapter as a 16x16 pixel picture (`display.icon16x16`),
//! and the platform wants one on every chapter. Uploaded pictures are cropped square and
//! shrunk to that size here; a track without one gets an icon drawn from its title.
//!
//! Icons are encoded as 8-bit RGBA PNGs (no palette): that is what the platform accepts
//! without converting, so what the editor shows is what the player shows.

mod glyphs;

use std::io::Cursor;

use image::imageops::{self, FilterType};
use image::{DynamicImage, ImageFormat, Rgba, Rgba32FImage, RgbaImage};
use sha2::{Digest, Sha256};

use crate::media::colour::{mix, opaque, Rgb};
use crate::{CoreError, CoreResult};

use glyphs::{big, note, small_digit, Glyph};

/// Width and height of a player icon.
pub const ICON_SIZE: u32 = 16;
/// Size of the enlarged default icon: 16 screen pixels per icon pixel, so the pixel art
/// stays crisp where a full-resolution picture would be shown.
pub const ENLARGED_SIZE: u32 = ICON_SIZE * 16;
/// Big pictures are first averaged down to this size: cheap (one pass, no full-size float
/// copy) and exact for a reduction this large; Lanczos then does the last, visible step.
const PRE_SHRINK: u32 = ICON_SIZE * 4;

/// The centre square of `image`, shrunk to 16x16. Resampling happens in linear light with
/// premultiplied alpha, so edges against transparency do not pick up dark fringes and thin
/// bright details do not turn muddy.
pub fn shrink(image: &DynamicImage) -> RgbaImage {
    let rgba = image.to_rgba8();
    let side = rgba.width().min(rgba.height());
    let (x0, y0) = ((rgba.width() - side) / 2, (rgba.height() - side) / 2);
    let n = if side >= 2 * PRE_SHRINK {
        PRE_SHRINK
    } else {
        side
    };
    let to_linear: [f32; 256] = std::array::from_fn(|v| srgb_to_linear(v as f32 / 255.0));
    // area average: each source pixel adds to exactly one of the n x n cells
    let mut sums = vec![[0f32; 5]; (n * n) as usize];
    for y in 0..side {
        let row = (y * n / side * n) as usize;
        for x in 0..side {
            let Rgba([r, g, b, a]) = *rgba.get_pixel(x0 + x, y0 + y);
            let alpha = f32::from(a) / 255.0;
            let cell = &mut sums[row + (x * n / side) as usize];
            cell[0] += to_linear[usize::from(r)] * alpha;
            cell[1] += to_linear[usize::from(g)] * alpha;
            cell[2] += to_linear[usize::from(b)] * alpha;
            cell[3] += alpha;
            cell[4] += 1.0;
        }
    }
    let reduced = Rgba32FImage::from_fn(n, n, |x, y| {
        let [r, g, b, a, count] = sums[(y * n + x) as usize];
        Rgba([r / count, g / count, b / count, a / count])
    });
    let small = imageops::resize(&reduced, ICON_SIZE, ICON_SIZE, FilterType::Lanczos3);
    RgbaImage::from_fn(ICON_SIZE, ICON_SIZE, |x, y| {
        let Rgba([r, g, b, a]) = *small.get_pixel(x, y);
        let alpha = a.clamp(0.0, 1.0);
        if alpha < 0.5 / 255.0 {
            return Rgba([0, 0, 0, 0]);
        }
        let channel = |v: f32| to_byte(linear_to_srgb((v / alpha).clamp(0.0, 1.0)));
        Rgba([channel(r), channel(g), channel(b), to_byte(alpha)])
    })
}

/// The icon of a track nobody gave one: the number in `mark` (its first number 0–99: a
/// chapter's position, so the icons follow a reorder) or else its initial letter, light on a
/// tile whose colour comes from `seed` (the track id, so the colour stays with the chapter).
/// A mark the tiny font cannot draw gets a music note.
pub fn default_icon(seed: &str, mark: &str) -> RgbaImage {
    let digest = Sha256::digest(seed.as_bytes());
    let base = PALETTE[usize::from(digest[0]) % PALETTE.len()];
    let glyph_colour = mix(base, [255, 255, 255], 0.86);
    let shadow_colour = mix(base, [0, 0, 0], 0.55);
    let mut icon = RgbaImage::new(ICON_SIZE, ICON_SIZE);
    for (x, y, pixel) in icon.enumerate_pixels_mut() {
        if !is_corner(x, y) {
            // lit from the top left: +12% at that corner down to -12% at the opposite one
            let t = (x + y) as f32 / (2 * (ICON_SIZE - 1)) as f32;
            let amount = 0.12 - 0.24 * t;
            let rgb = if amount >= 0.0 {
                mix(base, [255, 255, 255], amount)
            } else {
                mix(base, [0, 0, 0], -amount)
            };
            *pixel = opaque(rgb);
        }
    }
    let marks = marks_for(mark);
    for (glyph, origin) in &marks {
        blit(
            &mut icon,
            glyph,
            (origin.0 + 1, origin.1 + 1),
            shadow_colour,
        );
    }
    for (glyph, origin) in &marks {
        blit(&mut icon, glyph, *origin, glyph_colour);
    }
    icon
}

/// The drawn default's number (of `number`, a chapter's position) in given colours, flat (no
/// lighting), so every pixel is one of `tile`, `mark` and `shadow`: the fallback of
/// generated icons, which must stay within a theme's palette.
pub fn marked_tile(number: i64, tile: Rgb, mark: Rgb, shadow: Rgb) -> RgbaImage {
    let mut icon = RgbaImage::from_fn(ICON_SIZE, ICON_SIZE, |x, y| {
        if is_corner(x, y) {
            Rgba([0, 0, 0, 0])
        } else {
            opaque(tile)
        }
    });
    let marks = marks_for(&number.to_string());
    for (glyph, origin) in &marks {
        blit(&mut icon, glyph, (origin.0 + 1, origin.1 + 1), shadow);
    }
    for (glyph, origin) in &marks {
        blit(&mut icon, glyph, *origin, mark);
    }
    icon
}

/// `icon` scaled up by whole pixels (nearest neighbour), for a big crisp preview.
pub fn enlarge(icon: &RgbaImage, size: u32) -> RgbaImage {
    imageops::resize(icon, size, size, FilterType::Nearest)
}

/// PNG bytes of an RGBA image (8 bits per channel, never a palette).
pub fn encode_png(image: &RgbaImage) -> CoreResult<Vec<u8>> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, ImageFormat::Png)
        .map_err(|e| CoreError::internal("png encode", e))?;
    Ok(out.into_inner())
}

/// Tile colours: saturated mid tones that keep a light glyph readable and stay well under the
/// platform's brightness cap (it dims icons brighter than two thirds).
const PALETTE: [Rgb; 12] = [
    [0xC6, 0x42, 0x3A], // brick
    [0xD9, 0x73, 0x1F], // orange
    [0xB8, 0x8A, 0x12], // mustard
    [0x5E, 0x9C, 0x3A], // leaf
    [0x1F, 0x8A, 0x70], // teal
    [0x1E, 0x88, 0xA8], // lagoon
    [0x2F, 0x6D, 0xC4], // blue
    [0x4B, 0x4F, 0xC0], // indigo
    [0x7E, 0x4C, 0xC2], // violet
    [0xB0, 0x45, 0xA8], // magenta
    [0xD0, 0x4A, 0x7A], // pink
    [0x8A, 0x5A, 0x3C], // cocoa
];

/// Each glyph pixel is drawn as a 2x2 block: a 5x7 glyph fills the tile (10x14), two 3x5
/// digits sit side by side (6x10 each).
const SCALE: u32 = 2;

/// What to draw for `title`, with the top-left corner of each glyph.
fn marks_for(title: &str) -> Vec<(Glyph, (u32, u32))> {
    if let Some(number) = first_number(title) {
        if number < 10 {
            return vec![(big(char::from(b'0' + number)), (3, 1))];
        }
        return vec![
            (small_digit(number / 10), (1, 3)),
            (small_digit(number % 10), (9, 3)),
        ];
    }
    // digits left in the title belong to a number too long to draw, so skip them
    let initial = title.chars().find(|c| c.is_alphabetic());
    let glyph = match initial {
        Some(c) if c.is_ascii() => big(c.to_ascii_uppercase()),
        _ => note(),
    };
    vec![(glyph, (3, 1))]
}

/// The first run of ASCII digits in `title`, when it is a number below 100 (leading zeros
/// ignored, so "Track 07" is 7).
fn first_number(title: &str) -> Option<u8> {
    let start = title.find(|c: char| c.is_ascii_digit())?;
    let digits: &str = title[start..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap_or("");
    let significant = digits.trim_start_matches('0');
    match significant.len() {
        0 => Some(0),
        1 | 2 => significant.parse().ok(),
        _ => None,
    }
}

fn is_corner(x: u32, y: u32) -> bool {
    let last = ICON_SIZE - 1;
    (x == 0 || x == last) && (y == 0 || y == last)
}

fn blit(icon: &mut RgbaImage, glyph: &Glyph, origin: (u32, u32), colour: Rgb) {
    for (gy, row) in (0u32..).zip(glyph.rows) {
        for gx in 0..glyph.width {
            if row >> (glyph.width - 1 - gx) & 1 == 0 {
                continue;
            }
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let (x, y) = (origin.0 + gx * SCALE + dx, origin.1 + gy * SCALE + dy);
                if x < ICON_SIZE && y < ICON_SIZE && !is_corner(x, y) {
                    icon.put_pixel(x, y, opaque(colour));
                }
            }
        }
    }
}

fn to_byte(v: f32) -> u8 {
    (v * 255.0).round().clamp(0.0, 255.0) as u8
}

fn srgb_to_linear(v: f32) -> f32 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(v: f32) -> f32 {
    if v <= 0.003_130_8 {
        v * 12.92
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glyphs::{LETTERS_5X7, NOTE};

    fn decoded(png: &[u8]) -> RgbaImage {
        image::load_from_memory(png).unwrap().to_rgba8()
    }

    #[test]
    fn shrinks_any_shape_to_a_true_16x16_png() {
        for (w, h) in [(1, 1), (7, 30), (640, 480), (300, 1000)] {
            let img = DynamicImage::ImageRgb8(image::RgbImage::from_pixel(
                w,
                h,
                image::Rgb([200, 30, 90]),
            ));
            let icon = shrink(&img);
            assert_eq!(icon.dimensions(), (16, 16), "{w}x{h}");
            // a flat colour stays that colour through linear light and back
            assert_eq!(*icon.get_pixel(8, 8), Rgba([200, 30, 90, 255]));
            let png = encode_png(&icon).unwrap();
            assert_eq!(
                image::guess_format(&png).unwrap(),
                ImageFormat::Png,
                "encoded as PNG"
            );
            let back = image::load_from_memory(&png).unwrap();
            assert_eq!(back.color(), image::ColorType::Rgba8, "RGBA, not a palette");
        }
    }

    #[test]
    fn crops_the_centre_square_and_keeps_alpha() {
        // a wide image: red bands left and right, a transparent centre square
        let img = RgbaImage::from_fn(300, 100, |x, _| {
            if (100..200).contains(&x) {
                Rgba([0, 0, 0, 0])
            } else {
                Rgba([255, 0, 0, 255])
            }
        });
        let icon = shrink(&DynamicImage::ImageRgba8(img));
        assert!(icon.pixels().all(|p| p[3] == 0), "only the centre is kept");
        // half transparent, half white: no dark fringe where they meet
        let img = RgbaImage::from_fn(64, 64, |x, _| {
            if x < 32 {
                Rgba([0, 0, 0, 0])
            } else {
                Rgba([255, 255, 255, 255])
            }
        });
        let icon = shrink(&DynamicImage::ImageRgba8(img));
        for p in icon.pixels().filter(|p| p[3] > 16) {
            assert!(p[0] > 240 && p[1] > 240 && p[2] > 240, "fringe {p:?}");
        }
    }

    #[test]
    fn large_pictures_are_averaged_not_aliased() {
        // one-pixel black and white stripes average to mid grey (linear light), not to
        // whichever stripe the sampler happened to hit
        let img = RgbaImage::from_fn(1000, 1000, |x, _| {
            let v = if x % 2 == 0 { 0 } else { 255 };
            Rgba([v, v, v, 255])
        });
        let icon = shrink(&DynamicImage::ImageRgba8(img));
        for p in icon.pixels() {
            assert!((180..=192).contains(&p[0]), "{p:?}");
        }
    }

    #[test]
    fn default_icons_are_deterministic_and_distinct() {
        let a = default_icon("track-1", "Chapter 1");
        assert_eq!(a, default_icon("track-1", "Chapter 1"));
        assert_eq!(a.dimensions(), (16, 16));
        assert_ne!(a, default_icon("track-1", "Chapter 2"), "the number shows");
        let colours: std::collections::HashSet<_> = (0..40)
            .map(|i| *default_icon(&format!("track-{i}"), "Story").get_pixel(1, 8))
            .collect();
        assert!(colours.len() >= 6, "the palette spreads: {}", colours.len());
        // rounded corners are transparent, the rest opaque
        assert_eq!(a.get_pixel(0, 0)[3], 0);
        assert_eq!(a.get_pixel(15, 15)[3], 0);
        assert_eq!(a.get_pixel(1, 0)[3], 255);
    }

    #[test]
    fn default_icons_stay_under_the_brightness_cap() {
        for i in 0..64 {
            for title in ["Chapter 12", "Wonderland", "🎵", "88"] {
                let icon = default_icon(&format!("t{i}"), title);
                let opaque: Vec<_> = icon.pixels().filter(|p| p[3] == 255).collect();
                let mean = opaque
                    .iter()
                    .map(|p| {
                        0.2126 * f32::from(p[0])
                            + 0.7152 * f32::from(p[1])
                            + 0.0722 * f32::from(p[2])
                    })
                    .sum::<f32>()
                    / opaque.len() as f32;
                assert!(mean < 255.0 * 2.0 / 3.0, "{title}: {mean}");
            }
        }
    }

    #[test]
    fn picks_the_number_or_the_initial() {
        assert_eq!(first_number("Chapter 12"), Some(12));
        assert_eq!(first_number("Track 07 - intro"), Some(7));
        assert_eq!(first_number("00"), Some(0));
        assert_eq!(first_number("101 Dalmatians"), None);
        assert_eq!(first_number("The Gruffalo"), None);
        // one glyph for 0-9 and for letters, two small digits for 10-99
        assert_eq!(marks_for("Part 4").len(), 1);
        assert_eq!(marks_for("Part 42").len(), 2);
        assert_eq!(marks_for("gruffalo")[0].0.rows, &LETTERS_5X7[6]);
        assert_eq!(marks_for("101 Dalmatians")[0].0.rows, &LETTERS_5X7[3]);
        assert_eq!(marks_for("  ¿Éclair?")[0].0.rows, &NOTE);
    }

    #[test]
    fn enlarging_keeps_pixels_crisp() {
        let icon = default_icon("x", "A");
        let big = enlarge(&icon, ENLARGED_SIZE);
        assert_eq!(big.dimensions(), (256, 256));
        for (x, y) in [(0, 0), (5, 9), (15, 15), (8, 3)] {
            for (dx, dy) in [(0, 0), (15, 15), (7, 3)] {
                assert_eq!(
                    big.get_pixel(x * 16 + dx, y * 16 + dy),
                    icon.get_pixel(x, y)
                );
            }
        }
        let png = encode_png(&big).unwrap();
        assert_eq!(decoded(&png), big);
    }
}
