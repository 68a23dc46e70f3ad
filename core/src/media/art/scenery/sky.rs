//! What is painted above the ground: stars, the texture of a day sky, the sun, moon or
//! planet, clouds, snow and fireflies.

use image::RgbaImage;

use super::{Frame, WHITE};
use crate::media::art::paint::{
    blend, crescent, disc, fill_between, glow, rounded_rect, sparkle, star,
};
use crate::media::art::palette::Palette;
use crate::media::art::rng::Rng;
use crate::media::colour::{mix, Rgb};

/// Stars of a few sizes, denser towards the top; some are twinkles.
pub(super) fn starfield(canvas: &mut RgbaImage, f: Frame, rng: &mut Rng, count: usize) {
    for i in 0..count {
        let (x, y) = (
            rng.range(0.0, f.w),
            rng.range(0.0, f.h * 0.62) * rng.range(0.6, 1.0),
        );
        let r = rng.range(0.8, 2.4) * f.unit / 638.0;
        if i % 9 == 0 {
            sparkle(canvas, x, y, r * 4.0, WHITE, 0.9);
        } else {
            disc(canvas, x, y, r, WHITE, rng.range(0.45, 1.0));
        }
    }
}

/// A print-like texture of dots that shrink towards the horizon.
pub(super) fn halftone(canvas: &mut RgbaImage, f: Frame, colour: Rgb) {
    let step = f.unit / 18.0;
    let rows = (f.h * 0.55 / step) as usize;
    for row in 0..rows {
        let y = step * (row as f32 + 0.5);
        let size = step * 0.22 * (1.0 - row as f32 / rows as f32);
        let shift = if row % 2 == 0 { 0.0 } else { step / 2.0 };
        let mut x = shift;
        while x < f.w + step {
            disc(canvas, x, y, size, colour, 0.35);
            x += step;
        }
    }
}

pub(super) fn moon(
    canvas: &mut RgbaImage,
    (cx, cy, r): (f32, f32, f32),
    p: &Palette,
    rng: &mut Rng,
) {
    glow(canvas, cx, cy, r * 2.8, p.light, 0.35);
    if rng.chance(0.6) {
        crescent(
            canvas,
            (cx, cy, r),
            (cx + r * 0.45, cy - r * 0.25, r * 0.85),
            p.light,
        );
    } else {
        disc(canvas, cx, cy, r, p.light, 1.0);
        let shade = mix(p.light, p.sky_top, 0.18);
        for _ in 0..3 {
            let (dx, dy) = (rng.range(-0.5, 0.5) * r, rng.range(-0.5, 0.5) * r);
            disc(
                canvas,
                cx + dx,
                cy + dy,
                r * rng.range(0.1, 0.2),
                shade,
                1.0,
            );
        }
    }
}

/// A planet with a tilted ring: the ring's far half behind it, the near half in front.
pub(super) fn planet(
    canvas: &mut RgbaImage,
    (cx, cy, r): (f32, f32, f32),
    p: &Palette,
    rng: &mut Rng,
) {
    glow(canvas, cx, cy, r * 2.2, p.light, 0.3);
    disc(canvas, cx, cy, r, p.light, 1.0);
    // the night side
    crescent(
        canvas,
        (cx, cy, r),
        (cx - r * 0.3, cy - r * 0.3, r * 1.05),
        mix(p.light, p.sky_top, 0.3),
    );
    // bands across the planet
    let band = mix(p.light, p.accent, 0.35);
    for i in 0..3 {
        let y = cy - r * 0.5 + i as f32 * r * 0.45 + rng.range(-0.05, 0.05) * r;
        let thick = r * 0.12;
        let half = |yy: f32| (r * r - (yy - cy).powi(2)).max(0.0).sqrt();
        let half = half(y).min(half(y + thick));
        fill_between(
            canvas,
            band,
            0.45,
            |x| {
                if (x - cx).abs() < half - 1.0 {
                    y
                } else {
                    f32::INFINITY
                }
            },
            |_| y + thick,
        );
    }
    // the ring: an ellipse band, drawn where it passes in front (below the centre line)
    let (a, b) = (r * 1.9, r * 0.45);
    let ring_colour = mix(p.accent, WHITE, 0.3);
    for y in (cy - b - 4.0) as i64..=(cy + b + 4.0) as i64 {
        for x in (cx - a - 4.0) as i64..=(cx + a + 4.0) as i64 {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            let inside_planet = dx * dx + dy * dy < r * r;
            if inside_planet && dy < 0.0 {
                continue;
            }
            let rn = ((dx / a).powi(2) + (dy / b).powi(2)).sqrt();
            let d = (rn - 1.0).abs() * b;
            let coverage = (r * 0.035 - d + 0.5).clamp(0.0, 1.0);
            blend(canvas, x, y, ring_colour, coverage);
        }
    }
}

/// A big low sun cut by bands of sky, the way sunset posters draw it.
pub(super) fn striped_sun(
    canvas: &mut RgbaImage,
    (cx, cy, r): (f32, f32, f32),
    p: &Palette,
    f: Frame,
) {
    glow(canvas, cx, cy, r * 1.9, p.light, 0.35);
    disc(canvas, cx, cy, r, p.light, 1.0);
    let sky = mix(p.sky_top, p.sky_bottom, cy / f.h);
    for i in 0..4 {
        let y = cy + r * (0.15 + 0.22 * i as f32);
        let thick = r * (0.03 + 0.025 * i as f32);
        let half = (r * r - (y - cy).powi(2)).max(0.0).sqrt() + 1.5;
        fill_between(
            canvas,
            sky,
            1.0,
            |x| {
                if (x - cx).abs() <= half {
                    y
                } else {
                    f32::INFINITY
                }
            },
            |_| y + thick,
        );
    }
}

pub(super) fn cloud(canvas: &mut RgbaImage, f: Frame, rng: &mut Rng, clear: f32) {
    let r = rng.range(0.035, 0.055) * f.unit;
    let top = clear + r * 1.6;
    let (x, y) = (rng.range(0.0, f.w), rng.range(top, top.max(f.h * 0.54)));
    // a rounded base and three puffs on it
    rounded_rect(
        canvas,
        (x - r * 2.2, y - r * 0.3, r * 4.4, r * 0.9),
        r * 0.45,
        WHITE,
        1.0,
    );
    for (dx, dy, s) in [(-1.2, -0.1, 0.75), (0.0, -0.5, 1.1), (1.15, -0.15, 0.8)] {
        disc(canvas, x + dx * r, y + dy * r, r * s, WHITE, 1.0);
    }
}

pub(super) fn snowfall(canvas: &mut RgbaImage, f: Frame, rng: &mut Rng) {
    for i in 0..90 {
        let (x, y) = (rng.range(0.0, f.w), rng.range(0.0, f.h));
        let r = rng.range(1.5, 4.5) * f.unit / 638.0;
        if i % 12 == 0 {
            star(canvas, x, y, r * 2.5, WHITE, 0.9);
        } else {
            disc(canvas, x, y, r, WHITE, rng.range(0.6, 0.95));
        }
    }
}

pub(super) fn fireflies(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
    for _ in 0..8 {
        let (x, y) = (rng.range(0.0, f.w), rng.range(f.h * 0.7, f.h * 0.95));
        glow(canvas, x, y, f.unit * 0.025, p.light, 0.6);
        disc(canvas, x, y, f.unit * 0.004, p.light, 1.0);
    }
}
