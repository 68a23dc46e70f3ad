//! A cover's layout. The front: the scene (see [`scenery`]) in an inset frame, the title on a
//! plate at the top and the author on a ribbon at the foot. The back: a quiet pattern of the
//! scene's mark, an emblem, and a paper plate with the title, the description and the author.

use image::RgbaImage;

use super::paint::{disc, fill_between, gradient, rounded_frame, rounded_rect, sparkle};
use super::palette::{Palette, Scene};
use super::rng::Rng;
use super::scenery::{self, Frame};
use super::{text, CoverSpec, Face};
use crate::media::colour::{luma, mix};

/// Draws the cover described by `spec`.
pub fn cover(spec: &CoverSpec<'_>) -> RgbaImage {
    let face = match spec.face {
        Face::Front => "front",
        Face::Back => "back",
    };
    let mut rng = Rng::from_parts(&["cover", spec.title, spec.seed, spec.prompt, face]);
    let words = if spec.prompt.trim().is_empty() {
        spec.title.to_owned()
    } else {
        format!("{} {}", spec.prompt, spec.title)
    };
    let scene = Scene::from_words(&words);
    let palette = match spec.palette {
        Some(colours) if colours.len() >= 2 => Palette::from_colours(colours, scene, &mut rng),
        _ => Palette::for_scene(scene, &mut rng),
    };
    let mut canvas = RgbaImage::new(spec.width, spec.height);
    match spec.face {
        Face::Front => front(&mut canvas, spec, scene, &palette, &mut rng),
        Face::Back => back(&mut canvas, spec, scene, &palette, &mut rng),
    }
    canvas
}

fn front(canvas: &mut RgbaImage, spec: &CoverSpec<'_>, scene: Scene, p: &Palette, rng: &mut Rng) {
    let f = Frame::of(canvas);
    let plate = TitlePlate::new(spec.title, f);
    let clear = plate
        .as_ref()
        .map_or(f.h * 0.06, |t| t.top + t.height + f.unit * 0.03);
    scenery::paint(canvas, scene, p, rng, clear);
    let inset = f.unit * 0.035;
    let frame_colour = if p.dark_sky() { p.light } else { p.paper };
    rounded_frame(
        canvas,
        (inset, inset, f.w - 2.0 * inset, f.h - 2.0 * inset),
        f.unit * 0.04,
        (f.unit / 160.0).max(1.5),
        frame_colour,
        0.85,
    );
    if let Some(plate) = plate {
        plate.draw(canvas, p, f);
    }
    if !spec.author.trim().is_empty() {
        ribbon(canvas, &format!("by {}", spec.author.trim()), p, f);
    }
}

/// The title in ink on a paper plate near the top (light lettering on a dark glass plate
/// under a dark sky), with a rule in the accent colour: legible over any picture.
struct TitlePlate {
    layout: text::Layout,
    top: f32,
    height: f32,
    margin: f32,
    padding: f32,
    rule: f32,
}

impl TitlePlate {
    fn new(title: &str, f: Frame) -> Option<Self> {
        if title.trim().is_empty() {
            return None;
        }
        let margin = f.unit * 0.09;
        let padding = f.unit * 0.05;
        let width = f.w - 2.0 * margin;
        let layout = text::fit(
            title,
            width - 2.0 * padding,
            3,
            f.unit * 0.125,
            f.unit * 0.055,
        );
        let rule = f.unit * 0.012;
        Some(Self {
            height: layout.height() + 2.0 * padding + rule * 2.0,
            layout,
            top: f.h * 0.065,
            margin,
            padding,
            rule,
        })
    }

    fn draw(&self, canvas: &mut RgbaImage, p: &Palette, f: Frame) {
        let Self {
            layout,
            top,
            height,
            margin,
            padding,
            rule,
        } = self;
        let (top, height, margin, rule) = (*top, *height, *margin, *rule);
        let width = f.w - 2.0 * margin;
        let (plate, plate_alpha, ink) = if p.dark_sky() {
            (
                mix(p.sky_top, [0, 0, 0], 0.35),
                0.72,
                mix(p.light, [255, 255, 255], 0.5),
            )
        } else {
            (p.paper, 0.94, p.ink)
        };
        // a soft drop shadow, then the plate and an inner line
        let radius = f.unit * 0.035;
        rounded_rect(
            canvas,
            (margin + rule * 0.6, top + rule, width, height),
            radius,
            [0, 0, 0],
            0.18,
        );
        rounded_rect(
            canvas,
            (margin, top, width, height),
            radius,
            plate,
            plate_alpha,
        );
        let inner = f.unit * 0.014;
        rounded_frame(
            canvas,
            (
                margin + inner,
                top + inner,
                width - 2.0 * inner,
                height - 2.0 * inner,
            ),
            f.unit * 0.025,
            (f.unit / 320.0).max(1.0),
            p.accent,
            0.9,
        );
        text::draw(canvas, layout, f.w / 2.0, top + padding, ink);
        // the accent rule under the title
        let y = top + padding + layout.height() + rule * 0.6;
        let half = width * 0.12;
        fill_between(
            canvas,
            p.accent,
            1.0,
            |x| {
                if (x - f.w / 2.0).abs() <= half {
                    y
                } else {
                    f32::INFINITY
                }
            },
            |_| y + rule * 0.6,
        );
    }
}

