//! Whole sheets, rendered: both formats, every page size, the pictures and the chapter list.
//! `poppler` reads printed PDFs back with the tools a reader would use.

mod poppler;

use cardsmith_i18n::Locale;
use std::io::Cursor;

use image::{ImageFormat, RgbImage};

use super::*;

pub(super) fn png(width: u32, height: u32) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| image::Rgb([x as u8, y as u8, 99]));
    encode(&image)
}

pub(super) fn encode(image: &RgbImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A card with chapters "Track 1" … "Track n", without icons.
fn card(title: &str, tracks: usize, cover: Option<Vec<u8>>) -> LabelCard {
    let track = |i: usize| LabelTrack {
        number: i as i64,
        title: format!("Track {i}"),
        icon: None,
    };
    LabelCard {
        title: title.into(),
        author: "Oma Ilse".into(),
        tracks: (1..=tracks).map(track).collect(),
        cover: cover.map(Into::into),
    }
}

fn pdf(cards: &[LabelCard], page: PageSize) -> Vec<u8> {
    render(cards, LabelFormat::Pdf, page, Locale::En).unwrap()
}

fn svg(cards: &[LabelCard], page: PageSize) -> String {
    String::from_utf8(render(cards, LabelFormat::Svg, page, Locale::En).unwrap()).unwrap()
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
fn each_page_size_holds_its_number_of_cards_on_pages_of_its_size() {
    let cards: Vec<_> = (0..10)
        .map(|i| card(&format!("Card {i}"), i, None))
        .collect();
    // (page, pages for ten cards, page size in pt)
    let expected = [
        (PageSize::A4, 2, [595.0, 842.0]),
        (PageSize::Letter, 2, [612.0, 792.0]),
        (PageSize::Card, 10, [153.0, 243.0]),
        (PageSize::AveryL7166, 2, [595.0, 842.0]),
        (PageSize::Avery5168, 3, [612.0, 792.0]),
    ];
    for (page, count, size) in expected {
        let pages = pdf_pages(&pdf(&cards, page));
        assert_eq!(pages.len(), count, "{page:?}");
        let media = &pages[0].media_box;
        let got = [media.width.0, media.height.0].map(f32::round);
        assert_eq!(got, size, "{page:?}");
    }
    assert_eq!(pdf_pages(&pdf(&cards[..9], PageSize::A4)).len(), 1);
}

#[test]
fn a_card_page_has_no_cut_marks_or_outline() {
    let doc = svg(&[card("Alone", 2, None)], PageSize::Card);
    assert!(doc.contains(r#"width="54mm" height="85.6mm""#));
    assert!(!doc.contains(r##"stroke="#1f1f1f""##), "no cut marks");
    assert!(!doc.contains(r#"rx="3""#), "no rounded outline");
    let sheet = svg(&[card("Alone", 2, None)], PageSize::AveryL7166);
    assert_eq!(sheet.matches(r##"stroke="#1f1f1f""##).count(), 8);
}

#[test]
fn svg_stacks_pages_and_escapes_text() {
    let mut cards: Vec<_> = (0..9)
        .map(|i| card(&format!("Card {i}"), 2, None))
        .collect();
    let mut odd = card("Tom & Jerry <3", 1, None);
    odd.tracks[0].title = "Cats \"&\" <mice>".into();
    cards.push(odd);
    let doc = svg(&cards, PageSize::A4);
    assert!(doc.starts_with("<svg ") && doc.trim_end().ends_with("</svg>"));
    assert!(doc.contains(r#"width="210mm" height="594mm" viewBox="0 0 210 594""#));
    assert_eq!(doc.matches("<g transform=").count(), 2);
    assert!(doc.contains(r#"<g transform="translate(0 297)">"#));
    assert!(doc.contains(">Tom &amp; Jerry") && doc.contains("&lt;3</text>"));
    assert!(doc.contains(">Cats &quot;&amp;&quot; &lt;mice&gt;</text>"));
    assert!(!doc.contains("Tom & Jerry") && !doc.contains("<mice>"));
    let letter = svg(&cards[..1], PageSize::Letter);
    assert!(letter.contains(r#"width="215.9mm" height="279.4mm""#));
}

#[test]
fn svg_lists_the_chapters_with_numbers_and_counts_the_rest() {
    let doc = svg(&[card("Many", 40, None)], PageSize::A4);
    assert!(doc.contains(">1.</text>") && doc.contains(">Track 1</text>"));
    assert!(doc.contains(">11.</text>") && doc.contains(">Track 11</text>"));
    assert!(!doc.contains(">Track 12</text>"));
    assert!(doc.contains(">+ 29 more</text>"));
}

#[test]
fn parses_formats_and_every_page_size_the_api_takes() {
    assert_eq!(LabelFormat::parse("PDF"), Some(LabelFormat::Pdf));
    assert_eq!(LabelFormat::parse("svg"), Some(LabelFormat::Svg));
    assert_eq!(LabelFormat::parse("png"), None);
    assert_eq!(PageSize::parse("A4"), Some(PageSize::A4));
    assert_eq!(PageSize::parse("Letter"), Some(PageSize::Letter));
    assert_eq!(PageSize::parse("US-Letter"), Some(PageSize::Letter));
    assert_eq!(PageSize::parse("card"), Some(PageSize::Card));
    assert_eq!(PageSize::parse("L7166"), Some(PageSize::AveryL7166));
    assert_eq!(PageSize::parse("8168"), Some(PageSize::Avery5168));
    assert_eq!(PageSize::parse("a5"), None);
    for id in cardsmith_model::label::PAGE_SIZES {
        assert!(PageSize::parse(id).is_some(), "{id}");
    }
    assert_eq!(LabelFormat::Pdf.extension(), "pdf");
    assert_eq!(LabelFormat::Svg.content_type(), "image/svg+xml");
}

#[test]
fn covers_are_embedded_whole() {
    let cards = [card("With cover", 1, Some(png(40, 30)))];
    assert!(contains(&pdf(&cards, PageSize::A4), "/DCTDecode"));
    let doc = svg(&cards, PageSize::A4);
    assert!(doc.contains(r#"xlink:href="data:image/png;base64,"#));
    // 40 × 30 fitted into the 24 mm wide cover box: 24 × 18 mm, nothing cut
    assert!(doc.contains(r#"width="24" height="18" preserveAspectRatio="none""#));
    let plain = pdf(&[card("No cover", 1, None)], PageSize::A4);
    assert!(!contains(&plain, "/DCTDecode"));
}

#[test]
fn icons_are_shared_and_drawn_as_pixels() {
    let icon: Arc<[u8]> = encode(&RgbImage::from_pixel(16, 16, image::Rgb([0, 200, 0]))).into();
    let mut with_icons = card("Icons", 3, None);
    for track in &mut with_icons.tracks {
        track.icon = Some(icon.clone());
    }
    with_icons.tracks[2].icon = Some(b"not an image".to_vec().into());
    let doc = svg(&[with_icons.clone(), with_icons.clone()], PageSize::A4);
    assert_eq!(doc.matches("image-rendering:pixelated").count(), 4);
    let uris: std::collections::HashSet<_> = doc
        .split("xlink:href=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert_eq!(uris.len(), 1, "one icon, decoded and embedded once");
    let bytes = pdf(&[with_icons], PageSize::A4);
    assert!(contains(&bytes, "/Interpolate false"));
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
    let result = render(&[], LabelFormat::Pdf, PageSize::A4, Locale::En);
    assert!(matches!(result, Err(LabelError::NoCards)));
    let result = render(&[], LabelFormat::Svg, PageSize::Letter, Locale::En);
    assert!(matches!(result, Err(LabelError::NoCards)));
}
