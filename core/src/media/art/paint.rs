//! Colour arithmetic and anti-aliased shapes on an RGBA canvas (straight alpha, sRGB).
//!
//! Covers are drawn in debug builds too (tests, example seeding), so the per-pixel work is
//! kept small: pixels a shape covers fully are written or blended without any square root,
//! blending onto an opaque pixel (every cover pixel after its background) is integer
//! arithmetic, and gradients look their colours up in a table.

use image::{Rgba, RgbaImage};

use crate::media::colour::{mix, Rgb};

/// HSL (hue in degrees, saturation and lightness 0..1) to RGB.
pub(super) fn hsl(h: f32, s: f32, l: f32) -> Rgb {
    let h = h.rem_euclid(360.0) / 60.0;
    let (s, l) = (s.clamp(0.0, 1.0), l.clamp(0.0, 1.0));
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    [to_byte(r + m), to_byte(g + m), to_byte(b + m)]
}

fn to_byte(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// Paints `colour` over the pixel at (x, y) with opacity `alpha` (0..1); outside is ignored.
pub(super) fn blend(canvas: &mut RgbaImage, x: i64, y: i64, colour: Rgb, alpha: f32) {
    if x < 0 || y < 0 || x >= i64::from(canvas.width()) || y >= i64::from(canvas.height()) {
        return;
    }
    if alpha <= 0.0 {
        return;
    }
    let pixel = canvas.get_pixel_mut(x as u32, y as u32);
    if alpha >= 1.0 {
        *pixel = Rgba([colour[0], colour[1], colour[2], 255]);
        return;
    }
    let Rgba([r, g, b, a]) = *pixel;
    if a == 255 {
        // the common case: integer "over" onto an opaque pixel
        let t = (alpha * 256.0) as u32;
        let over = |top: u8, bottom: u8| {
            ((u32::from(top) * t + u32::from(bottom) * (256 - t) + 128) >> 8) as u8
        };
        *pixel = Rgba([
            over(colour[0], r),
            over(colour[1], g),
            over(colour[2], b),
            255,
        ]);
        return;
    }
    let below = f32::from(a) / 255.0;
    let out_a = alpha + below * (1.0 - alpha);
    let channel = |top: u8, bottom: u8| {
        let v = (f32::from(top) * alpha + f32::from(bottom) * below * (1.0 - alpha)) / out_a;
        v.round().clamp(0.0, 255.0) as u8
    };
    *pixel = Rgba([
        channel(colour[0], r),
        channel(colour[1], g),
        channel(colour[2], b),
        (out_a * 255.0).round() as u8,
    ]);
}

/// Fills the canvas with a gradient from `top` to `bottom`, tilted by `tilt` (0: vertical).
pub(super) fn gradient(canvas: &mut RgbaImage, top: Rgb, bottom: Rgb, tilt: f32) {
    const STEPS: usize = 512;
    let table: Vec<Rgba<u8>> = (0..STEPS)
        .map(|i| {
            let [r, g, b] = mix(top, bottom, i as f32 / (STEPS - 1) as f32);
            Rgba([r, g, b, 255])
        })
        .collect();
    let (w, h) = (canvas.width() as f32, canvas.height() as f32);
    let last = (STEPS - 1) as f32;
    for (y, row) in canvas.enumerate_rows_mut() {
        let base = y as f32 / h - tilt * 0.5;
        let step = tilt / w;
        for (x, _, pixel) in row {
            let t = (base + step * x as f32).clamp(0.0, 1.0);
            *pixel = table[(t * last) as usize];
        }
    }
}

/// Coverage of a pixel whose centre is `d` pixels inside an edge (negative: outside).
fn edge(d: f32) -> f32 {
    (d + 0.5).clamp(0.0, 1.0)
}

/// An anti-aliased disc; `alpha` is its opacity.
pub(super) fn disc(canvas: &mut RgbaImage, cx: f32, cy: f32, radius: f32, colour: Rgb, alpha: f32) {
    let inner = (radius - 0.75).max(0.0).powi(2);
    let outer = (radius + 0.75).powi(2);
    for y in (cy - radius - 1.0).floor() as i64..=(cy + radius + 1.0).ceil() as i64 {
        let dy2 = (y as f32 + 0.5 - cy).powi(2);
        if dy2 > outer {
            continue;
        }
        for x in (cx - radius - 1.0).floor() as i64..=(cx + radius + 1.0).ceil() as i64 {
            let d2 = (x as f32 + 0.5 - cx).powi(2) + dy2;
            if d2 <= inner {
                blend(canvas, x, y, colour, alpha);
            } else if d2 < outer {
                blend(canvas, x, y, colour, edge(radius - d2.sqrt()) * alpha);
            }
        }
    }
}

/// A ring (circle outline) of width `width` centred on `radius`.
pub(super) fn ring(
    canvas: &mut RgbaImage,
    (cx, cy, radius): (f32, f32, f32),
    width: f32,
    colour: Rgb,
    alpha: f32,
) {
    let (lo, hi) = (
        (radius - width / 2.0 - 1.0).max(0.0),
        radius + width / 2.0 + 1.0,
    );
    for y in (cy - hi).floor() as i64..=(cy + hi).ceil() as i64 {
        for x in (cx - hi).floor() as i64..=(cx + hi).ceil() as i64 {
            let d2 = (x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2);
            if d2 < lo * lo || d2 > hi * hi {
                continue;
            }
            let d = (d2.sqrt() - radius).abs();
            blend(canvas, x, y, colour, edge(width / 2.0 - d) * alpha);
        }
    }
}

/// The disc `outer` less the disc `bite` (both `(cx, cy, radius)`), anti-aliased.
pub(super) fn crescent(
    canvas: &mut RgbaImage,
    outer: (f32, f32, f32),
    bite: (f32, f32, f32),
    colour: Rgb,
) {
    let (cx, cy, radius) = outer;
    let coverage = |(x, y, r): (f32, f32, f32), px: f32, py: f32| {
        edge(r - ((px - x).powi(2) + (py - y).powi(2)).sqrt())
    };
    for y in (cy - radius - 1.0).floor() as i64..=(cy + radius + 1.0).ceil() as i64 {
        for x in (cx - radius - 1.0).floor() as i64..=(cx + radius + 1.0).ceil() as i64 {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let alpha = coverage(outer, px, py) * (1.0 - coverage(bite, px, py));
            blend(canvas, x, y, colour, alpha);
        }
    }
}

/// A soft glow: opacity falls from `alpha` at the centre to 0 at `radius`.
pub(super) fn glow(canvas: &mut RgbaImage, cx: f32, cy: f32, radius: f32, colour: Rgb, alpha: f32) {
    let r2 = radius * radius;
    for y in (cy - radius).floor() as i64..=(cy + radius).ceil() as i64 {
        let dy2 = (y as f32 + 0.5 - cy).powi(2);
        for x in (cx - radius).floor() as i64..=(cx + radius).ceil() as i64 {
            let d2 = (x as f32 + 0.5 - cx).powi(2) + dy2;
            if d2 < r2 {
                // (1 - d/r)^2 without a root is close enough for a glow: (1 - d²/r²)^2
                let t = 1.0 - d2 / r2;
                blend(canvas, x, y, colour, alpha * t * t * t);
            }
        }
    }
}

/// Fills everything below the curve `edge(x)` (y grows downwards), anti-aliased along it.
pub(super) fn fill_below(canvas: &mut RgbaImage, colour: Rgb, top: impl Fn(f32) -> f32) {
    fill_between(canvas, colour, 1.0, top, |_| f32::INFINITY);
}

/// Fills between the curves `top(x)` and `bottom(x)` with opacity `alpha`.
pub(super) fn fill_between(
    canvas: &mut RgbaImage,
    colour: Rgb,
    alpha: f32,
    top: impl Fn(f32) -> f32,
    bottom: impl Fn(f32) -> f32,
) {
    let h = i64::from(canvas.height());
    for x in 0..i64::from(canvas.width()) {
        let (t, b) = (top(x as f32 + 0.5), bottom(x as f32 + 0.5));
        let first = t.floor().max(0.0) as i64;
        let last = (b.ceil().min(h as f32) as i64).min(h);
        for y in first..last {
            let fy = y as f32;
            let coverage = (fy + 1.0 - t).clamp(0.0, 1.0) * (b - fy).clamp(0.0, 1.0);
            blend(canvas, x, y, colour, coverage * alpha);
        }
    }
}

/// Signed distance from (px, py) to the rounded rectangle's edge (negative inside).
fn rounded_distance((x, y, w, h): (f32, f32, f32, f32), radius: f32, px: f32, py: f32) -> f32 {
    let (hw, hh) = (w / 2.0, h / 2.0);
    let qx = (px - (x + hw)).abs() - (hw - radius);
    let qy = (py - (y + hh)).abs() - (hh - radius);
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - radius
}

/// A filled rectangle with rounded corners, anti-aliased.
pub(super) fn rounded_rect(
    canvas: &mut RgbaImage,
    rect: (f32, f32, f32, f32),
    radius: f32,
    colour: Rgb,
    alpha: f32,
) {
    let (x, y, w, h) = rect;
    let radius = radius.min(w / 2.0).min(h / 2.0);
    for py in (y - 1.0).floor() as i64..(y + h + 1.0).ceil() as i64 {
        let fy = py as f32 + 0.5;
        // rows clear of the corners are full except for their two edge pixels
        let straight = fy > y + radius + 1.0 && fy < y + h - radius - 1.0;
        for px in (x - 1.0).floor() as i64..(x + w + 1.0).ceil() as i64 {
            let fx = px as f32 + 0.5;
            if straight && fx > x + 1.0 && fx < x + w - 1.0 {
                blend(canvas, px, py, colour, alpha);
                continue;
            }
            let d = rounded_distance(rect, radius, fx, fy);
            blend(canvas, px, py, colour, edge(-d) * alpha);
        }
    }
}

/// The outline of a rounded rectangle, `width` pixels wide inside its edge.
pub(super) fn rounded_frame(
    canvas: &mut RgbaImage,
    rect: (f32, f32, f32, f32),
    radius: f32,
    width: f32,
    colour: Rgb,
    alpha: f32,
) {
    let (x, y, w, h) = rect;
    let band = radius.max(width) + 2.0;
    for py in (y - 1.0).floor() as i64..(y + h + 1.0).ceil() as i64 {
        let fy = py as f32 + 0.5;
        let middle = fy > y + band && fy < y + h - band;
        for px in (x - 1.0).floor() as i64..(x + w + 1.0).ceil() as i64 {
            let fx = px as f32 + 0.5;
            if middle && fx > x + band && fx < x + w - band {
                continue;
            }
            let d = rounded_distance(rect, radius, fx, fy);
            // inside the band [-width, 0] of the signed distance
            let coverage = edge(-d) * edge(d + width);
            blend(canvas, px, py, colour, coverage * alpha);
        }
    }
}

/// Coverage of a convex polygon (vertices in either order) at a pixel centre.
fn convex_coverage(points: &[(f32, f32)], clockwise: bool, px: f32, py: f32) -> f32 {
    let mut inside = f32::INFINITY;
    for (i, &(ax, ay)) in points.iter().enumerate() {
        let (bx, by) = points[(i + 1) % points.len()];
        let (ex, ey) = (bx - ax, by - ay);
        let len = (ex * ex + ey * ey).sqrt().max(1e-6);
        let cross = (ex * (py - ay) - ey * (px - ax)) / len;
        inside = inside.min(if clockwise { cross } else { -cross });
    }
    edge(inside)
}

/// Fills the union of convex polygons as one shape: each pixel takes the largest coverage
/// of any piece, so the seams between pieces do not show.
pub(super) fn fill_convex(
    canvas: &mut RgbaImage,
    pieces: &[&[(f32, f32)]],
    colour: Rgb,
    alpha: f32,
) {
    let all = pieces.iter().flat_map(|p| p.iter());
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in all {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let orientation: Vec<bool> = pieces
        .iter()
        .map(|p| {
            let area: f32 = (0..p.len())
                .map(|i| {
                    let ((ax, ay), (bx, by)) = (p[i], p[(i + 1) % p.len()]);
                    ax * by - bx * ay
                })
                .sum();
            area > 0.0
        })
        .collect();
    for y in (y0 - 1.0).floor() as i64..=(y1 + 1.0).ceil() as i64 {
        for x in (x0 - 1.0).floor() as i64..=(x1 + 1.0).ceil() as i64 {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let coverage = pieces
                .iter()
                .zip(&orientation)
                .map(|(p, cw)| convex_coverage(p, *cw, px, py))
                .fold(0.0, f32::max);
            if coverage > 0.0 {
                blend(canvas, x, y, colour, coverage * alpha);
            }
        }
    }
}

/// A five-pointed star (point up) of outer radius `r`.
pub(super) fn star(canvas: &mut RgbaImage, cx: f32, cy: f32, r: f32, colour: Rgb, alpha: f32) {
    let point = |i: usize, radius: f32| {
        let angle = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
        (cx + radius * angle.cos(), cy + radius * angle.sin())
    };
    let inner = r * 0.45;
    let kites: Vec<[(f32, f32); 4]> = (0..5)
        .map(|k| {
            let tip = 2 * k;
            [
                (cx, cy),
                point((tip + 9) % 10, inner),
                point(tip, r),
                point(tip + 1, inner),
            ]
        })
        .collect();
    let pieces: Vec<&[(f32, f32)]> = kites.iter().map(|k| k.as_slice()).collect();
    fill_convex(canvas, &pieces, colour, alpha);
}

/// A four-pointed twinkle: two thin diamonds across each other.
pub(super) fn sparkle(canvas: &mut RgbaImage, cx: f32, cy: f32, r: f32, colour: Rgb, alpha: f32) {
    let t = r * 0.22;
    let upright = [(cx, cy - r), (cx + t, cy), (cx, cy + r), (cx - t, cy)];
    let across = [(cx - r, cy), (cx, cy - t), (cx + r, cy), (cx, cy + t)];
    fill_convex(canvas, &[&upright, &across], colour, alpha);
}
