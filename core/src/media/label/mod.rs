//! Printable labels for audio cards, as PDF (via `printpdf`) or SVG.
//!
//! Each label is drawn at the real card size (ISO/IEC 7810 ID-1, 54 × 85.6 mm, portrait): the
//! whole cover as a small card face, the title and author, and the chapter list with each
//! chapter's number, icon and title. Labels go nine to a plain page with cut marks, one to a
//! sticker of a label sheet, or one to a card-sized page ([`PageSize`]). The layout is
//! computed once into a backend-neutral list of [`Item`]s per page (mm, origin top-left, y
//! down); the PDF and SVG writers only translate those items, so both formats look the same
//! (the app's preview is the file itself). Text is measured with the embedded DejaVu Sans
//! metrics, which keeps wrapping identical in both.
//!
//! Rendering decodes and resizes pictures, so it is CPU-bound: call it from `spawn_blocking`
//! in async code.
//!
//! [`Item`]: layout::Item

mod chapters;
mod cover;
mod layout;
mod pdf;
mod sheet;
mod style;
mod svg;
mod text;

use std::sync::Arc;

use cardsmith_i18n::Locale;
use cover::prepare_pictures;
use layout::layout_pages;
use pdf::render_pdf;
use svg::render_svg;
use text::FONTS;

pub use sheet::PageSize;

/// One card to print.
#[derive(Clone)]
pub struct LabelCard {
    pub title: String,
    /// May be empty.
    pub author: String,
    /// The chapters in order; may be empty.
    pub tracks: Vec<LabelTrack>,
    /// Front cover image bytes (JPEG/PNG/WebP/GIF); an undecodable one prints a placeholder.
    /// Cards showing the same picture share one `Arc` (a sheet of 90 copies holds the bytes
    /// once), and each shared picture is decoded once per sheet.
    pub cover: Option<Arc<[u8]>>,
}

/// One chapter of a card, as its row on the label.
#[derive(Clone)]
pub struct LabelTrack {
    /// Its number on the card (the position, from 1).
    pub number: i64,
    pub title: String,
    /// The 16 × 16 icon the player shows for it (PNG, or any format covers take), printed
    /// pixel for pixel. Shared like covers: chapters showing the same icon share one `Arc`,
    /// decoded once per sheet. `None` (or bytes that do not decode) prints the row without.
    pub icon: Option<Arc<[u8]>>,
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

/// Renders all `cards` as one document: a PDF with a page per sheet of labels (nine on plain
/// paper), or one SVG with those pages stacked vertically.
///
/// The sheet's own words ("+ 3 more", the PDF's title) are in `locale`, the reader's.
pub fn render(
    cards: &[LabelCard],
    format: LabelFormat,
    page: PageSize,
    locale: Locale,
) -> Result<Vec<u8>, LabelError> {
    if cards.is_empty() {
        return Err(LabelError::NoCards);
    }
    let fonts = FONTS.as_ref().ok_or(LabelError::Font)?;
    let pictures = prepare_pictures(cards);
    let sheet = page.sheet();
    let pages = layout_pages(fonts, cards, &pictures, &sheet, locale);
    match format {
        LabelFormat::Pdf => render_pdf(fonts, &pages, &pictures, sheet.size, locale),
        LabelFormat::Svg => render_svg(&pages, &pictures, sheet.size),
    }
}

#[cfg(test)]
mod tests;
