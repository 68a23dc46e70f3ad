//! Pictures from an image provider made into palette icons: shrunk to 16x16 (centre square,
//! area-averaged in linear light by `media::icon::shrink`), each pixel replaced by the
//! nearest theme colour in OKLab, and the background (the colour that holds most of the
//! border, where it is connected to the border) made clear, so the object stands alone.

use image::{DynamicImage, Rgba, RgbaImage};

use super::render::distance;
use crate::media::colour::Rgb;
use crate::media::icon::{shrink, ICON_SIZE};

/// `picture` as a 16x16 icon in `palette` colours (and clear pixels) only.
pub fn quantise(picture: &DynamicImage, palette: &[Rgb]) -> RgbaImage {
    let small = shrink(picture);
    let mut icon = RgbaImage::new(ICON_SIZE, ICON_SIZE);
    for (x, y, p) in small.enumerate_pixels() {
        if p[3] < 128 || palette.is_empty() {
            continue;
        }
        let nearest = nearest(palette, [p[0], p[1], p[2]]);
        icon.put_pixel(x, y, Rgba([nearest[0], nearest[1], nearest[2], 255]));
    }
    clear_background(&mut icon);
    icon
}

/// The palette colour nearest to `colour` (perceptually).
pub fn nearest(palette: &[Rgb], colour: Rgb) -> Rgb {
    palette
        .iter()
        .copied()
        .min_by(|a, b| distance(*a, colour).total_cmp(&distance(*b, colour)))
        .unwrap_or(colour)
}

/// Clears the pixels of the border's most common colour that the border reaches (4-connected
/// flood fill), when that colour holds more than 60% of the border: a picture drawn on a plain
/// background loses it; one that fills the frame keeps everything.
fn clear_background(icon: &mut RgbaImage) {
    let n = ICON_SIZE;
    let border: Vec<(u32, u32)> = (0..n)
        .flat_map(|i| [(i, 0), (i, n - 1), (0, i), (n - 1, i)])
        .collect();
    let mut counts: Vec<(Rgba<u8>, usize)> = Vec::new();
    for &(x, y) in &border {
        let p = *icon.get_pixel(x, y);
        if p[3] == 0 {
            continue;
        }
        match counts.iter_mut().find(|(c, _)| *c == p) {
            Some((_, count)) => *count += 1,
            None => counts.push((p, 1)),
        }
    }
    let Some((background, count)) = counts.into_iter().max_by_key(|(_, count)| *count) else {
        return;
    };
    if count * 5 <= border.len() * 3 {
        return;
    }
    let mut stack: Vec<(u32, u32)> = border;
    while let Some((x, y)) = stack.pop() {
        if *icon.get_pixel(x, y) != background {
            continue;
        }
        icon.put_pixel(x, y, Rgba([0, 0, 0, 0]));
        if x > 0 {
            stack.push((x - 1, y));
        }
        if y > 0 {
            stack.push((x, y - 1));
        }
        if x + 1 < n {
            stack.push((x + 1, y));
        }
        if y + 1 < n {
            stack.push((x, y + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PALETTE: [Rgb; 3] = [[0x10, 0x10, 0x40], [0xe0, 0x40, 0x30], [0xf0, 0xf0, 0xe0]];

    #[test]
    fn nearest_is_perceptual() {
        assert_eq!(nearest(&PALETTE, [200, 60, 50]), PALETTE[1]);
        assert_eq!(nearest(&PALETTE, [0, 0, 20]), PALETTE[0]);
        assert_eq!(nearest(&PALETTE, [255, 255, 255]), PALETTE[2]);
    }

    #[test]
    fn a_disc_on_a_plain_background_stands_alone() {
        // a near-red disc on near-white, as a provider would paint it at 512x512
        let picture = RgbaImage::from_fn(512, 512, |x, y| {
            let (dx, dy) = (x as f32 - 256.0, y as f32 - 256.0);
            if dx * dx + dy * dy < 150.0 * 150.0 {
                Rgba([210, 70, 40, 255])
            } else {
                Rgba([250, 248, 240, 255])
            }
        });
        let icon = quantise(&DynamicImage::ImageRgba8(picture), &PALETTE);
        assert_eq!(icon.dimensions(), (16, 16));
        assert_eq!(icon.get_pixel(0, 0)[3], 0, "the background is cleared");
        assert_eq!(icon.get_pixel(8, 8), &Rgba([0xe0, 0x40, 0x30, 255]));
        for p in icon.pixels() {
            assert!(p[3] == 0 || PALETTE.contains(&[p[0], p[1], p[2]]), "{p:?}");
        }
    }

    #[test]
    fn a_picture_filling_the_frame_is_kept() {
        // quadrants: no colour holds most of the border
        let picture = RgbaImage::from_fn(64, 64, |x, y| match (x < 32, y < 32) {
            (true, true) => Rgba([20, 20, 60, 255]),
            (false, false) => Rgba([240, 240, 225, 255]),
            _ => Rgba([230, 60, 50, 255]),
        });
        let icon = quantise(&DynamicImage::ImageRgba8(picture), &PALETTE);
        assert!(icon.pixels().all(|p| p[3] == 255));
    }
}
