//! Label geometry and the styles of its texts, and the layout of each page into backend-neutral
//! [`Item`]s that the PDF and SVG writers translate.

use super::style::{Face, Style, MM_PER_PT};
use super::text::{ellipsize, one_line, wrap, Fonts};
use super::LabelCard;
use crate::media::colour::Rgb;

// ---------------------------------------------------------------------------------------------
// Geometry and styles (lengths in mm, text sizes in pt)

const CARD_W: f32 = 54.0;
const CARD_H: f32 = 85.6;
const COLS: usize = 3;
const ROWS: usize = 3;
/// Cut marks start this far outside the label, so a slightly-off cut leaves no line on it.
const MARK_OFFSET: f32 = 1.0;
const MARK_LEN: f32 = 2.0;
/// Just room for the marks of both neighbours, which then coincide.
const GUTTER: f32 = 2.0 * (MARK_OFFSET + MARK_LEN);
const PAD: f32 = 3.0;
/// Real cards have ~3 mm corners; the outline shows where to round them off.
const RADIUS: f32 = 3.0;
/// Baseline below the top of a line box, as a fraction of the font size.
const ASCENT: f32 = 0.9;

const INK: Rgb = [0x1f, 0x1f, 0x1f];
const MUTED: Rgb = [0x5f, 0x5f, 0x5f];
const RULE: Rgb = [0xc8, 0xc8, 0xc8];
const OUTLINE: Rgb = [0x9a, 0x9a, 0x9a];
/// Placeholder tints, picked by a hash of the title so a card keeps its colour.
const TINTS: [Rgb; 6] = [
    [0x4a, 0x7b, 0xd0],
    [0xd0, 0x6a, 0x4f],
    [0x34, 0x95, 0x7c],
    [0x8b, 0x5c, 0xc4],
    [0xc9, 0x8e, 0x2a],
    [0xc4, 0x4f, 0x7e],
];

pub(super) const TITLE: Style = Style::new(Face::Bold, 9.0, INK, 3.9);
const AUTHOR: Style = Style::new(Face::Regular, 7.0, MUTED, 3.2);
const TRACK: Style = Style::new(Face::Regular, 6.0, INK, 2.75);
const TRACK_NUMBER: Style = Style::new(Face::Regular, 6.0, MUTED, 2.75);
const INITIAL: Style = Style::new(Face::Bold, 64.0, [0xff, 0xff, 0xff], 0.0);

/// One thing drawn on a page, in mm from the top-left page corner.
pub(super) enum Item {
    /// `[x, y, w, h]`, corner radius, fill, stroke.
    Rect([f32; 4], f32, Option<Rgb>, Option<Rgb>),
    /// `[x1, y1, x2, y2]`, stroke.
    Line([f32; 4], Rgb),
    /// Left-aligned text starting at `[x, baseline]`.
    Text([f32; 2], Style, String),
    /// `covers[index]` in the square `[x, y, side]`.
    Image([f32; 3], usize),
}

/// Top-left corner of the label in grid `slot` (row-major), the grid centred on the page.
fn slot_origin((page_w, page_h): (f32, f32), slot: usize) -> (f32, f32) {
    let grid_w = COLS as f32 * CARD_W + (COLS - 1) as f32 * GUTTER;
    let grid_h = ROWS as f32 * CARD_H + (ROWS - 1) as f32 * GUTTER;
    let (col, row) = ((slot % COLS) as f32, (slot / COLS) as f32);
    let x = (page_w - grid_w) / 2.0 + col * (CARD_W + GUTTER);
    (x, (page_h - grid_h) / 2.0 + row * (CARD_H + GUTTER))
}

// ---------------------------------------------------------------------------------------------
// Layout

pub(super) fn layout_pages(
    fonts: &Fonts,
    cards: &[LabelCard],
    cover_of: &[Option<usize>],
    size: (f32, f32),
) -> Vec<Vec<Item>> {
    let slots: Vec<_> = cards.iter().zip(cover_of).collect();
    let page = |chunk: &[(&LabelCard, &Option<usize>)]| {
        let mut items = Vec::new();
        for (slot, &(card, &cover)) in chunk.iter().enumerate() {
            layout_label(&mut items, fonts, card, cover, slot_origin(size, slot));
        }
        items
    };
    slots.chunks(COLS * ROWS).map(page).collect()
}

/// Cover on top, then title, author and the track list, all inside the padding.
fn layout_label(
    out: &mut Vec<Item>,
    fonts: &Fonts,
    card: &LabelCard,
    cover: Option<usize>,
    (x, y): (f32, f32),
) {
    cut_marks(out, x, y);
    out.push(Item::Rect(
        [x, y, CARD_W, CARD_H],
        RADIUS,
        None,
        Some(OUTLINE),
    ));
    let (left, width) = (x + PAD, CARD_W - 2.0 * PAD);
    match cover {
        Some(index) => out.push(Item::Image([left, y + PAD, width], index)),
        None => placeholder(out, fonts, &card.title, [left, y + PAD, width]),
    }
    let mut top = y + PAD + width + 2.0;
    let title = wrap(fonts, TITLE, &card.title, width, 2);
    top = push_lines(out, title, left, top, TITLE);
    let author = one_line(&card.author);
    if !author.is_empty() {
        let author = vec![ellipsize(fonts, AUTHOR, &author, width)];
        top = push_lines(out, author, left, top, AUTHOR);
    }
    if !card.tracks.is_empty() {
        out.push(Item::Line([left, top + 0.9, left + width, top + 0.9], RULE));
        track_list(
            out,
            fonts,
            &card.tracks,
            [left, top + 1.8],
            y + CARD_H - PAD,
        );
    }
}

