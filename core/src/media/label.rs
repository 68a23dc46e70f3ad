//! Printable labels for audio cards, as PDF (via `printpdf`) or SVG.
//!
//! Each label is drawn at the real card size (ISO/IEC 7810 ID-1, 54 × 85.6 mm, portrait),
//! nine to a page, with cut marks for a trimmer. The layout is computed once into a
//! backend-neutral list of [`Item`]s per page (millimetres, origin top-left, y down); the
//! PDF and SVG writers only translate those items, so both formats look the same. Text is
//! measured with the embedded DejaVu Sans metrics, which also makes wrapping deterministic.
//!
//! Rendering decodes and resizes cover images, so it is CPU-bound: call it from
//! `spawn_blocking` in async code.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Write as _};
use std::io::Cursor;
use std::sync::LazyLock;

use base64::Engine as _;
use image::{codecs::jpeg::JpegEncoder, DynamicImage, ImageFormat, ImageReader, Limits, RgbImage};
use printpdf as pdf;

/// DejaVu Sans covers Latin, Greek and Cyrillic, so titles like "Zoë" print as typed.
const REGULAR_TTF: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// One card to print.
pub struct LabelCard {
    pub title: String,
    /// May be empty.
    pub author: String,
    /// Track titles in order; may be empty.
    pub tracks: Vec<String>,
    /// Front cover image bytes (JPEG/PNG/WebP/GIF). Undecodable covers print as a placeholder.
    pub cover: Option<Vec<u8>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelFormat {
    Pdf,
    Svg,
}

impl LabelFormat {
    /// `"pdf"` or `"svg"`, case-insensitive.
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pdf" => Some(Self::Pdf),
            "svg" => Some(Self::Svg),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Pdf => "pdf",
            Self::Svg => "svg",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Svg => "image/svg+xml",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageSize {
    A4,
    Letter,
}

impl PageSize {
    /// `"a4"`, `"letter"` or `"us-letter"`, case-insensitive.
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Some(Self::A4),
            "letter" | "us-letter" => Some(Self::Letter),
            _ => None,
        }
    }

