//! The picture of a front cover: sky, a light (sun, moon or planet), a texture, the ground
//! and small things on it, composed per [`Scene`]. The main shapes sit in the middle of the
//! cover, so a centred square crop of it keeps them (printed labels show the whole cover).

mod ground;
mod sky;

use std::f32::consts::TAU;

use image::RgbaImage;

use super::paint::{crescent, disc, fill_between, fill_convex, glow, gradient, ring, star};
use super::palette::{Palette, Scene};
use super::rng::Rng;
use crate::media::colour::{mix, Rgb};
use ground::{craters, flowers, hills, pines, snowman, waves};
use sky::{cloud, fireflies, halftone, moon, planet, snowfall, starfield, striped_sun};

pub(super) const WHITE: Rgb = [255, 255, 255];

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
