//! The layout of each label into backend-neutral [`Item`]s that the PDF and SVG writers
//! translate: the cover as a small card face top left, the title and author beside it, the
//! chapter list (see [`chapters`](super::chapters)) below.

use super::chapters::chapter_list;
use super::cover::Pictures;
use super::sheet::{Sheet, CARD_H, CARD_W, MARK_LEN, MARK_OFFSET};
use super::style::{Face, Style, ASCENT, CAP_HEIGHT, INK, MM_PER_PT, MUTED, RULE};
use super::text::{one_line, wrap, Fonts};
use super::LabelCard;
use crate::media::colour::Rgb;

// ---------------------------------------------------------------------------------------------
// Geometry and styles (lengths in mm, text sizes in pt)

const PAD: f32 = 3.0;
/// Real cards have ~3 mm corners; the outline shows where to round them off.
const RADIUS: f32 = 3.0;
/// The box the cover is fitted into: a small card face (the card's own proportions), so a
/// cover made for the card (638 × 1011 px) fills it exactly, title plate and all, and any other
/// picture is letterboxed whole rather than cut.
pub(super) const COVER_BOX: [f32; 2] = [24.0, 24.0 * CARD_H / CARD_W];
/// Between the cover and the title beside it.
const COLUMN_GAP: f32 = 2.5;
const TITLE_LINES: usize = 4;
const AUTHOR_LINES: usize = 2;

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
const INITIAL: Style = Style::new(Face::Bold, 40.0, [0xff, 0xff, 0xff], 0.0);

/// One thing drawn on a page, in mm from the top-left page corner.
pub(super) enum Item {
    /// `[x, y, w, h]`, corner radius, fill, stroke.
    Rect([f32; 4], f32, Option<Rgb>, Option<Rgb>),
    /// `[x1, y1, x2, y2]`, stroke.
    Line([f32; 4], Rgb),
    /// Left-aligned text starting at `[x, baseline]`.
    Text([f32; 2], Style, String),
    /// `covers[index]` filling `[x, y, w, h]`, which has the picture's own aspect.
    Cover([f32; 4], usize),
    /// `icons[index]`, pixelated, in the square `[x, y, side]`.
    Icon([f32; 3], usize),
}

pub(super) fn layout_pages(
    fonts: &Fonts,
    cards: &[LabelCard],
    pictures: &Pictures,
    sheet: &Sheet,
    locale: cardsmith_i18n::Locale,
) -> Vec<Vec<Item>> {
    let indexed: Vec<usize> = (0..cards.len()).collect();
    let drawing = Drawing {
        fonts,
        pictures,
        trim: sheet.trim,
        locale,
    };
    let page = |chunk: &[usize]| {
        let mut items = Vec::new();
        for (slot, &card) in chunk.iter().enumerate() {
            let at = sheet.origin(slot);
            layout_label(&mut items, &drawing, &cards[card], card, at);
        }
        items
    };
    indexed.chunks(sheet.per_page()).map(page).collect()
}

/// What every label of a sheet is drawn with.
struct Drawing<'a> {
    fonts: &'a Fonts,
    pictures: &'a Pictures,
    /// Cut marks and an outline around each label.
    trim: bool,
    /// The language of the sheet's own words.
    locale: cardsmith_i18n::Locale,
}

/// Cover top left, title and author beside it, the chapters below, all inside the padding.
fn layout_label(
    out: &mut Vec<Item>,
    drawing: &Drawing<'_>,
    card: &LabelCard,
    index: usize,
    (x, y): (f32, f32),
) {
    let Drawing {
        fonts,
        pictures,
        trim,
        locale,
    } = *drawing;
    if trim {
        cut_marks(out, x, y);
        let outline = [x, y, CARD_W, CARD_H];
        out.push(Item::Rect(outline, RADIUS, None, Some(OUTLINE)));
    }
    let cover_box = cover_box((x, y));
    match pictures.cover_of[index] {
        Some(cover) => {
            let picture = &pictures.covers[cover];
            place_cover(
                out,
                picture.image.dimensions(),
                picture.backdrop,
                cover,
                cover_box,
            );
        }
        None => placeholder(out, fonts, &card.title, cover_box),
    }
    let text_x = x + PAD + COVER_BOX[0] + COLUMN_GAP;
    let text_w = x + CARD_W - PAD - text_x;
    let title = wrap(fonts, TITLE, &card.title, text_w, TITLE_LINES);
    let mut top = push_lines(out, title, text_x, y + PAD, TITLE);
    let author = wrap(fonts, AUTHOR, &one_line(&card.author), text_w, AUTHOR_LINES);
    top = push_lines(out, author, text_x, top + 0.6, AUTHOR);
    if card.tracks.is_empty() {
        return;
    }
    let rule_y = (y + PAD + COVER_BOX[1]).max(top) + 1.2;
    let (left, right) = (x + PAD, x + CARD_W - PAD);
    out.push(Item::Line([left, rule_y, right, rule_y], RULE));
    let area = [left, rule_y + 0.6, right - left];
    chapter_list(
        out,
        fonts,
        &card.tracks,
        &pictures.icon_of[index],
        area,
        y + CARD_H - PAD,
        locale,
    );
}