    /// Width and height in millimetres.
    fn size_mm(self) -> (f32, f32) {
        match self {
            Self::A4 => (210.0, 297.0),
            Self::Letter => (215.9, 279.4),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LabelError {
    #[error("there are no cards to print")]
    NoCards,
    #[error("the embedded label font could not be loaded")]
    Font,
    #[error("a cover image could not be re-encoded: {0}")]
    Image(String),
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
}

/// Renders all `cards` as one document: a PDF with one page per nine labels, or one SVG
/// with those pages stacked vertically.
pub fn render(
    cards: &[LabelCard],
    format: LabelFormat,
    page: PageSize,
) -> Result<Vec<u8>, LabelError> {
    if cards.is_empty() {
        return Err(LabelError::NoCards);
    }
    let fonts = FONTS.as_ref().ok_or(LabelError::Font)?;
    let (covers, cover_of) = prepare_covers(cards);
    let size = page.size_mm();
    let pages = layout_pages(fonts, cards, &cover_of, size);
    match format {
        LabelFormat::Pdf => render_pdf(fonts, &pages, &covers, size),
        LabelFormat::Svg => render_svg(&pages, &covers, size),
    }
}

// ---------------------------------------------------------------------------------------
// Geometry (all lengths in mm)

const CARD_W: f32 = 54.0;
const CARD_H: f32 = 85.6;
const COLS: usize = 3;
const ROWS: usize = 3;
/// Cut marks start this far outside the label edge, so a slightly off cut shows no line.
const MARK_OFFSET: f32 = 1.0;
const MARK_LEN: f32 = 2.0;
/// Exactly room for the marks of both neighbours, which then coincide.
const GUTTER: f32 = 2.0 * (MARK_OFFSET + MARK_LEN);
const PAD: f32 = 3.0;
/// Real cards have ~3 mm corners; the outline shows where to round them off.
const RADIUS: f32 = 3.0;
const LINE_W: f32 = 0.2;
const MM_PER_PT: f32 = 25.4 / 72.0;
/// Baseline below the top of a line box, as a fraction of the font size.
const ASCENT: f32 = 0.9;

const INK: Rgb = Rgb(0x1f, 0x1f, 0x1f);
const MUTED: Rgb = Rgb(0x5f, 0x5f, 0x5f);
const RULE: Rgb = Rgb(0xc8, 0xc8, 0xc8);
const OUTLINE: Rgb = Rgb(0x9a, 0x9a, 0x9a);
const WHITE: Rgb = Rgb(0xff, 0xff, 0xff);
/// Placeholder tints, picked by a hash of the title so a card keeps its colour.
const TINTS: [Rgb; 6] = [
    Rgb(0x4a, 0x7b, 0xd0),
    Rgb(0xd0, 0x6a, 0x4f),
    Rgb(0x34, 0x95, 0x7c),
    Rgb(0x8b, 0x5c, 0xc4),
    Rgb(0xc9, 0x8e, 0x2a),
    Rgb(0xc4, 0x4f, 0x7e),
];

#[derive(Clone, Copy, Debug, PartialEq)]
struct Rgb(u8, u8, u8);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Face {
    Regular,
    Bold,
}

/// A text style: face, size in points, colour and line pitch in mm.
#[derive(Clone, Copy)]
struct Style {
    face: Face,
    size: f32,
    color: Rgb,
    leading: f32,
}

const TITLE: Style = Style {
    face: Face::Bold,
    size: 9.0,
    color: INK,
    leading: 3.9,
};
const AUTHOR: Style = Style {
    face: Face::Regular,
    size: 7.0,
    color: MUTED,
    leading: 3.2,
};
const TRACK: Style = Style {
    face: Face::Regular,
    size: 6.0,
    color: INK,
    leading: 2.75,
};

/// One thing drawn on a page. Coordinates in mm from the top-left page corner.
enum Item {
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        radius: f32,
        fill: Option<Rgb>,
        stroke: Option<Rgb>,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        color: Rgb,
    },
    /// Left-aligned text; `y` is the baseline.
    Text {
        x: f32,
        y: f32,
        style: Style,
        text: String,
    },
    /// A square cover, `covers[cover]`.
    Image {
        x: f32,
        y: f32,
        side: f32,
        cover: usize,
    },
}

/// Top-left corner of the label in grid `slot` (row-major), the grid centred on the page.
fn slot_origin((page_w, page_h): (f32, f32), slot: usize) -> (f32, f32) {
    let grid_w = COLS as f32 * CARD_W + (COLS - 1) as f32 * GUTTER;
    let grid_h = ROWS as f32 * CARD_H + (ROWS - 1) as f32 * GUTTER;
    let (col, row) = ((slot % COLS) as f32, (slot / COLS) as f32);
    (
        (page_w - grid_w) / 2.0 + col * (CARD_W + GUTTER),
        (page_h - grid_h) / 2.0 + row * (CARD_H + GUTTER),
    )
}

// ---------------------------------------------------------------------------------------
// Layout

fn layout_pages(
    fonts: &Fonts,
    cards: &[LabelCard],
    cover_of: &[Option<usize>],
    size: (f32, f32),
) -> Vec<Vec<Item>> {
    let per_page = COLS * ROWS;
    let slots = cards.iter().zip(cover_of).collect::<Vec<_>>();
    slots
        .chunks(per_page)
        .map(|chunk| {
            let mut items = Vec::new();
            for (slot, (card, cover)) in chunk.iter().enumerate() {
                layout_label(&mut items, fonts, card, **cover, slot_origin(size, slot));
            }
            items
        })
        .collect()
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
    out.push(Item::Rect {
        x,
        y,
        w: CARD_W,
        h: CARD_H,
        radius: RADIUS,
        fill: None,
        stroke: Some(OUTLINE),
    });
    let (left, width, side) = (x + PAD, CARD_W - 2.0 * PAD, CARD_W - 2.0 * PAD);
    match cover {
        Some(cover) => out.push(Item::Image {
            x: left,
            y: y + PAD,
            side,
            cover,
        }),
        None => placeholder(out, fonts, &card.title, left, y + PAD, side),
    }
    let mut top = y + PAD + side + 2.0;
    let title = wrap(fonts, TITLE, &card.title, width, 2);
    top = push_lines(out, title, left, top, TITLE);
    let author = one_line(&card.author);
    if !author.is_empty() {
        let author = vec![ellipsize(fonts, AUTHOR, &author, width)];
        top = push_lines(out, author, left, top, AUTHOR);
    }
    if !card.tracks.is_empty() {
        out.push(Item::Line {
            x1: left,
            y1: top + 0.9,
            x2: left + width,
            y2: top + 0.9,
            color: RULE,
        });
        track_list(out, fonts, &card.tracks, left, top + 1.8, y + CARD_H - PAD);
    }
}

/// Short lines continuing each edge outwards from every corner, outside the label.
fn cut_marks(out: &mut Vec<Item>, x: f32, y: f32) {
    let (near, far) = (MARK_OFFSET, MARK_OFFSET + MARK_LEN);
    for (cx, dx) in [(x, -1.0), (x + CARD_W, 1.0)] {
        for (cy, dy) in [(y, -1.0), (y + CARD_H, 1.0)] {
            out.push(Item::Line {
                x1: cx + dx * near,
                y1: cy,
                x2: cx + dx * far,
                y2: cy,
                color: INK,
            });
            out.push(Item::Line {
                x1: cx,
                y1: cy + dy * near,
                x2: cx,
                y2: cy + dy * far,
                color: INK,
            });
        }
    }
}

/// A tinted square with the title's initial, for cards without a (usable) cover.
fn placeholder(out: &mut Vec<Item>, fonts: &Fonts, title: &str, x: f32, y: f32, side: f32) {
    let hash = title.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    let tint = TINTS[hash as usize % TINTS.len()];
    out.push(Item::Rect {
        x,
        y,
        w: side,
        h: side,
        radius: 1.5,
        fill: Some(tint),
        stroke: None,
    });
    let initial = match title.chars().find(|c| c.is_alphanumeric()) {
        Some(c) => c.to_uppercase().collect(),
        None => "♪".to_string(),
    };
    let style = Style {
        face: Face::Bold,
        size: 64.0,
        color: WHITE,
        leading: 0.0,
    };
    let (w, cap_height) = (fonts.width(style, &initial), 0.73 * style.size * MM_PER_PT);
    out.push(Item::Text {
        x: x + (side - w) / 2.0,
        y: y + (side + cap_height) / 2.0,
        style,
        text: initial,
    });
}

/// Numbered tracks, one line each; the last line says "+N more" when they do not all fit.
fn track_list(
    out: &mut Vec<Item>,
    fonts: &Fonts,
    tracks: &[String],
    x: f32,
    top: f32,
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
    let number = Style {
        color: MUTED,
        ..TRACK
    };
    let mut line_top = top;
    for (i, track) in tracks.iter().take(shown).enumerate() {
        let label = format!("{}.", i + 1);
        let baseline = line_top + ASCENT * TRACK.size * MM_PER_PT;
        out.push(Item::Text {
            x: x + number_w - fonts.width(TRACK, &label),
            y: baseline,
            style: number,
            text: label,
        });
        let text = ellipsize(fonts, TRACK, &one_line(track), text_w);
        out.push(Item::Text {
            x: text_x,
            y: baseline,
            style: TRACK,
            text,
        });
        line_top += TRACK.leading;
    }
    if shown < tracks.len() && fit > 0 {
        let more = format!("+{} more", tracks.len() - shown);
        push_lines(out, vec![more], text_x, line_top, number);
    }
}

/// Emits `lines` top-down from `top`; returns the y just below the last line.
fn push_lines(out: &mut Vec<Item>, lines: Vec<String>, x: f32, mut top: f32, style: Style) -> f32 {
    for text in lines {
        out.push(Item::Text {
            x,
            y: top + ASCENT * style.size * MM_PER_PT,
            style,
            text,
        });
        top += style.leading;
    }
    top
}

// ---------------------------------------------------------------------------------------
// Text measuring and fitting

struct Fonts {
    regular: pdf::ParsedFont,
    bold: pdf::ParsedFont,
}

/// Parsed once per process: parsing a 700 KB face on every request would be wasted work.
static FONTS: LazyLock<Option<Fonts>> = LazyLock::new(|| {
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

    /// Advance width of `text` in mm (no kerning: the PDF is written without it too).
    fn width(&self, style: Style, text: &str) -> f32 {
        let font = self.face(style.face);
        let em = f32::from(font.units_per_em.max(1));
        let units: f32 = text
            .chars()
            .map(|c| {
                font.lookup_glyph_index(c as u32)
                    .and_then(|g| font.get_glyph_width(g))
                    .map_or(em / 2.0, f32::from)
            })
            .sum();
        units / em * style.size * MM_PER_PT
    }
}

/// Greedy word wrap into at most `max_lines` lines; overflow ends the last line with "…".
fn wrap(fonts: &Fonts, style: Style, text: &str, max_w: f32, max_lines: usize) -> Vec<String> {
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
        while !fits(&line) {
            // A single word wider than the label: break it between characters.
            let cut = line
                .char_indices()
                .map(|(i, c)| i + c.len_utf8())
                .take_while(|&end| fits(&line[..end]))
                .last();
            let cut = cut.unwrap_or_else(|| line.chars().next().map_or(line.len(), char::len_utf8));
            let rest = line.split_off(cut);
            lines.push(std::mem::replace(&mut line, rest));
            if line.is_empty() {
                break;
            }
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

/// Collapses runs of whitespace (including newlines) to single spaces.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` on one line, cut with "…" if it is too wide.
fn ellipsize(fonts: &Fonts, style: Style, text: &str, max_w: f32) -> String {
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

// ---------------------------------------------------------------------------------------
// Covers

/// Largest cover accepted, per side, and the decoder's memory budget: guards against
/// decompression bombs in user uploads.
const MAX_COVER_DIM: u32 = 8192;
const MAX_COVER_ALLOC: u64 = 256 * 1024 * 1024;
/// 600 px across 48 mm is ~320 dpi: sharp in print, small in the file.
const COVER_PX: u32 = 600;

/// Decodes every cover once; returns the images and, per card, its index among them.
fn prepare_covers(cards: &[LabelCard]) -> (Vec<RgbImage>, Vec<Option<usize>>) {
    let mut covers = Vec::new();
    let cover_of = cards
        .iter()
        .map(|card| {
            let bytes = card.cover.as_deref()?;
            match decode_cover(bytes) {
                Ok(image) => {
                    covers.push(image);
                    Some(covers.len() - 1)
                }
                Err(err) => {
                    tracing::warn!(title = %card.title, %err, "label cover not decodable; printing a placeholder");
                    None
                }
            }
        })
        .collect();
    (covers, cover_of)
}

/// Decodes within limits, centre-crops to a square, downsizes and flattens onto white.
fn decode_cover(bytes: &[u8]) -> Result<RgbImage, image::ImageError> {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_COVER_DIM);
    limits.max_image_height = Some(MAX_COVER_DIM);
    limits.max_alloc = Some(MAX_COVER_ALLOC);
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format()?;
    reader.limits(limits);
    let image = reader.decode()?;
    let side = image.width().min(image.height());
    let square = image.crop_imm(
        (image.width() - side) / 2,
        (image.height() - side) / 2,
        side,
        side,
    );
    let px = side.min(COVER_PX);
    Ok(flatten_on_white(square.thumbnail_exact(px, px)))
}

/// Transparent covers would print on white paper anyway; JPEG has no alpha.
fn flatten_on_white(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([over(r), over(g), over(b)])
    })
}

// ---------------------------------------------------------------------------------------
// PDF

fn render_pdf(
    fonts: &Fonts,
    pages: &[Vec<Item>],
    covers: &[RgbImage],
    size: (f32, f32),
) -> Result<Vec<u8>, LabelError> {
    let mut doc = pdf::PdfDocument::new("Cardsmith card labels");
    let regular = doc.add_font(&subset_font(
        &fonts.regular,
        REGULAR_TTF,
        &used_chars(pages, Face::Regular),
        "DejaVuSans",
    ));
    let bold = doc.add_font(&subset_font(
        &fonts.bold,
        BOLD_TTF,
        &used_chars(pages, Face::Bold),
        "DejaVuSans-Bold",
    ));
    let images = covers
        .iter()
        .map(|c| Ok(doc.add_xobject(&jpeg_xobject(c)?)))
        .collect::<Result<Vec<_>, LabelError>>()?;
    let ids = PdfIds {
        regular,
        bold,
        images,
        page_h: size.1,
    };
    let pdf_pages = pages
        .iter()
        .map(|items| {
            pdf::PdfPage::new(
                pdf::Mm(size.0),
                pdf::Mm(size.1),
                items.iter().flat_map(|i| pdf_ops(i, &ids)).collect(),
            )
        })
        .collect();
    let mut warnings = Vec::new();
    let bytes = doc
        .with_pages(pdf_pages)
        .save(&pdf::PdfSaveOptions::default(), &mut warnings);
    match warnings
        .into_iter()
        .find(|w| w.severity == pdf::PdfParseErrorSeverity::Error)
    {
        Some(err) => Err(LabelError::Pdf(err.msg)),
        None => Ok(bytes),
    }
}

struct PdfIds {
    regular: pdf::FontId,
    bold: pdf::FontId,
    images: Vec<pdf::XObjectId>,
    page_h: f32,
}

fn used_chars(pages: &[Vec<Item>], face: Face) -> BTreeSet<char> {
    let texts = pages.iter().flatten().filter_map(|item| match item {
        Item::Text { style, text, .. } if style.face == face => Some(text),
        _ => None,
    });
    texts.flat_map(|t| t.chars()).collect()
}

/// printpdf subsets fonts only with its heavy `text_layout` feature, so the subset is made
/// here with allsorts (already in printpdf's tree): a few KB instead of a 700 KB face.
/// Falls back to embedding the whole face if subsetting fails.
fn subset_font(
    full: &pdf::ParsedFont,
    bytes: &[u8],
    chars: &BTreeSet<char>,
    name: &str,
) -> pdf::ParsedFont {
    use allsorts::{binary::read::ReadScope, font_data::FontData, subset};
    let glyphs: BTreeSet<u16> = chars
        .iter()
        .filter_map(|&c| full.lookup_glyph_index(c as u32))
        .collect();
    // Glyph 0 (.notdef) must come first.
    let ids: Vec<u16> = std::iter::once(0)
        .chain(glyphs.into_iter().filter(|&g| g != 0))
        .collect();
    let subset_bytes = (|| {
        let data = ReadScope::new(bytes).read::<FontData<'_>>().ok()?;
        let provider = data.table_provider(0).ok()?;
        subset::subset(
            &provider,
            &ids,
            &subset::SubsetProfile::Pdf,
            subset::CmapTarget::Unicode,
        )
        .ok()
    })();
    match subset_bytes.and_then(|b| pdf::ParsedFont::from_bytes(&b, 0, &mut Vec::new())) {
        Some(mut font) => {
            // The six-letter tag marks a subset (ISO 32000-1, 9.6.4).
            let hash = ids.iter().fold(0x811c_9dc5_u32, |h, &g| {
                (h ^ u32::from(g)).wrapping_mul(0x0100_0193)
            });
            let tag: String = (0..6)
                .map(|i| char::from(b'A' + (hash >> (i * 5) & 31) as u8 % 26))
                .collect();
            font.font_name = Some(format!("{tag}+{name}"));
            font
        }
        None => {
            tracing::warn!(
                font = name,
                "font subsetting failed; embedding the whole face"
            );
            let mut font = full.clone();
            font.font_name = Some(name.to_string());
            font
        }
    }
}

/// Covers go in as baseline JPEG (`/DCTDecode`): a tenth of the size of flate-compressed
/// pixels, and it needs none of printpdf's image features.
fn jpeg_xobject(image: &RgbImage) -> Result<pdf::ExternalXObject, LabelError> {
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, 88)
        .encode_image(image)
        .map_err(|e| LabelError::Image(e.to_string()))?;
    let name = |n: &str| pdf::DictItem::Name(n.as_bytes().to_vec());
    let dict = BTreeMap::from([
        ("Type".to_string(), name("XObject")),
        ("Subtype".to_string(), name("Image")),
        (
            "Width".to_string(),
            pdf::DictItem::Int(i64::from(image.width())),
        ),
        (
            "Height".to_string(),
            pdf::DictItem::Int(i64::from(image.height())),
        ),
        ("ColorSpace".to_string(), name("DeviceRGB")),
        ("BitsPerComponent".to_string(), pdf::DictItem::Int(8)),
        ("Filter".to_string(), name("DCTDecode")),
    ]);
    let stream = pdf::ExternalStream {
        dict,
        content: jpeg,
        compress: false,
    };
    Ok(pdf::ExternalXObject {
        stream,
        width: None,
        height: None,
        dpi: None,
    })
}

/// PDF points from mm; `y_pt` also flips to PDF's bottom-left origin.
fn pt(mm: f32) -> pdf::Pt {
    pdf::Pt(mm / MM_PER_PT)
}

fn point(ids: &PdfIds, x: f32, y: f32) -> pdf::Point {
    pdf::Point {
        x: pt(x),
        y: pt(ids.page_h - y),
    }
}

fn pdf_color(c: Rgb) -> pdf::Color {
    let f = |v: u8| f32::from(v) / 255.0;
    pdf::Color::Rgb(pdf::Rgb {
        r: f(c.0),
        g: f(c.1),
        b: f(c.2),
        icc_profile: None,
    })
}

fn pdf_ops(item: &Item, ids: &PdfIds) -> Vec<pdf::Op> {
    use pdf::Op;
    match *item {
        Item::Rect {
            x,
            y,
            w,
            h,
            radius,
            fill,
            stroke,
        } => {
            let mode = match (fill.is_some(), stroke.is_some()) {
                (true, true) => pdf::PaintMode::FillStroke,
                (true, false) => pdf::PaintMode::Fill,
                _ => pdf::PaintMode::Stroke,
            };
            let mut ops: Vec<Op> = fill
                .map(|c| Op::SetFillColor { col: pdf_color(c) })
                .into_iter()
                .collect();
            ops.extend(stroke.map(|c| Op::SetOutlineColor { col: pdf_color(c) }));
            ops.push(Op::SetOutlineThickness { pt: pt(LINE_W) });
            let ring = pdf::PolygonRing {
                points: rounded_rect(ids, x, y, w, h, radius),
            };
            let polygon = pdf::Polygon {
                rings: vec![ring],
                mode,
                winding_order: pdf::WindingOrder::NonZero,
            };
            ops.push(Op::DrawPolygon { polygon });
            ops
        }
        Item::Line {
            x1,
            y1,
            x2,
            y2,
            color,
        } => {
            let points = [(x1, y1), (x2, y2)].map(|(x, y)| pdf::LinePoint {
                p: point(ids, x, y),
                bezier: false,
            });
            vec![
                Op::SetOutlineColor {
                    col: pdf_color(color),
                },
                Op::SetOutlineThickness { pt: pt(LINE_W) },
                Op::DrawLine {
                    line: pdf::Line {
                        points: points.to_vec(),
                        is_closed: false,
                    },
                },
            ]
        }
        Item::Text {
            x,
            y,
            style,
            ref text,
        } => {
            let font = if style.face == Face::Bold {
                &ids.bold
            } else {
                &ids.regular
            };
            vec![
                Op::StartTextSection,
                Op::SetFont {
                    font: pdf::PdfFontHandle::External(font.clone()),
                    size: pdf::Pt(style.size),
                },
                Op::SetFillColor {
                    col: pdf_color(style.color),
                },
                Op::SetTextCursor {
                    pos: point(ids, x, y),
                },
                Op::ShowText {
                    items: vec![pdf::TextItem::Text(text.clone())],
                },
                Op::EndTextSection,
            ]
        }
        Item::Image { x, y, side, cover } => {
            // The image XObject fills the unit square; scale it to `side` and place it.
            let transform = pdf::XObjectTransform {
                translate_x: Some(pt(x)),
                translate_y: Some(pt(ids.page_h - y - side)),
                scale_x: Some(pt(side).0),
                scale_y: Some(pt(side).0),
                no_auto_scale: true,
                ..Default::default()
            };
            vec![Op::UseXobject {
                id: ids.images[cover].clone(),
                transform,
            }]
        }
    }
}

/// Outline of a rectangle with circular corners (cubic Bézier approximation).
fn rounded_rect(ids: &PdfIds, x: f32, y: f32, w: f32, h: f32, r: f32) -> Vec<pdf::LinePoint> {
    let at = |px: f32, py: f32, bezier: bool| pdf::LinePoint {
        p: point(ids, px, py),
        bezier,
    };
    if r <= 0.0 {
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            .map(|(px, py)| at(px, py, false))
            .to_vec();
    }
    let k = r * 0.447_7; // r × (1 − 0.5523): control-point inset from the corner
    let (x2, y2) = (x + w, y + h);
    vec![
        at(x + r, y, false),
        at(x2 - r, y, false),
        at(x2 - k, y, true),
        at(x2, y + k, true),
        at(x2, y + r, false),
        at(x2, y2 - r, false),
        at(x2, y2 - k, true),
        at(x2 - k, y2, true),
        at(x2 - r, y2, false),
        at(x + r, y2, false),
        at(x + k, y2, true),
        at(x, y2 - k, true),
        at(x, y2 - r, false),
        at(x, y + r, false),
        at(x, y + k, true),
        at(x + k, y, true),
        at(x + r, y, false),
    ]
}

// ---------------------------------------------------------------------------------------
// SVG

fn render_svg(
    pages: &[Vec<Item>],
    covers: &[RgbImage],
    (w, h): (f32, f32),
) -> Result<Vec<u8>, LabelError> {
    let uris = covers
        .iter()
        .map(png_data_uri)
        .collect::<Result<Vec<_>, _>>()?;
    let total_h = h * pages.len() as f32;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}mm" height="{th}mm" viewBox="0 0 {w} {th}" font-family="DejaVu Sans, sans-serif">"#,
        w = N(w),
        th = N(total_h),
    );
    for (index, items) in pages.iter().enumerate() {
        let _ = writeln!(s, r#"<g transform="translate(0 {})">"#, N(h * index as f32));
        let _ = writeln!(
            s,
            r##"<rect width="{}" height="{}" fill="#ffffff"/>"##,
            N(w),
            N(h)
        );
        for item in items {
            svg_item(&mut s, item, &uris);
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    Ok(s.into_bytes())
}

fn svg_item(s: &mut String, item: &Item, uris: &[String]) {
    let _ = match *item {
        Item::Rect {
            x,
            y,
            w,
            h,
            radius,
            fill,
            stroke,
        } => {
            let fill = fill.map_or("none".to_string(), |c| c.to_string());
            let stroke = stroke.map_or(String::new(), |c| {
                format!(r#" stroke="{c}" stroke-width="{}""#, N(LINE_W))
            });
            let (x, y, w, h, r) = (N(x), N(y), N(w), N(h), N(radius));
            writeln!(
                s,
                r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" fill="{fill}"{stroke}/>"#
            )
        }
        Item::Line {
            x1,
            y1,
            x2,
            y2,
            color,
        } => {
            let (x1, y1, x2, y2, lw) = (N(x1), N(y1), N(x2), N(y2), N(LINE_W));
            writeln!(
                s,
                r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{color}" stroke-width="{lw}"/>"#
            )
        }
        Item::Text {
            x,
            y,
            style,
            ref text,
        } => {
            let weight = if style.face == Face::Bold {
                r#" font-weight="bold""#
            } else {
                ""
            };
            let (x, y, size, text) = (N(x), N(y), N(style.size * MM_PER_PT), xml_escape(text));
            writeln!(
                s,
                r#"<text x="{x}" y="{y}" font-size="{size}"{weight} fill="{}">{text}</text>"#,
                style.color
            )
        }
        Item::Image { x, y, side, cover } => {
            let (x, y, side) = (N(x), N(y), N(side));
            let uri = &uris[cover];
            writeln!(
                s,
                r#"<image x="{x}" y="{y}" width="{side}" height="{side}" preserveAspectRatio="none" xlink:href="{uri}"/>"#
            )
        }
    };
}

fn png_data_uri(image: &RgbImage) -> Result<String, LabelError> {
    let mut png = Cursor::new(Vec::new());
    image
        .write_to(&mut png, ImageFormat::Png)
        .map_err(|e| LabelError::Image(e.to_string()))?;
    Ok(format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png.get_ref())
    ))
}

fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0 at all.
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// A length for SVG: at most three decimals, no float noise like `20.000002`.
struct N(f32);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = format!("{:.3}", self.0);
        let s = s.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if s == "-0" { "0" } else { s })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(title: &str, tracks: usize, cover: Option<Vec<u8>>) -> LabelCard {
        LabelCard {
            title: title.to_string(),
            author: "Oma Ilse".to_string(),
            tracks: (1..=tracks).map(|i| format!("Track {i}")).collect(),
            cover,
        }
    }

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = RgbImage::from_fn(width, height, |x, y| image::Rgb([x as u8, y as u8, 128]));
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    fn pdf_pages(bytes: &[u8]) -> Vec<pdf::PdfPage> {
        let options = pdf::PdfParseOptions::default();
        pdf::PdfDocument::parse(bytes, &options, &mut Vec::new())
            .unwrap()
            .pages
    }

