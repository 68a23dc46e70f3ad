//! The title on a cover: DejaVu Sans Bold (embedded, so every machine draws the same pixels),
//! wrapped into lines and shrunk until it fits.

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};
use image::RgbaImage;

use super::paint::blend;
use crate::media::colour::Rgb;

static BOLD_TTF: &[u8] = include_bytes!("../../../assets/DejaVuSans-Bold.ttf");

fn font() -> FontRef<'static> {
    FontRef::try_from_slice(BOLD_TTF).expect("the embedded DejaVu Sans Bold parses")
}

/// Lines of `text` at a pixel size, ready to draw.
pub(super) struct Layout {
    pub(super) lines: Vec<String>,
    pub(super) size: f32,
    /// Height of one line (ascent - descent + gap).
    pub(super) line_height: f32,
}

impl Layout {
    pub(super) fn height(&self) -> f32 {
        self.line_height * self.lines.len() as f32
    }

    /// Width of the widest line.
    pub(super) fn width(&self) -> f32 {
        let font = font();
        let scaled = font.as_scaled(PxScale::from(self.size));
        self.lines
            .iter()
            .map(|line| width_of(&scaled, line))
            .fold(0.0, f32::max)
    }
}

/// The largest size from `max_size` down to `min_size` at which `text` wraps into at most
/// `max_lines` lines no wider than `width`. At the smallest size, lines beyond the last are
/// dropped and the last ends in an ellipsis.
pub(super) fn fit(
    text: &str,
    width: f32,
    max_lines: usize,
    max_size: f32,
    min_size: f32,
) -> Layout {
    let font = font();
    let mut size = max_size;
    loop {
        let scaled = font.as_scaled(PxScale::from(size));
        let lines = wrap(&scaled, text, width);
        let line_height = scaled.height() + scaled.line_gap();
        if lines.len() <= max_lines || size <= min_size {
            let lines = truncate(&scaled, lines, max_lines, width);
            return Layout {
                lines,
                size,
                line_height,
            };
        }
        size = (size * 0.9).max(min_size);
    }
}

fn width_of<F: Font, S: ScaleFont<F>>(font: &S, text: &str) -> f32 {
    let mut width = 0.0;
    let mut previous = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(p) = previous {
            width += font.kern(p, id);
        }
        width += font.h_advance(id);
        previous = Some(id);
    }
    width
}

/// Greedy word wrap; a word wider than the line stands alone (and is cut by [`truncate`]).
fn wrap<F: Font, S: ScaleFont<F>>(font: &S, text: &str, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || width_of(font, &candidate) <= width {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// At most `max_lines` lines, each no wider than `width`, an ellipsis marking any cut.
fn truncate<F: Font, S: ScaleFont<F>>(
    font: &S,
    mut lines: Vec<String>,
    max_lines: usize,
    width: f32,
) -> Vec<String> {
    let cut = lines.len() > max_lines;
    lines.truncate(max_lines);
    for (i, line) in lines.iter_mut().enumerate() {
        let last_and_cut = cut && i + 1 == max_lines;
        if !last_and_cut && width_of(font, line) <= width {
            continue;
        }
        let mut chars: Vec<char> = line.chars().collect();
        loop {
            let candidate: String = chars.iter().collect::<String>() + "…";
            if chars.is_empty() || width_of(font, &candidate) <= width {
                *line = candidate;
                break;
            }
            chars.pop();
        }
    }
    lines
}

/// Draws the layout centred on `centre_x`, its first line's top at `top`.
pub(super) fn draw(canvas: &mut RgbaImage, layout: &Layout, centre_x: f32, top: f32, colour: Rgb) {
    let font = font();
    let scale = PxScale::from(layout.size);
    let scaled = font.as_scaled(scale);
    for (i, line) in layout.lines.iter().enumerate() {
        let baseline = top + layout.line_height * i as f32 + scaled.ascent();
        let mut x = centre_x - width_of(&scaled, line) / 2.0;
        let mut previous = None;
        for c in line.chars() {
            let id = scaled.glyph_id(c);
            if let Some(p) = previous {
                x += scaled.kern(p, id);
            }
            let glyph = id.with_scale_and_position(scale, point(x, baseline));
            if let Some(outlined) = font.outline_glyph(glyph) {
                let bounds = outlined.px_bounds();
                outlined.draw(|gx, gy, coverage| {
                    blend(
                        canvas,
                        bounds.min.x as i64 + i64::from(gx),
                        bounds.min.y as i64 + i64::from(gy),
                        colour,
                        coverage,
                    );
                });
            }
            x += scaled.h_advance(id);
            previous = Some(id);
        }
    }
}
