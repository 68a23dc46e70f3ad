//! A cover: a sky gradient, a sun or a moon, stars or clouds, rolling hills, and the title on
//! a translucent panel at the top.

use image::RgbaImage;

use super::paint::{self, disc, fill_below, glow, gradient, hsl, luma, mix, rounded_rect};
use super::rng::Rng;
use super::{text, CoverSpec, Rgb};

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [16, 18, 28];

/// The colours of one picture.
struct Palette {
    sky_top: Rgb,
    sky_bottom: Rgb,
    light: Rgb,
    hills: [Rgb; 3],
}

impl Palette {
    /// A harmonious palette around a random hue: analogous hills under a complementary sky.
    fn from_seed(rng: &mut Rng) -> Self {
        let hue = rng.range(0.0, 360.0);
        let night = rng.chance(0.5);
        let sky_hue = hue + rng.range(150.0, 210.0);
        let (sky_top, sky_bottom) = if night {
            (hsl(sky_hue, 0.55, 0.16), hsl(sky_hue + 25.0, 0.5, 0.38))
        } else {
            (hsl(sky_hue, 0.65, 0.55), hsl(sky_hue + 20.0, 0.7, 0.82))
        };
        let light = if night {
            hsl(50.0, 0.9, 0.85)
        } else {
            hsl(hue + 40.0, 0.95, 0.62)
        };
        let spread = rng.range(18.0, 40.0);
        let hills = [
            hsl(hue - spread, 0.45, 0.55),
            hsl(hue, 0.5, 0.42),
            hsl(hue + spread, 0.55, 0.3),
        ];
        Self {
            sky_top,
            sky_bottom,
            light,
            hills,
        }
    }

    /// The given colours, ordered light to dark: the sky takes the two lightest (darkened at
    /// the top), the hills the others, the light the brightest.
    fn from_colours(colours: &[Rgb], rng: &mut Rng) -> Self {
        let mut sorted = colours.to_vec();
        sorted.sort_by(|a, b| luma(*b).total_cmp(&luma(*a)));
        let pick = |i: usize| sorted[i.min(sorted.len() - 1)];
        let offset = rng.below(2);
        Self {
            sky_top: mix(pick(1), INK, 0.35),
            sky_bottom: pick(0),
            light: mix(pick(0), WHITE, 0.6),
            hills: [pick(1 + offset), pick(2 + offset), pick(3 + offset)],
        }
    }
}

/// Draws the cover described by `spec`.
pub fn cover(spec: &CoverSpec<'_>) -> RgbaImage {
    let mut rng = Rng::from_parts(&["cover", spec.title, spec.seed]);
    let palette = match spec.palette {
        Some(colours) if colours.len() >= 2 => Palette::from_colours(colours, &mut rng),
        _ => Palette::from_seed(&mut rng),
    };
    let (w, h) = (spec.width as f32, spec.height as f32);
    let unit = w.min(h);
    let mut canvas = RgbaImage::new(spec.width, spec.height);
    gradient(
        &mut canvas,
        palette.sky_top,
        palette.sky_bottom,
        rng.range(-0.3, 0.3),
    );
    let night = luma(palette.sky_top) < 0.35;

    // stars (night) or clouds (day)
    if night {
        for _ in 0..(40.0 + 60.0 * rng.unit()) as usize {
            let (x, y) = (rng.range(0.0, w), rng.range(0.0, h * 0.6));
            let r = rng.range(0.6, 2.2) * unit / 638.0;
            disc(&mut canvas, x, y, r, WHITE, rng.range(0.5, 1.0));
        }
    }
    // the sun or the moon, with a glow
    let (cx, cy) = (rng.range(w * 0.2, w * 0.8), rng.range(h * 0.42, h * 0.54));
    let radius = rng.range(0.09, 0.16) * unit;
    glow(&mut canvas, cx, cy, radius * 2.6, palette.light, 0.45);
    if night && rng.chance(0.6) {
        // a crescent: the moon less a bite, through which the sky shows
        let bite = (cx + radius * 0.45, cy - radius * 0.25, radius * 0.85);
        paint::crescent(&mut canvas, (cx, cy, radius), bite, palette.light);
    } else {
        disc(&mut canvas, cx, cy, radius, palette.light, 1.0);
    }
    if !night {
        for _ in 0..2 + rng.below(3) {
            cloud(&mut canvas, &mut rng, w, h, unit);
        }
    }
    // three layers of hills, far (light) to near (dark)
    for (layer, colour) in palette.hills.iter().enumerate() {
        let base = h * (0.62 + 0.1 * layer as f32) + rng.range(-0.03, 0.03) * h;
        let (a1, f1, p1) = (
            rng.range(0.02, 0.05) * h,
            rng.range(1.0, 2.5),
            rng.range(0.0, 6.3),
        );
        let (a2, f2, p2) = (
            rng.range(0.005, 0.02) * h,
            rng.range(3.0, 6.0),
            rng.range(0.0, 6.3),
        );
        let tau = std::f32::consts::TAU;
        fill_below(&mut canvas, *colour, |x| {
            base + a1 * (tau * f1 * x / w + p1).sin() + a2 * (tau * f2 * x / w + p2).sin()
        });
    }
    // little round trees or flowers on the nearest hill
    let near = palette.hills[2];
    for _ in 0..3 + rng.below(5) {
        let (x, y) = (rng.range(0.0, w), rng.range(h * 0.86, h * 0.97));
        let r = rng.range(0.02, 0.045) * unit;
        disc(&mut canvas, x, y, r, mix(near, palette.light, 0.35), 1.0);
    }
    title(&mut canvas, spec.title, w, h, unit);
    canvas
}

fn cloud(canvas: &mut RgbaImage, rng: &mut Rng, w: f32, h: f32, unit: f32) {
    let (x, y) = (rng.range(0.0, w), rng.range(h * 0.38, h * 0.56));
    let r = rng.range(0.04, 0.07) * unit;
    for i in 0..4 {
        let dx = (i as f32 - 1.5) * r * 1.1;
        let dy = if i == 1 || i == 2 { -r * 0.5 } else { 0.0 };
        paint::disc(canvas, x + dx, y + dy, r * rng.range(0.9, 1.2), WHITE, 0.85);
    }
}

/// The title in white on a dark translucent panel across the top, with a soft shadow.
fn title(canvas: &mut RgbaImage, title: &str, w: f32, h: f32, unit: f32) {
    if title.trim().is_empty() {
        return;
    }
    let margin = unit * 0.08;
    let padding = unit * 0.045;
    let text_width = w - 2.0 * (margin + padding);
    let layout = text::fit(title, text_width, 4, unit * 0.12, unit * 0.05);
    let panel_h = layout.height() + 2.0 * padding;
    let top = h * 0.06;
    rounded_rect(
        canvas,
        (margin, top, w - 2.0 * margin, panel_h),
        unit * 0.04,
        INK,
        0.55,
    );
    let shadow = (unit / 300.0).max(1.0);
    text::draw(
        canvas,
        &layout,
        w / 2.0 + shadow,
        top + padding + shadow,
        INK,
    );
    text::draw(canvas, &layout, w / 2.0, top + padding, WHITE);
}
