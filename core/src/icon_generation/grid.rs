//! Icons a text model draws: asked for `{"palette": [≤ 8 "#rrggbb"], "grid": [16 strings of
//! 16 characters]}` where `.` is clear and `A`, `B`, … index the answer's palette, which must
//! use only the theme's colours. The answer is checked exactly (sizes, letters, colours) and
//! rendered pixel for pixel; anything else is refused and the next drawer is used.

use image::{Rgba, RgbaImage};
use serde::Deserialize;

use crate::media::colour::{hex, parse_hex, Rgb};
use crate::media::icon::ICON_SIZE;

/// Fewest drawn pixels of an acceptable grid (an almost empty answer is not an icon).
const MIN_DRAWN: usize = 24;

/// The instructions for a grid in `palette`.
pub fn instructions(palette: &[Rgb]) -> String {
    let colours: Vec<String> = palette.iter().map(|c| hex(*c)).collect();
    format!(
        "You draw 16x16 pixel-art icons for a child's audio player: one simple, bold, \
         centred object with a dark outline, readable at 16x16 pixels, on a clear background. \
         Use only these colours: {}. Answer only a JSON object \
         {{\"palette\": [\"#rrggbb\", …], \"grid\": [16 strings of exactly 16 characters]}}: \
         the palette lists the colours you use (at most 8, each one of the allowed colours); \
         in the grid, '.' is a clear pixel and 'A' is the palette's first colour, 'B' the \
         second, and so on.",
        colours.join(", ")
    )
}

/// The icon a model's answer describes, when it is exactly right; `None` otherwise.
pub fn parse(text: &str, allowed: &[Rgb]) -> Option<RgbaImage> {
    #[derive(Deserialize)]
    struct Reply {
        palette: Vec<String>,
        grid: Vec<String>,
    }
    let reply: Reply = serde_json::from_str(json_object(text)?).ok()?;
    if reply.palette.is_empty() || reply.palette.len() > 8 {
        return None;
    }
    let colours: Vec<Rgb> = reply
        .palette
        .iter()
        .map(|c| parse_hex(c).filter(|rgb| allowed.contains(rgb)))
        .collect::<Option<_>>()?;
    let n = ICON_SIZE as usize;
    if reply.grid.len() != n || reply.grid.iter().any(|row| row.chars().count() != n) {
        return None;
    }
    let mut icon = RgbaImage::new(ICON_SIZE, ICON_SIZE);
    let mut drawn = 0;
    for (y, row) in reply.grid.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == '.' {
                continue;
            }
            let index = (c as u32).checked_sub('A' as u32)? as usize;
            let [r, g, b] = *colours.get(index).filter(|_| c.is_ascii_uppercase())?;
            icon.put_pixel(x as u32, y as u32, Rgba([r, g, b, 255]));
            drawn += 1;
        }
    }
    (drawn >= MIN_DRAWN).then_some(icon)
}

/// The JSON object in a model's answer: the whole text, or the part between the first `{`
/// and the last `}` (models like to wrap JSON in prose or code fences).
pub fn json_object(text: &str) -> Option<&str> {
    let start = text.find('{')?;
    let end = text.rfind('}')?;
    (end > start).then(|| &text[start..=end])
}

#[cfg(test)]
mod tests {
    use super::*;

    const THEME: [Rgb; 3] = [[0x10, 0x10, 0x10], [0xff, 0xcc, 0x00], [0xff, 0xff, 0xff]];

    fn answer(rows: &[String], palette: &str) -> String {
        format!(
            r#"{{"palette": {palette}, "grid": {}}}"#,
            serde_json::to_string(rows).unwrap()
        )
    }

    fn square() -> Vec<String> {
        (0..16)
            .map(|y| {
                if (4..12).contains(&y) {
                    "....AAAABBBB....".to_owned()
                } else {
                    "................".to_owned()
                }
            })
            .collect()
    }

    #[test]
    fn exact_grids_render_exactly() {
        let icon = parse(&answer(&square(), r##"["#101010", "#FFCC00"]"##), &THEME).unwrap();
        assert_eq!(icon.get_pixel(4, 4), &Rgba([0x10, 0x10, 0x10, 255]));
        assert_eq!(icon.get_pixel(11, 11), &Rgba([0xff, 0xcc, 0x00, 255]));
        assert_eq!(icon.get_pixel(0, 0)[3], 0);
        assert_eq!(icon.get_pixel(8, 3)[3], 0);
        let fenced = format!(
            "```json\n{}\n```",
            answer(&square(), r##"["#101010", "#ffcc00"]"##)
        );
        assert!(parse(&fenced, &THEME).is_some());
    }

    #[test]
    fn anything_off_is_refused() {
        let ok = r##"["#101010", "#ffcc00"]"##;
        let mut short = square();
        short.pop();
        let mut wide = square();
        wide[5].push('.');
        let mut unknown = square();
        unknown[5] = "....AAAACCCC....".into();
        let mut lower = square();
        lower[5] = "....aaaaBBBB....".into();
        for (rows, palette) in [
            (short, ok),
            (wide, ok),
            (unknown, ok),
            (lower, ok),
            (square(), r##"["#101010", "#123456"]"##),
            (square(), "[]"),
            (vec!["................".to_owned(); 16], ok),
        ] {
            assert!(
                parse(&answer(&rows, palette), &THEME).is_none(),
                "{rows:?} {palette}"
            );
        }
        assert!(parse("not json", &THEME).is_none());
    }
}
