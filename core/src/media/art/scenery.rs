//! The picture of a front cover: sky, a light (sun, moon or planet), a texture, the ground
//! and small things on it, composed per [`Scene`]. The main shapes sit in the middle of the
//! cover, which is the part a printed label shows (it crops covers to a centred square).

use std::f32::consts::TAU;

use image::RgbaImage;

use super::paint::{
    crescent, disc, fill_below, fill_between, fill_convex, glow, gradient, mix, ring, rounded_rect,
    sparkle, star,
};
use super::palette::{Palette, Scene};
use super::rng::Rng;

const WHITE: [u8; 3] = [255, 255, 255];

/// The size of the canvas, and its shorter side as the unit every measure scales with.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    pub(super) w: f32,
    pub(super) h: f32,
    pub(super) unit: f32,
}

impl Frame {
    pub(super) fn of(canvas: &RgbaImage) -> Self {
        let (w, h) = (canvas.width() as f32, canvas.height() as f32);
        Self {
            w,
            h,
            unit: w.min(h),
        }
    }
}

/// Paints the whole picture of `scene`; the sun, moon or planet and the clouds stay below
/// `clear` (the foot of the title plate).
pub(super) fn paint(canvas: &mut RgbaImage, scene: Scene, p: &Palette, rng: &mut Rng, clear: f32) {
    let f = Frame::of(canvas);
    gradient(canvas, p.sky_top, p.sky_bottom, rng.range(-0.25, 0.25));
    match scene {
        Scene::Night | Scene::Space => {
            starfield(canvas, f, rng, if scene == Scene::Space { 150 } else { 70 })
        }
        Scene::Snow => {}
        _ => halftone(canvas, f, mix(p.sky_top, WHITE, 0.5)),
    }
    let radius = rng.range(0.12, 0.17) * f.unit;
    let (cx, cy) = (
        rng.range(f.w * 0.28, f.w * 0.72),
        rng.range(f.h * 0.36, f.h * 0.46)
            .max(clear + radius * 1.15)
            .min(f.h * 0.5),
    );
    match scene {
        Scene::Space => planet(canvas, (cx, cy, radius * 1.1), p, rng),
        Scene::Night => moon(canvas, (cx, cy, radius), p, rng),
        Scene::Desert => striped_sun(canvas, (cx, cy + radius * 0.4, radius * 1.4), p, f),
        _ => {
            glow(canvas, cx, cy, radius * 2.4, p.light, 0.5);
            disc(canvas, cx, cy, radius, p.light, 1.0);
        }
    }
    if matches!(
        scene,
        Scene::Meadow | Scene::Garden | Scene::Sea | Scene::Forest
    ) {
        for _ in 0..2 + rng.below(2) {
            cloud(canvas, f, rng, clear);
        }
    }
    match scene {
        Scene::Sea => waves(canvas, f, p, rng),
        Scene::Space => craters(canvas, f, p, rng),
        _ => hills(canvas, f, p, rng, scene == Scene::Desert),
    }
    match scene {
        Scene::Forest => pines(canvas, f, p, rng),
        Scene::Garden | Scene::Meadow => flowers(canvas, f, p, rng),
        Scene::Snow => {
            snowman(canvas, f, p, rng);
            snowfall(canvas, f, rng);
        }
        Scene::Night => fireflies(canvas, f, p, rng),
        _ => {}
    }
}

