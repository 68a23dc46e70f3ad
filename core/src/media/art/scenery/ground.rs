//! The ground and what stands on it: hills or dunes, waves with a boat, a cratered moon
//! with a rocket, pines, flowers and a snowman.

use std::f32::consts::TAU;

use image::RgbaImage;

use super::{Frame, WHITE};
use crate::media::art::paint::{disc, fill_below, fill_between, fill_convex, rounded_rect};
use crate::media::art::palette::Palette;
use crate::media::art::rng::Rng;
use crate::media::colour::mix;

/// Three layers of rolling hills (or dunes), far and light to near and dark.
pub(super) fn hills(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng, dunes: bool) {
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
pub(super) fn waves(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
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
pub(super) fn craters(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
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
pub(super) fn pines(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
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
pub(super) fn flowers(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
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
pub(super) fn snowman(canvas: &mut RgbaImage, f: Frame, p: &Palette, rng: &mut Rng) {
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