/// A short line (the author) on a paper ribbon near the foot of the cover.
fn ribbon(canvas: &mut RgbaImage, line: &str, p: &Palette, f: Frame) {
    let layout = text::fit(line, f.w * 0.7, 1, f.unit * 0.05, f.unit * 0.035);
    let pad = f.unit * 0.025;
    let width = layout.width() + 4.0 * pad;
    let height = layout.height() + 2.0 * pad;
    let top = f.h - f.unit * 0.08 - height;
    let left = (f.w - width) / 2.0;
    rounded_rect(
        canvas,
        (left, top, width, height),
        height / 2.0,
        p.paper,
        0.92,
    );
    text::draw(canvas, &layout, f.w / 2.0, top + pad, p.ink);
}

fn back(canvas: &mut RgbaImage, spec: &CoverSpec<'_>, scene: Scene, p: &Palette, rng: &mut Rng) {
    let f = Frame::of(canvas);
    let (top, bottom) = if p.dark_sky() {
        (p.sky_top, mix(p.sky_top, p.sky_bottom, 0.5))
    } else {
        (p.ground[1], p.ground[2])
    };
    gradient(canvas, top, bottom, 0.0);
    pattern(canvas, scene, mix(top, p.paper, 0.25), f, rng);
    let inset = f.unit * 0.035;
    rounded_frame(
        canvas,
        (inset, inset, f.w - 2.0 * inset, f.h - 2.0 * inset),
        f.unit * 0.04,
        (f.unit / 160.0).max(1.5),
        p.paper,
        0.7,
    );
    let emblem_r = f.unit * 0.11;
    let emblem_y = f.h * 0.16;
    scenery::emblem(canvas, (f.w / 2.0, emblem_y, emblem_r), scene, p);

    // the plate: title, rule, description, author
    let margin = f.unit * 0.1;
    let pad = f.unit * 0.06;
    let width = f.w - 2.0 * margin;
    let inner = width - 2.0 * pad;
    let title = text::fit(spec.title.trim(), inner, 2, f.unit * 0.075, f.unit * 0.045);
    let description = text::fit(
        spec.description.trim(),
        inner,
        11,
        f.unit * 0.045,
        f.unit * 0.032,
    );
    let author = (!spec.author.trim().is_empty()).then(|| {
        text::fit(
            &format!("by {}", spec.author.trim()),
            inner,
            1,
            f.unit * 0.04,
            f.unit * 0.03,
        )
    });
    let gap = f.unit * 0.04;
    let mut height = 2.0 * pad + title.height();
    if !description.lines.is_empty() {
        height += gap + description.height();
    }
    if let Some(a) = &author {
        height += gap + a.height();
    }
    let plate_top = (emblem_y + emblem_r + f.unit * 0.06).max((f.h - height) / 2.0);
    rounded_rect(
        canvas,
        (margin, plate_top, width, height),
        f.unit * 0.04,
        p.paper,
        0.95,
    );
    let mut y = plate_top + pad;
    text::draw(canvas, &title, f.w / 2.0, y, p.ink);
    y += title.height();
    if !description.lines.is_empty() {
        let rule_y = y + gap / 2.0 - f.unit * 0.004;
        let half = width * 0.1;
        fill_between(
            canvas,
            p.accent,
            1.0,
            |x| {
                if (x - f.w / 2.0).abs() <= half {
                    rule_y
                } else {
                    f32::INFINITY
                }
            },
            |_| rule_y + f.unit * 0.008,
        );
        y += gap;
        let soft = mix(p.ink, p.paper, 0.2);
        text::draw(canvas, &description, f.w / 2.0, y, soft);
        y += description.height();
    }
    if let Some(a) = &author {
        y += gap;
        text::draw(canvas, a, f.w / 2.0, y, p.accent_on(p.paper));
    }
}

/// The scene's mark repeated on a diagonal grid, faintly.
fn pattern(canvas: &mut RgbaImage, scene: Scene, colour: [u8; 3], f: Frame, rng: &mut Rng) {
    let step = f.unit / 7.0;
    let offset = rng.range(0.0, step);
    let mut row = 0;
    let mut y = -offset;
    while y < f.h + step {
        let shift = if row % 2 == 0 { 0.0 } else { step / 2.0 };
        let mut x = shift - offset;
        while x < f.w + step {
            match scene {
                Scene::Night | Scene::Space | Scene::Snow => {
                    sparkle(canvas, x, y, step * 0.16, colour, 0.5)
                }
                Scene::Sea => {
                    let w = step * 0.3;
                    fill_between(
                        canvas,
                        colour,
                        0.5,
                        |px| {
                            if (px - x).abs() < w {
                                y + (px - x) / w * (px - x) / w * step * 0.06
                            } else {
                                f32::INFINITY
                            }
                        },
                        |px| y + (px - x) / w * (px - x) / w * step * 0.06 + step * 0.04,
                    );
                }
                _ => disc(canvas, x, y, step * 0.08, colour, 0.5),
            }
            x += step;
        }
        y += step * 0.75;
        row += 1;
    }
}

impl Palette {
    /// The accent, or the ink when the accent would be too faint on `background`.
    fn accent_on(&self, background: [u8; 3]) -> [u8; 3] {
        if (luma(self.accent) - luma(background)).abs() > 0.3 {
            self.accent
        } else {
            mix(self.accent, self.ink, 0.6)
        }
    }
}
