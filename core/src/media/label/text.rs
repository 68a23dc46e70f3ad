//! Text measuring and fitting with the embedded DejaVu Sans metrics.

use std::sync::LazyLock;

use printpdf as pdf;

use super::style::{Face, Style, MM_PER_PT};

/// DejaVu Sans covers Latin, Greek and Cyrillic, so titles like "Zoë" print as typed.
pub(super) const REGULAR_TTF: &[u8] = include_bytes!("../../../assets/DejaVuSans.ttf");
pub(super) const BOLD_TTF: &[u8] = include_bytes!("../../../assets/DejaVuSans-Bold.ttf");

/// The two faces, parsed by printpdf. Glyph lookups and advances use the API printpdf has
/// without its `text_layout` feature (`units_per_em`, `get_glyph_width`, `font_name`), so
/// keep that feature off.
pub(super) struct Fonts {
    pub(super) regular: pdf::ParsedFont,
    pub(super) bold: pdf::ParsedFont,
}

/// Parsed once per process: a 700 KB face is too much work to redo on every request.
pub(super) static FONTS: LazyLock<Option<Fonts>> = LazyLock::new(|| {
    let parse = |bytes: &[u8]| pdf::ParsedFont::from_bytes(bytes, 0, &mut Vec::new());
    Some(Fonts {
        regular: parse(REGULAR_TTF)?,
        bold: parse(BOLD_TTF)?,
    })
});

impl Fonts {
    fn face(&self, face: Face) -> &pdf::ParsedFont {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }

    /// Advance width of `text` in mm, without kerning (the PDF is written without it too).
    pub(super) fn width(&self, style: Style, text: &str) -> f32 {
        let font = self.face(style.face);
        let em = f32::from(font.units_per_em.max(1));
        let advance = |c: char| {
            let glyph = font.lookup_glyph_index(u32::from(c));
            glyph
                .and_then(|g| font.get_glyph_width(g))
                .map_or(em / 2.0, f32::from)
        };
        text.chars().map(advance).sum::<f32>() / em * style.size * MM_PER_PT
    }
}

/// Greedy word wrap into at most `max_lines` lines; overflow ends the last line with "…".
pub(super) fn wrap(
    fonts: &Fonts,
    style: Style,
    text: &str,
    max_w: f32,
    max_lines: usize,
) -> Vec<String> {
    let fits = |s: &str| fonts.width(style, s) <= max_w;
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if fits(&joined) {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        line = word.to_string();
        // A single word wider than the label is broken between characters.
        while !fits(&line) {
            let ends = line.char_indices().map(|(i, c)| i + c.len_utf8());
            let fitting = ends.clone().take_while(|&end| fits(&line[..end])).last();
            // At least one character per line, however narrow the label.
            let cut = fitting.or(ends.min()).unwrap_or(line.len());
            let rest = line.split_off(cut);
            lines.push(std::mem::replace(&mut line, rest));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if max_lines > 0 && lines.len() > max_lines {
        let rest = lines.split_off(max_lines - 1).join(" ");
        lines.push(truncate(fonts, style, &rest, max_w));
    }
    lines.truncate(max_lines);
    lines
}

/// Collapses runs of whitespace, newlines included, to single spaces.
pub(super) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` on one line, cut with "…" if it is too wide.
pub(super) fn ellipsize(fonts: &Fonts, style: Style, text: &str, max_w: f32) -> String {
    if fonts.width(style, text) <= max_w {
        return text.to_string();
    }
    truncate(fonts, style, text, max_w)
}

/// The longest prefix of `text` that fits together with a trailing "…".
fn truncate(fonts: &Fonts, style: Style, text: &str, max_w: f32) -> String {
    let mut kept = text.to_string();
    while kept.pop().is_some() {
        let candidate = format!("{}…", kept.trim_end());
        if fonts.width(style, &candidate) <= max_w {
            return candidate;
        }
    }
    "…".to_string()
}

#[cfg(test)]
mod tests {
    use super::super::layout::TITLE;
    use super::*;

    #[test]
    fn long_titles_wrap_to_two_lines_with_an_ellipsis() {
        let fonts = FONTS.as_ref().unwrap();
        let title = "The Very Long Title of an Audio Book That Goes On and On Forever";
        let lines = wrap(fonts, TITLE, title, 48.0, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'));
        assert!(lines.iter().all(|l| fonts.width(TITLE, l) <= 48.0));
        assert_eq!(wrap(fonts, TITLE, "  Short  ", 48.0, 2), ["Short"]);
        let long_word = wrap(fonts, TITLE, &"x".repeat(60), 48.0, 3);
        assert_eq!(
            long_word.len(),
            3,
            "an unbreakable word is split between characters"
        );
    }
}