/// `[x, y, w, h]` of the cover box of the label whose top-left corner is `(x, y)`.
pub(super) fn cover_box((x, y): (f32, f32)) -> [f32; 4] {
    [x + PAD, y + PAD, COVER_BOX[0], COVER_BOX[1]]
}

/// Where a picture of `(pw, ph)` pixels goes to show whole in `area`: as large as fits,
/// aspect kept, centred.
pub(super) fn fit((pw, ph): (u32, u32), [x, y, w, h]: [f32; 4]) -> [f32; 4] {
    let (pw, ph) = (pw.max(1) as f32, ph.max(1) as f32);
    let scale = (w / pw).min(h / ph);
    let (fw, fh) = (pw * scale, ph * scale);
    [x + (w - fw) / 2.0, y + (h - fh) / 2.0, fw, fh]
}

/// The whole cover fitted into `area`, on bands of `backdrop` where its aspect leaves room,
/// with a hairline round the card face so a pale cover still shows its edge.
fn place_cover(
    out: &mut Vec<Item>,
    pixels: (u32, u32),
    backdrop: Rgb,
    index: usize,
    area: [f32; 4],
) {
    let fitted = fit(pixels, area);
    if fitted[2] < area[2] - 0.05 || fitted[3] < area[3] - 0.05 {
        out.push(Item::Rect(area, 0.0, Some(backdrop), None));
    }
    out.push(Item::Cover(fitted, index));
    out.push(Item::Rect(area, 0.0, None, Some(RULE)));
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

/// A tinted card face with the title's initial, for cards without a usable cover.
fn placeholder(out: &mut Vec<Item>, fonts: &Fonts, title: &str, [x, y, w, h]: [f32; 4]) {
    let tint = TINTS[fnv1a(title.bytes()) as usize % TINTS.len()];
    out.push(Item::Rect([x, y, w, h], 1.5, Some(tint), None));
    let initial = match title.chars().find(|c| c.is_alphanumeric()) {
        Some(c) => c.to_uppercase().collect(),
        None => "♪".to_string(),
    };
    let width = fonts.width(INITIAL, &initial);
    let cap_height = CAP_HEIGHT * INITIAL.size * MM_PER_PT;
    let at = [x + (w - width) / 2.0, y + (h + cap_height) / 2.0];
    out.push(Item::Text(at, INITIAL, initial));
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

    #[test]
    fn a_cover_is_fitted_whole_not_cropped() {
        let area = [3.0, 3.0, COVER_BOX[0], COVER_BOX[1]];
        // the size covers are made at: exactly the card face, so it fills the box
        let [x, y, w, h] = fit((638, 1011), area);
        assert!((w - area[2]).abs() < 0.05 && (h - area[3]).abs() < 0.05);
        assert!((x - 3.0).abs() < 0.05 && (y - 3.0).abs() < 0.05);
        // a square upload: as wide as the box, centred, nothing cut
        let [x, y, w, h] = fit((500, 500), area);
        assert!((w - h).abs() < 1e-4 && (w - area[2]).abs() < 1e-4 && x == 3.0);
        assert!((y - (3.0 + (area[3] - w) / 2.0)).abs() < 1e-4);
        // a tall one: as high as the box
        let [_, y, w, h] = fit((100, 400), area);
        assert!((h - area[3]).abs() < 1e-4 && (w - h / 4.0).abs() < 1e-4 && y == 3.0);
    }

    #[test]
    fn a_letterboxed_cover_sits_on_its_backdrop() {
        let area = [3.0, 3.0, COVER_BOX[0], COVER_BOX[1]];
        let mut items = Vec::new();
        place_cover(&mut items, (400, 400), [1, 2, 3], 0, area);
        assert!(matches!(items[0], Item::Rect(a, _, Some([1, 2, 3]), None) if a == area));
        assert!(matches!(items[1], Item::Cover(_, 0)));
        let mut items = Vec::new();
        place_cover(&mut items, (638, 1011), [1, 2, 3], 0, area);
        assert!(
            matches!(items[0], Item::Cover(_, 0)),
            "a cover of the card's shape needs no bands"
        );
    }

    #[test]
    fn placeholder_initial_is_centred() {
        let mut items = Vec::new();
        let fonts = FONTS.as_ref().unwrap();
        placeholder(&mut items, fonts, "  zoë", [10.0, 20.0, 24.0, 38.0]);
        assert!(matches!(
            items[0],
            Item::Rect([10.0, 20.0, 24.0, 38.0], _, Some(_), None)
        ));
        let Item::Text([x, _], _, ref initial) = items[1] else {
            panic!("no initial")
        };
        assert_eq!(initial, "Z");
        let width = fonts.width(INITIAL, "Z");
        assert!((x + width / 2.0 - 22.0).abs() < 0.01);
    }
}
