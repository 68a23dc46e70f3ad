//! Colours as every painter here holds them: sRGB bytes, read from and written as the
//! `#rrggbb` text themes store (`cardsmith_model::icons::is_hex_colour`), mixed and ordered
//! by brightness. One type for covers, icons and label sheets, so a theme's colour passes
//! between them unchanged.

use cardsmith_model::icons::is_hex_colour;
use image::Rgba;

/// An sRGB colour: red, green, blue.
pub type Rgb = [u8; 3];

/// `#rrggbb` (either case) as a colour; anything else is `None`.
pub fn parse_hex(text: &str) -> Option<Rgb> {
    if !is_hex_colour(text) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&text[i..i + 2], 16).ok();
    Some([byte(1)?, byte(3)?, byte(5)?])
}

/// The colour as `#rrggbb`, lower case: the form themes store.
pub fn hex([r, g, b]: Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// `a` moved towards `b` by `t` (0..1).
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    std::array::from_fn(|i| {
        (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t.clamp(0.0, 1.0)).round() as u8
    })
}

/// Relative brightness 0..1 (Rec. 709 weights on the sRGB values: enough to order colours).
pub fn luma(c: Rgb) -> f32 {
    (0.2126 * f32::from(c[0]) + 0.7152 * f32::from(c[1]) + 0.0722 * f32::from(c[2])) / 255.0
}

/// The colour as an opaque pixel.
pub fn opaque([r, g, b]: Rgb) -> Rgba<u8> {
    Rgba([r, g, b, 255])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_text_round_trips_and_refuses_anything_else() {
        assert_eq!(parse_hex("#FFfF00"), Some([0xff, 0xff, 0x00]));
        assert_eq!(hex([0x10, 0x20, 0x30]), "#102030");
        assert_eq!(parse_hex(&hex([1, 254, 128])), Some([1, 254, 128]));
        for bad in ["#12345", "#ééé", "102030", "#10203g", " #102030", "red"] {
            assert_eq!(parse_hex(bad), None, "{bad}");
        }
    }

    #[test]
    fn mixing_and_brightness() {
        assert_eq!(mix([0, 0, 0], [255, 255, 255], 0.5), [128, 128, 128]);
        assert_eq!(mix([10, 20, 30], [200, 200, 200], 2.0), [200, 200, 200]);
        assert!(luma([255, 255, 255]) > 0.99 && luma([0, 0, 0]) == 0.0);
        assert!(luma([0, 255, 0]) > luma([255, 0, 0]));
    }
}
