//! Printable labels for audio cards, as PDF (via `printpdf`) or SVG.
//!
//! Each label is drawn at the real card size (ISO/IEC 7810 ID-1, 54 × 85.6 mm, portrait),
//! nine to a page, with cut marks for a trimmer. The layout is computed once into a
//! backend-neutral list of [`Item`]s per page (mm, origin top-left, y down); the PDF and SVG
//! writers only translate those items, so both formats look the same. Text is measured with
//! the embedded DejaVu Sans metrics, which keeps wrapping identical in both.
//!
//! Rendering decodes and resizes cover images, so it is CPU-bound: call it from
//! `spawn_blocking` in async code.
//!
//! [`Item`]: layout::Item

mod cover;
mod layout;
mod pdf;
mod style;
mod svg;
mod text;

use cover::prepare_covers;
use layout::layout_pages;
use pdf::render_pdf;
use svg::render_svg;
use text::FONTS;

/// One card to print.
pub struct LabelCard {
    pub title: String,
    /// May be empty.
    pub author: String,
    /// Track titles in order; may be empty.
    pub tracks: Vec<String>,
    /// Front cover image bytes (JPEG/PNG/WebP/GIF); an undecodable one prints a placeholder.
    /// Cards showing the same picture share one `Arc` (a sheet of 90 copies holds the bytes
    /// once), and each shared picture is decoded once per sheet.
    pub cover: Option<std::sync::Arc<[u8]>>,
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

    /// Width and height in mm.
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

/// Renders all `cards` as one document: a PDF with a page per nine labels, or one SVG with
/// those pages stacked vertically.
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

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use image::{ImageFormat, RgbImage};

    use super::*;

    fn card(title: &str, tracks: usize, cover: Option<Vec<u8>>) -> LabelCard {
        let tracks = (1..=tracks).map(|i| format!("Track {i}")).collect();
        LabelCard {
            title: title.into(),
            author: "Oma Ilse".into(),
            tracks,
            cover: cover.map(Into::into),
        }
    }

    pub(super) fn png(width: u32, height: u32) -> Vec<u8> {
        let image = RgbImage::from_fn(width, height, |x, y| image::Rgb([x as u8, y as u8, 99]));
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    fn pdf(cards: &[LabelCard], page: PageSize) -> Vec<u8> {
        render(cards, LabelFormat::Pdf, page).unwrap()
    }

    fn svg(cards: &[LabelCard], page: PageSize) -> String {
        String::from_utf8(render(cards, LabelFormat::Svg, page).unwrap()).unwrap()
    }

    fn pdf_pages(bytes: &[u8]) -> Vec<printpdf::PdfPage> {
        let options = printpdf::PdfParseOptions::default();
        printpdf::PdfDocument::parse(bytes, &options, &mut Vec::new())
            .unwrap()
            .pages
    }

    fn contains(haystack: &[u8], needle: &str) -> bool {
        haystack
            .windows(needle.len())
            .any(|w| w == needle.as_bytes())
    }

    #[test]
    fn pdf_embeds_a_subset_of_the_font() {
        let bytes = pdf(&[card("Gute Nacht, Zoë — Teil 2", 3, None)], PageSize::A4);
        assert!(bytes.starts_with(b"%PDF-"));
        assert!(contains(&bytes, "/FontFile2"));
        assert!(
            contains(&bytes, "+DejaVuSans-Bold"),
            "subset tag on the font name"
        );
        assert!(
            bytes.len() < 100_000,
            "subsetting keeps it small: {} bytes",
            bytes.len()
        );
    }

    #[test]
    fn ten_cards_make_two_pages() {
        let cards: Vec<_> = (0..10)
            .map(|i| card(&format!("Card {i}"), i, None))
            .collect();
        assert_eq!(pdf_pages(&pdf(&cards, PageSize::A4)).len(), 2);
        assert_eq!(pdf_pages(&pdf(&cards[..9], PageSize::A4)).len(), 1);
    }

    #[test]
    fn pdf_pages_have_the_requested_size() {
        let pages = pdf_pages(&pdf(&[card("A", 0, None)], PageSize::Letter));
        let media = &pages[0].media_box;
        assert_eq!(
            [media.width.0, media.height.0].map(f32::round),
            [612.0, 792.0]
        );
    }

    #[test]
    fn svg_stacks_pages_and_escapes_text() {
        let mut cards: Vec<_> = (0..9)
            .map(|i| card(&format!("Card {i}"), 2, None))
            .collect();
        cards.push(card("Tom & Jerry <3", 1, None));
        let doc = svg(&cards, PageSize::A4);
        assert!(doc.starts_with("<svg ") && doc.trim_end().ends_with("</svg>"));
        assert!(doc.contains(r#"width="210mm" height="594mm" viewBox="0 0 210 594""#));
        assert_eq!(doc.matches("<g transform=").count(), 2);
        assert!(doc.contains(r#"<g transform="translate(0 297)">"#));
        assert!(doc.contains(">Tom &amp; Jerry &lt;3</text>"));
        assert!(!doc.contains("Tom & Jerry"));
        let letter = svg(&cards[..1], PageSize::Letter);
        assert!(letter.contains(r#"width="215.9mm" height="279.4mm""#));
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
        assert_eq!(LabelFormat::Pdf.extension(), "pdf");
        assert_eq!(LabelFormat::Svg.content_type(), "image/svg+xml");
    }

    #[test]
    fn covers_are_embedded_as_images() {
        let cards = [card("With cover", 1, Some(png(40, 30)))];
        assert!(contains(&pdf(&cards, PageSize::A4), "/DCTDecode"));
        assert!(svg(&cards, PageSize::A4).contains(r#"xlink:href="data:image/png;base64,"#));
        let plain = pdf(&[card("No cover", 1, None)], PageSize::A4);
        assert!(!contains(&plain, "/DCTDecode"));
    }

    #[test]
    fn undecodable_cover_prints_a_placeholder() {
        let doc = svg(
            &[card("broken", 1, Some(b"not an image".to_vec()))],
            PageSize::A4,
        );
        assert!(!doc.contains("<image"));
        assert!(
            doc.contains(">B</text>"),
            "the title's initial stands in for the cover"
        );
    }

    #[test]
    fn no_cards_is_an_error() {
        let result = render(&[], LabelFormat::Pdf, PageSize::A4);
        assert!(matches!(result, Err(LabelError::NoCards)));
        let result = render(&[], LabelFormat::Svg, PageSize::Letter);
        assert!(matches!(result, Err(LabelError::NoCards)));
    }
}