    fn svg(cards: &[LabelCard], page: PageSize) -> String {
        String::from_utf8(render(cards, LabelFormat::Svg, page).unwrap()).unwrap()
    }

    fn contains(haystack: &[u8], needle: &str) -> bool {
        haystack
            .windows(needle.len())
            .any(|w| w == needle.as_bytes())
    }

    #[test]
    fn pdf_embeds_a_subset_of_the_font() {
        let bytes = render(
            &[card("Gute Nacht, Zoë — Teil 2", 3, None)],
            LabelFormat::Pdf,
            PageSize::A4,
        )
        .unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        assert!(contains(&bytes, "/FontFile2"));
        assert!(
            contains(&bytes, "+DejaVuSans-Bold"),
            "subset tag on the font name"
        );
        assert!(
            bytes.len() < 100_000,
            "a subset font keeps the PDF small, got {} bytes",
            bytes.len()
        );
    }

    #[test]
    fn ten_cards_make_two_pages() {
        let cards: Vec<_> = (0..10)
            .map(|i| card(&format!("Card {i}"), i, None))
            .collect();
        let pages = pdf_pages(&render(&cards, LabelFormat::Pdf, PageSize::A4).unwrap());
        assert_eq!(pages.len(), 2);
        let nine = pdf_pages(&render(&cards[..9], LabelFormat::Pdf, PageSize::A4).unwrap());
        assert_eq!(nine.len(), 1);
    }

