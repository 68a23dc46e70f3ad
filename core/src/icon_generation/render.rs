//! Glyphs into pictures: palette roles become theme colours (outline the darkest, highlight
//! the lightest, fill and accent from the rest, chosen by a variant number so variations
//! differ), the theme's style is applied, and odd variants past the colour choices are
//! mirrored. Only theme colours are ever written, so an icon never strays from the palette.

use image::RgbaImage;

use super::library::{Glyph, Role};
use super::theme::Style;
use crate::media::colour::{luma, opaque, Rgb};
use crate::media::icon::ICON_SIZE;

/// Which colour each role gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoleColours {
    pub outline: Rgb,
    pub fill: Rgb,
    pub shade: Rgb,
    pub highlight: Rgb,
    pub accent: Rgb,
}

impl RoleColours {
    /// Roles from `palette` (2 or more colours; fewer falls back to black and white), the
    /// `variant`th way: variant 0 is the most natural assignment, later ones rotate the fill
    /// and accent through the middle colours.
    pub fn from_palette(palette: &[Rgb], variant: usize) -> Self {
        let mut sorted: Vec<Rgb> = palette.to_vec();
        sorted.sort_by(|a, b| luma(*a).total_cmp(&luma(*b)));
        sorted.dedup();
        if sorted.len() < 2 {
            sorted = vec![[0x20, 0x20, 0x20], [0xf0, 0xf0, 0xf0]];
        }
        let n = sorted.len();
        let (darkest, lightest) = (sorted[0], sorted[n - 1]);
        let mids: Vec<Rgb> = sorted[1..n - 1].to_vec();
        if mids.is_empty() {
            return Self {
                outline: darkest,
                fill: lightest,
                shade: lightest,
                highlight: lightest,
                accent: darkest,
            };
        }
        let fill_index = variant % mids.len();
        let fill = mids[fill_index];
        let shade = if fill_index > 0 {
            mids[fill_index - 1]
        } else {
            fill
        };
        // the accent stands out from the fill: farthest first, rotating with the variant
        let mut others: Vec<Rgb> = sorted[1..].iter().copied().filter(|c| *c != fill).collect();
        others.sort_by(|a, b| distance(*b, fill).total_cmp(&distance(*a, fill)));
        let accent = others
            .get((variant / mids.len()) % others.len().max(1))
            .copied()
            .unwrap_or(lightest);
        Self {
            outline: darkest,
            fill,
            shade,
            highlight: lightest,
            accent,
        }
    }

    fn of(&self, role: Role) -> Rgb {
        match role {
            Role::Outline => self.outline,
            Role::Fill => self.fill,
            Role::Shade => self.shade,
            Role::Highlight => self.highlight,
            Role::Accent => self.accent,
        }
    }
}

/// `glyph` in `palette` and `style`, the `variant`th way (0: as drawn, natural colours).
pub fn render(glyph: &Glyph, palette: &[Rgb], style: Style, variant: usize) -> RgbaImage {
    let colours = RoleColours::from_palette(palette, variant);
    let mirrored = variant % 2 == 1;
    let roles = glyph.roles();
    let n = ICON_SIZE as usize;
    let mut icon = RgbaImage::new(ICON_SIZE, ICON_SIZE);
    if style == Style::Tile {
        for (x, y, pixel) in icon.enumerate_pixels_mut() {
            if !is_corner(x, y) {
                *pixel = opaque(colours.highlight);
            }
        }
    }
    for (y, row) in roles.iter().enumerate() {
        for (x, role) in row.iter().enumerate() {
            let Some(role) = role else { continue };
            let role = match (style, role) {
                (Style::Flat | Style::Tile, Role::Shade | Role::Highlight) => Role::Fill,
                (_, r) => *r,
            };
            let tx = if mirrored { n - 1 - x } else { x };
            if style == Style::Tile && is_corner(tx as u32, y as u32) {
                continue;
            }
            icon.put_pixel(tx as u32, y as u32, opaque(colours.of(role)));
        }
    }
    icon
}

fn is_corner(x: u32, y: u32) -> bool {
    let last = ICON_SIZE - 1;
    (x == 0 || x == last) && (y == 0 || y == last)
}

/// Perceptual distance of two colours (Euclidean in OKLab).
pub fn distance(a: Rgb, b: Rgb) -> f32 {
    let (a, b) = (oklab(a), oklab(b));
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// OKLab coordinates of an sRGB colour (Björn Ottosson's matrices).
pub fn oklab([r, g, b]: Rgb) -> [f32; 3] {
    let lin = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(r), lin(g), lin(b));
    let l = (0.412_221_46 * r + 0.536_332_55 * g + 0.051_445_995 * b).cbrt();
    let m = (0.211_903_5 * r + 0.680_699_5 * g + 0.107_396_96 * b).cbrt();
    let s = (0.088_302_46 * r + 0.281_718_85 * g + 0.629_978_7 * b).cbrt();
    [
        0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s,
        1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s,
        0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::icon_generation::library;

    const NIGHT: [Rgb; 5] = [
        [0x10, 0x18, 0x28],
        [0x2e, 0x3a, 0x6e],
        [0x5b, 0x6b, 0xbf],
        [0xc9, 0xc3, 0xf5],
        [0xf6, 0xe2, 0x7a],
    ];

    #[test]
    fn only_palette_colours_are_written() {
        for glyph in library::all() {
            for style in [Style::Pixel, Style::Flat, Style::Tile] {
                for variant in 0..4 {
                    let icon = render(glyph, &NIGHT, style, variant);
                    for p in icon.pixels() {
                        assert!(
                            p[3] == 0 || (p[3] == 255 && NIGHT.contains(&[p[0], p[1], p[2]])),
                            "{} {style:?} {variant}: {p:?}",
                            glyph.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn roles_keep_contrast_and_variants_differ() {
        let c = RoleColours::from_palette(&NIGHT, 0);
        assert_eq!(c.outline, NIGHT[0], "the darkest outlines");
        assert_eq!(
            c.highlight, NIGHT[4],
            "the lightest by luminance highlights"
        );
        assert_ne!(c.fill, c.outline);
        let two = RoleColours::from_palette(&[[255, 255, 255], [0, 0, 0]], 3);
        assert_eq!((two.outline, two.fill), ([0, 0, 0], [255, 255, 255]));
        let moon = library::named("moon").unwrap();
        let variants: std::collections::HashSet<Vec<u8>> = (0..6)
            .map(|v| render(moon, &NIGHT, Style::Pixel, v).into_raw())
            .collect();
        assert_eq!(variants.len(), 6, "every variant differs");
    }
}
