//! Colour arithmetic and anti-aliased shapes on an RGBA canvas (straight alpha, sRGB).

use image::{Rgba, RgbaImage};

use super::Rgb;

/// HSL (hue in degrees, saturation and lightness 0..1) to RGB.
pub(super) fn hsl(h: f32, s: f32, l: f32) -> Rgb {
    let h = h.rem_euclid(360.0) / 60.0;
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

/// `a` moved towards `b` by `t` (0..1).
pub(super) fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    std::array::from_fn(|i| {
        (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t.clamp(0.0, 1.0)).round() as u8
    })
}

/// Relative brightness 0..1 (Rec. 709 weights on sRGB values: enough to order colours).
pub(super) fn luma(c: Rgb) -> f32 {
    (0.2126 * f32::from(c[0]) + 0.7152 * f32::from(c[1]) + 0.0722 * f32::from(c[2])) / 255.0
}

/// Paints `colour` over the pixel at (x, y) with opacity `alpha` (0..1); outside is ignored.
pub(super) fn blend(canvas: &mut RgbaImage, x: i64, y: i64, colour: Rgb, alpha: f32) {
    if x < 0 || y < 0 || x >= i64::from(canvas.width()) || y >= i64::from(canvas.height()) {
        return;
    }
    let alpha = alpha.clamp(0.0, 1.0);
    if alpha <= 0.0 {
        return;
    }
    let pixel = canvas.get_pixel_mut(x as u32, y as u32);
    let Rgba([r, g, b, a]) = *pixel;
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
    let (w, h) = (canvas.width() as f32, canvas.height() as f32);
    for (x, y, pixel) in canvas.enumerate_pixels_mut() {
        let t = (y as f32 / h + tilt * (x as f32 / w - 0.5)).clamp(0.0, 1.0);
        let [r, g, b] = mix(top, bottom, t);
        *pixel = Rgba([r, g, b, 255]);
    }
}

/// An anti-aliased disc; `alpha` is its opacity.
pub(super) fn disc(canvas: &mut RgbaImage, cx: f32, cy: f32, radius: f32, colour: Rgb, alpha: f32) {
    let (x0, x1) = (
        (cx - radius - 1.0).floor() as i64,
        (cx + radius + 1.0).ceil() as i64,
    );
    let (y0, y1) = (
        (cy - radius - 1.0).floor() as i64,
        (cy + radius + 1.0).ceil() as i64,
    );
    for y in y0..=y1 {
        for x in x0..=x1 {
            let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
            let coverage = (radius - d + 0.5).clamp(0.0, 1.0);
            if coverage > 0.0 {
                blend(canvas, x, y, colour, coverage * alpha);
            }
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
        (r - ((px - x).powi(2) + (py - y).powi(2)).sqrt() + 0.5).clamp(0.0, 1.0)
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
    let (x0, x1) = ((cx - radius).floor() as i64, (cx + radius).ceil() as i64);
    let (y0, y1) = ((cy - radius).floor() as i64, (cy + radius).ceil() as i64);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
            let t = 1.0 - d / radius;
            if t > 0.0 {
                blend(canvas, x, y, colour, alpha * t * t);
            }
        }
    }
}

/// Fills everything below the curve `edge(x)` (y grows downwards), anti-aliased along it.
pub(super) fn fill_below(canvas: &mut RgbaImage, colour: Rgb, edge: impl Fn(f32) -> f32) {
    let h = canvas.height() as i64;
    for x in 0..i64::from(canvas.width()) {
        let top = edge(x as f32 + 0.5);
        let first = top.floor().max(0.0) as i64;
        for y in first..h {
            let coverage = (y as f32 + 1.0 - top).clamp(0.0, 1.0);
            blend(canvas, x, y, colour, coverage);
        }
    }
}

/// A filled rectangle with rounded corners, anti-aliased.
pub(super) fn rounded_rect(
    canvas: &mut RgbaImage,
    (x, y, w, h): (f32, f32, f32, f32),
    radius: f32,
    colour: Rgb,
    alpha: f32,
) {
    for py in y.floor() as i64..(y + h).ceil() as i64 {
        for px in x.floor() as i64..(x + w).ceil() as i64 {
            let (fx, fy) = (px as f32 + 0.5, py as f32 + 0.5);
            // distance outside the rectangle shrunk by the radius
            let dx = (x + radius - fx).max(fx - (x + w - radius)).max(0.0);
            let dy = (y + radius - fy).max(fy - (y + h - radius)).max(0.0);
            let d = (dx * dx + dy * dy).sqrt();
            let coverage = (radius - d + 0.5).clamp(0.0, 1.0);
            blend(canvas, px, py, colour, coverage * alpha);
        }
    }
}