    #[test]
    fn pdf_pages_have_the_requested_size() {
        let bytes = render(&[card("A", 0, None)], LabelFormat::Pdf, PageSize::Letter).unwrap();
        let media = &pdf_pages(&bytes)[0].media_box;
        assert_eq!(
            (media.width.0.round(), media.height.0.round()),
            (612.0, 792.0)
        );
    }

    #[test]
    fn svg_stacks_pages_and_escapes_text() {
        let mut cards: Vec<_> = (0..9)
            .map(|i| card(&format!("Card {i}"), 2, None))
            .collect();
        cards.push(card("Tom & Jerry <3", 1, None));
        let doc = svg(&cards, PageSize::A4);
        assert!(doc.starts_with("<svg "));
        assert!(doc.trim_end().ends_with("</svg>"));
        assert!(doc.contains(r#"width="210mm" height="594mm" viewBox="0 0 210 594""#));
        assert_eq!(doc.matches("<g transform=").count(), 2);
        assert!(doc.contains(r#"<g transform="translate(0 297)">"#));
        assert!(doc.contains(">Tom &amp; Jerry &lt;3</text>"));
        assert!(!doc.contains("Tom & Jerry"));
        assert!(svg(&cards[..1], PageSize::Letter).contains(r#"width="215.9mm" height="279.4mm""#));
    }

    #[test]
    fn parses_formats_and_page_sizes() {
        assert_eq!(LabelFormat::parse("PDF"), Some(LabelFormat::Pdf));
        assert_eq!(LabelFormat::parse("svg"), Some(LabelFormat::Svg));
        assert_eq!(LabelFormat::parse("png"), None);
        assert_eq!(PageSize::parse("A4"), Some(PageSize::A4));
        assert_eq!(PageSize::parse("Letter"), Some(PageSize::Letter));
        assert_eq!(PageSize::parse("US-Letter"), Some(PageSize::Letter));
        assert_eq!(PageSize::parse("a5"), None);
        assert_eq!(
            (
                LabelFormat::Pdf.extension(),
                LabelFormat::Svg.content_type()
            ),
            ("pdf", "image/svg+xml")
        );
    }

    #[test]
    fn covers_are_embedded_as_images() {
        let cards = [card("With cover", 1, Some(png(40, 30)))];
        let bytes = render(&cards, LabelFormat::Pdf, PageSize::A4).unwrap();
        assert!(contains(&bytes, "/DCTDecode"));
        assert!(svg(&cards, PageSize::A4).contains(r#"xlink:href="data:image/png;base64,"#));
        let plain = render(&[card("No cover", 1, None)], LabelFormat::Pdf, PageSize::A4).unwrap();
        assert!(!contains(&plain, "/DCTDecode"));
    }

    #[test]
    fn undecodable_cover_prints_a_placeholder() {
        let svg = svg(
            &[card("Broken", 1, Some(b"not an image".to_vec()))],
            PageSize::A4,
        );
        assert!(!svg.contains("<image"));
        assert!(
            svg.contains(">B</text>"),
            "the title's initial stands in for the cover"
        );
    }

    #[test]
    fn covers_are_cropped_square_and_downsized() {
        assert_eq!(
            decode_cover(&png(1200, 700)).unwrap().dimensions(),
            (600, 600)
        );
        assert_eq!(
            decode_cover(&png(120, 300)).unwrap().dimensions(),
            (120, 120)
        );
    }

    #[test]
    fn no_cards_is_an_error() {
        assert!(matches!(
            render(&[], LabelFormat::Pdf, PageSize::A4),
            Err(LabelError::NoCards)
        ));
        assert!(matches!(
            render(&[], LabelFormat::Svg, PageSize::Letter),
            Err(LabelError::NoCards)
        ));
    }

    #[test]
    fn long_titles_wrap_to_two_lines_with_an_ellipsis() {
        let fonts = FONTS.as_ref().unwrap();
        let title = "The Very Long Title of an Audio Book That Goes On and On Forever";
        let lines = wrap(fonts, TITLE, title, 48.0, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'));
        assert!(lines.iter().all(|l| fonts.width(TITLE, l) <= 48.0));
        assert_eq!(wrap(fonts, TITLE, "  Short  ", 48.0, 2), ["Short"]);
        let word = wrap(fonts, TITLE, &"x".repeat(60), 48.0, 3);
        assert_eq!(
            word.len(),
            3,
            "an unbreakable word is split between characters"
        );
    }

    #[test]
    fn tracks_that_do_not_fit_are_counted() {
        let mut items = Vec::new();
        let tracks: Vec<String> = (1..=40).map(|i| format!("Track {i}")).collect();
        track_list(
            &mut items,
            FONTS.as_ref().unwrap(),
            &tracks,
            0.0,
            0.0,
            10.0 * TRACK.leading,
        );
        let texts: Vec<&str> = items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts.last(), Some(&"+31 more"));
        assert!(texts.contains(&"Track 9") && !texts.contains(&"Track 10"));
    }
}