/// Short lines continuing each edge outwards from every corner, outside the label.
fn cut_marks(out: &mut Vec<Item>, x: f32, y: f32) {
    let (near, far) = (MARK_OFFSET, MARK_OFFSET + MARK_LEN);
    for (cx, dx) in [(x, -1.0), (x + CARD_W, 1.0)] {
        for (cy, dy) in [(y, -1.0), (y + CARD_H, 1.0)] {
            out.push(Item::Line([cx + dx * near, cy, cx + dx * far, cy], INK));
            out.push(Item::Line([cx, cy + dy * near, cx, cy + dy * far], INK));
        }
    }
}

/// A tinted square with the title's initial, for cards without a usable cover.
fn placeholder(out: &mut Vec<Item>, fonts: &Fonts, title: &str, [x, y, side]: [f32; 3]) {
    let tint = TINTS[fnv1a(title.bytes()) as usize % TINTS.len()];
    out.push(Item::Rect([x, y, side, side], 1.5, Some(tint), None));
    let initial = match title.chars().find(|c| c.is_alphanumeric()) {
        Some(c) => c.to_uppercase().collect(),
        None => "♪".to_string(),
    };
    let width = fonts.width(INITIAL, &initial);
    let cap_height = 0.73 * INITIAL.size * MM_PER_PT;
    let at = [x + (side - width) / 2.0, y + (side + cap_height) / 2.0];
    out.push(Item::Text(at, INITIAL, initial));
}

/// Numbered tracks, one line each; the last line says "+N more" when not all fit.
fn track_list(
    out: &mut Vec<Item>,
    fonts: &Fonts,
    tracks: &[String],
    [x, top]: [f32; 2],
    bottom: f32,
) {
    let fit = ((bottom - top) / TRACK.leading).floor().max(0.0) as usize;
    let shown = if tracks.len() <= fit {
        tracks.len()
    } else {
        fit.saturating_sub(1)
    };
    let number_w = fonts.width(TRACK, &format!("{}.", shown.max(1)));
    let text_x = x + number_w + 1.0;
    let text_w = CARD_W - 2.0 * PAD - number_w - 1.0;
    let mut line_top = top;
    for (i, track) in tracks.iter().take(shown).enumerate() {
        let number = format!("{}.", i + 1);
        let baseline = line_top + ASCENT * TRACK.size * MM_PER_PT;
        let number_x = x + number_w - fonts.width(TRACK, &number);
        out.push(Item::Text([number_x, baseline], TRACK_NUMBER, number));
        let text = ellipsize(fonts, TRACK, &one_line(track), text_w);
        out.push(Item::Text([text_x, baseline], TRACK, text));
        line_top += TRACK.leading;
    }
    if shown < tracks.len() && fit > 0 {
        let more = format!("+{} more", tracks.len() - shown);
        push_lines(out, vec![more], text_x, line_top, TRACK_NUMBER);
    }
}

/// Emits `lines` top-down from `top`; returns the y just below the last line.
fn push_lines(out: &mut Vec<Item>, lines: Vec<String>, x: f32, mut top: f32, style: Style) -> f32 {
    for text in lines {
        out.push(Item::Text(
            [x, top + ASCENT * style.size * MM_PER_PT],
            style,
            text,
        ));
        top += style.leading;
    }
    top
}

pub(super) fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u32 {
    let step = |hash: u32, byte: u8| (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
    bytes.into_iter().fold(0x811c_9dc5, step)
}

#[cfg(test)]
mod tests {
    use super::super::text::FONTS;
    use super::*;

    fn texts(items: &[Item]) -> Vec<&str> {
        items
            .iter()
            .filter_map(|item| match item {
                Item::Text(_, _, text) => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn tracks_that_do_not_fit_are_counted() {
        let mut items = Vec::new();
        let tracks: Vec<String> = (1..=40).map(|i| format!("Track {i}")).collect();
        let fonts = FONTS.as_ref().unwrap();
        track_list(&mut items, fonts, &tracks, [0.0, 0.0], 10.0 * TRACK.leading);
        let texts = texts(&items);
        assert_eq!(texts.last(), Some(&"+31 more"));
        assert!(texts.contains(&"Track 9") && !texts.contains(&"Track 10"));
    }

    #[test]
    fn placeholder_initial_is_centred() {
        let mut items = Vec::new();
        placeholder(
            &mut items,
            FONTS.as_ref().unwrap(),
            "  zoë",
            [10.0, 20.0, 48.0],
        );
        assert!(matches!(
            items[0],
            Item::Rect([10.0, 20.0, 48.0, 48.0], _, Some(_), None)
        ));
        let Item::Text([x, _], _, ref initial) = items[1] else {
            panic!("no initial")
        };
        assert_eq!(initial, "Z");
        let width = FONTS.as_ref().unwrap().width(INITIAL, "Z");
        assert!((x + width / 2.0 - 34.0).abs() < 0.01);
    }
}