/// Stars of a few sizes, denser towards the top; some are twinkles.
fn starfield(canvas: &mut RgbaImage, f: Frame, rng: &mut Rng, count: usize) {
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
fn halftone(canvas: &mut RgbaImage, f: Frame, colour: [u8; 3]) {
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

fn moon(canvas: &mut RgbaImage, (cx, cy, r): (f32, f32, f32), p: &Palette, rng: &mut Rng) {
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
fn planet(canvas: &mut RgbaImage, (cx, cy, r): (f32, f32, f32), p: &Palette, rng: &mut Rng) {
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
            super::paint::blend(canvas, x, y, ring_colour, coverage);
        }
    }
}

/// A big low sun cut by bands of sky, the way sunset posters draw it.
fn striped_sun(canvas: &mut RgbaImage, (cx, cy, r): (f32, f32, f32), p: &Palette, f: Frame) {
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

fn cloud(canvas: &mut RgbaImage, f: Frame, rng: &mut Rng, clear: f32) {
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

/// Three layers of rolling hills (or dunes), far and light to near and dark.
fn hills(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng, dunes: bool) {
    for (layer, colour) in p.ground.iter().enumerate() {
        let base = f.h * (0.62 + 0.1 * layer as f32) + rng.range(-0.02, 0.02) * f.h;
        let (a1, f1, p1) = (
            rng.range(0.025, 0.05) * f.h,
            rng.range(0.8, 2.0),
            rng.range(0.0, TAU),
        );
        let (a2, f2, p2) = (
            rng.range(0.004, 0.015) * f.h,
            rng.range(3.0, 5.0),
            rng.range(0.0, TAU),
        );
        let w = f.w;
        fill_below(canvas, *colour, |x| {
            let s = (TAU * f1 * x / w + p1).sin();
            // dunes have sharp crests: |sin| flipped
            let main = if dunes { -(s.abs()) * 1.4 + 0.7 } else { s };
            base + a1 * main + a2 * (TAU * f2 * x / w + p2).sin()
        });
    }
}

/// Rows of waves with white crests, and a little sailing boat on the far one.
fn waves(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
    let far = f.h * 0.6;
    let boat_x = rng.range(f.w * 0.2, f.w * 0.8);
    for (layer, colour) in p.ground.iter().enumerate() {
        let base = far + f.h * 0.11 * layer as f32;
        let amp = f.h * (0.012 + 0.006 * layer as f32);
        let freq = rng.range(3.0, 5.0) - layer as f32 * 0.6;
        let phase = rng.range(0.0, TAU);
        let w = f.w;
        let crest = move |x: f32| base + amp * (TAU * freq * x / w + phase).sin();
        fill_below(canvas, *colour, crest);
        fill_between(canvas, mix(*colour, WHITE, 0.6), 0.8, crest, move |x| {
            crest(x) + f.unit * 0.008
        });
        if layer == 0 {
            boat(canvas, boat_x, crest(boat_x), f.unit * 0.09, p);
        }
    }
}

fn boat(canvas: &mut RgbaImage, x: f32, water: f32, s: f32, p: &Palette) {
    let hull = [
        (x - s, water - s * 0.35),
        (x + s, water - s * 0.35),
        (x + s * 0.7, water + s * 0.05),
        (x - s * 0.7, water + s * 0.05),
    ];
    fill_convex(canvas, &[&hull], p.accent, 1.0);
    let sail = [
        (x + s * 0.08, water - s * 1.8),
        (x + s * 0.08, water - s * 0.45),
        (x + s * 0.85, water - s * 0.45),
    ];
    fill_convex(canvas, &[&sail], WHITE, 1.0);
    let jib = [
        (x - s * 0.05, water - s * 1.5),
        (x - s * 0.05, water - s * 0.45),
        (x - s * 0.6, water - s * 0.45),
    ];
    fill_convex(canvas, &[&jib], mix(WHITE, p.sky_bottom, 0.25), 1.0);
}

/// The grey ground of a small moon, with craters.
fn craters(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
    let base = f.h * 0.74;
    let w = f.w;
    let bulge = f.h * 0.06;
    fill_below(canvas, p.ground[1], |x| {
        base + bulge * ((x / w - 0.5) * 2.0).powi(2)
    });
    for _ in 0..6 {
        let x = rng.range(0.0, f.w);
        let y = rng.range(f.h * 0.8, f.h * 0.95);
        let r = rng.range(0.025, 0.06) * f.unit;
        disc(canvas, x, y, r, p.ground[2], 1.0);
        disc(
            canvas,
            x + r * 0.15,
            y + r * 0.15,
            r * 0.8,
            mix(p.ground[2], p.ground[1], 0.5),
            1.0,
        );
    }
    // a little rocket on the horizon, leaving
    let rx = rng.range(f.w * 0.15, f.w * 0.85);
    rocket(canvas, rx, base - f.unit * 0.02, f.unit * 0.05, p);
}

fn rocket(canvas: &mut RgbaImage, x: f32, bottom: f32, s: f32, p: &Palette) {
    let body = [
        (x - s * 0.5, bottom - s * 0.4),
        (x + s * 0.5, bottom - s * 0.4),
        (x + s * 0.5, bottom - s * 2.6),
        (x, bottom - s * 3.4),
        (x - s * 0.5, bottom - s * 2.6),
    ];
    let fin_l = [
        (x - s * 0.5, bottom - s * 1.4),
        (x - s * 1.0, bottom - s * 0.2),
        (x - s * 0.5, bottom - s * 0.4),
    ];
    let fin_r = [
        (x + s * 0.5, bottom - s * 1.4),
        (x + s * 0.5, bottom - s * 0.4),
        (x + s * 1.0, bottom - s * 0.2),
    ];
    fill_convex(canvas, &[&fin_l, &fin_r], p.accent, 1.0);
    fill_convex(canvas, &[&body], WHITE, 1.0);
    disc(canvas, x, bottom - s * 2.2, s * 0.25, p.accent, 1.0);
    let flame = [
        (x - s * 0.35, bottom - s * 0.4),
        (x + s * 0.35, bottom - s * 0.4),
        (x, bottom + s * 0.6),
    ];
    fill_convex(canvas, &[&flame], p.light, 1.0);
}

/// Pine trees of three sizes along the nearer hills.
fn pines(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
    let count = 5 + rng.below(4);
    for i in 0..count {
        let x = f.w * (i as f32 + rng.range(0.1, 0.9)) / count as f32;
        let near = rng.chance(0.5);
        let base = if near {
            rng.range(0.88, 0.97)
        } else {
            rng.range(0.76, 0.84)
        } * f.h;
        let s = if near {
            rng.range(0.07, 0.1)
        } else {
            rng.range(0.045, 0.06)
        } * f.unit;
        let colour = if near {
            mix(p.ground[2], [0, 0, 0], 0.25)
        } else {
            p.ground[2]
        };
        let trunk = [
            (x - s * 0.12, base),
            (x + s * 0.12, base),
            (x + s * 0.12, base - s * 0.6),
            (x - s * 0.12, base - s * 0.6),
        ];
        let tiers: Vec<[(f32, f32); 3]> = (0..3)
            .map(|t| {
                let bottom = base - s * (0.4 + 0.7 * t as f32);
                let half = s * (0.75 - 0.17 * t as f32);
                [
                    (x - half, bottom),
                    (x + half, bottom),
                    (x, bottom - s * 1.1),
                ]
            })
            .collect();
        let mut pieces: Vec<&[(f32, f32)]> = vec![&trunk];
        pieces.extend(tiers.iter().map(|t| t.as_slice()));
        fill_convex(canvas, &pieces, colour, 1.0);
    }
}

/// Five-petalled flowers on the nearest hill.
fn flowers(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
    for _ in 0..7 + rng.below(6) {
        let (mut x, y) = (rng.range(0.0, f.w), rng.range(f.h * 0.84, f.h * 0.97));
        if y > f.h * 0.86 && (x - f.w / 2.0).abs() < f.w * 0.25 {
            // clear of the author's ribbon
            x += f.w * 0.5 * (x - f.w / 2.0).signum();
        }
        let r = rng.range(0.012, 0.022) * f.unit;
        let petal = if rng.chance(0.5) {
            p.accent
        } else {
            mix(p.light, WHITE, 0.4)
        };
        let turn = rng.range(0.0, TAU);
        for k in 0..5 {
            let a = turn + k as f32 * TAU / 5.0;
            disc(
                canvas,
                x + a.cos() * r,
                y + a.sin() * r,
                r * 0.75,
                petal,
                1.0,
            );
        }
        disc(canvas, x, y, r * 0.55, p.light, 1.0);
    }
}

/// Three snowballs, coal eyes, a carrot nose and a scarf in the accent colour.
fn snowman(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
    let x = if rng.chance(0.5) {
        f.w * 0.27
    } else {
        f.w * 0.73
    };
    let base = f.h * 0.83;
    let s = f.unit * 0.075;
    let snow = mix(WHITE, p.ground[2], 0.15);
    let shade = mix(WHITE, p.ground[2], 0.45);
    disc(canvas, x, base - s, s * 1.05, shade, 1.0);
    disc(canvas, x - s * 0.08, base - s * 1.05, s, snow, 1.0);
    disc(canvas, x, base - s * 2.55, s * 0.72, snow, 1.0);
    disc(canvas, x, base - s * 3.6, s * 0.5, snow, 1.0);
    let coal = [30, 30, 40];
    for dx in [-0.17, 0.17] {
        disc(canvas, x + dx * s, base - s * 3.7, s * 0.07, coal, 1.0);
    }
    for dy in [2.3, 2.65, 3.0] {
        disc(canvas, x, base - s * dy, s * 0.07, coal, 1.0);
    }
    let nose = [
        (x, base - s * 3.62),
        (x, base - s * 3.5),
        (x + s * 0.45, base - s * 3.58),
    ];
    fill_convex(canvas, &[&nose], [240, 130, 40], 1.0);
    rounded_rect(
        canvas,
        (x - s * 0.55, base - s * 3.2, s * 1.1, s * 0.2),
        s * 0.1,
        p.accent,
        1.0,
    );
    let tail = [
        (x + s * 0.2, base - s * 3.1),
        (x + s * 0.45, base - s * 3.1),
        (x + s * 0.5, base - s * 2.6),
        (x + s * 0.28, base - s * 2.6),
    ];
    fill_convex(canvas, &[&tail], p.accent, 1.0);
}

fn snowfall(canvas: &mut RgbaImage, f: Frame, rng: &mut Rng) {
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

fn fireflies(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
    for _ in 0..8 {
        let (x, y) = (rng.range(0.0, f.w), rng.range(f.h * 0.7, f.h * 0.95));
        glow(canvas, x, y, f.unit * 0.025, p.light, 0.6);
        disc(canvas, x, y, f.unit * 0.004, p.light, 1.0);
    }
}

/// A ring of small marks around a centre, for the back cover's emblem.
pub(super) fn emblem(
    canvas: &mut RgbaImage,
    (cx, cy, r): (f32, f32, f32),
    scene: Scene,
    p: &Palette,
) {
    disc(canvas, cx, cy, r, p.ground[2], 1.0);
    ring(canvas, (cx, cy, r * 0.86), r * 0.05, p.light, 0.9);
    match scene {
        Scene::Night => crescent(
            canvas,
            (cx, cy, r * 0.5),
            (cx + r * 0.22, cy - r * 0.12, r * 0.42),
            p.light,
        ),
        Scene::Space | Scene::Snow => star(canvas, cx, cy, r * 0.55, p.light, 1.0),
        Scene::Forest => {
            let tree = [
                (cx - r * 0.4, cy + r * 0.35),
                (cx + r * 0.4, cy + r * 0.35),
                (cx, cy - r * 0.5),
            ];
            fill_convex(canvas, &[&tree], p.light, 1.0);
        }
        Scene::Sea => {
            for i in 0..2 {
                let y = cy - r * 0.1 + i as f32 * r * 0.3;
                fill_between(
                    canvas,
                    p.light,
                    1.0,
                    |x| {
                        if (x - cx).abs() < r * 0.5 {
                            y + r * 0.06 * (x * 0.25).sin()
                        } else {
                            f32::INFINITY
                        }
                    },
                    |_| y + r * 0.12,
                );
            }
        }
        _ => {
            for k in 0..5 {
                let a = k as f32 * TAU / 5.0;
                disc(
                    canvas,
                    cx + a.cos() * r * 0.28,
                    cy + a.sin() * r * 0.28,
                    r * 0.2,
                    p.light,
                    1.0,
                );
            }
            disc(canvas, cx, cy, r * 0.16, p.accent, 1.0);
        }
    }
}
