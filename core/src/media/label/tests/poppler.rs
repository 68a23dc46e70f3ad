//! A printed sheet read back with poppler (`poppler-utils`, which `scripts/bootstrap`
//! installs): `pdftotext` must find the chapter numbers and titles as real text in the
//! embedded font, accents and dashes included, and `pdftoppm` must show the whole cover, the
//! title band at its foot included, where the layout put it.

use std::path::Path;
use std::process::Command;

use image::Rgb;

use super::*;
use crate::media::colour::Rgb as Colour;
use crate::media::label::layout::cover_box;

const SKY: Colour = [70, 130, 220];
const BAND: Colour = [230, 0, 200];
const ICON: Colour = [0, 200, 0];
/// `pdftoppm -r` (dots per inch).
const DPI: u16 = 50;

/// A cover the size covers are made at (the card's shape) with its title band on the bottom
/// fifth, as on a drawn cover's plate; the old square crop cut that band away.
fn cover_with_a_title_band() -> Vec<u8> {
    let band_from = 1011 * 4 / 5;
    let pick = |_, y| Rgb(if y >= band_from { BAND } else { SKY });
    encode(&RgbImage::from_fn(638, 1011, pick))
}

fn story(chapters: &[&str]) -> LabelCard {
    let icon: Arc<[u8]> = encode(&RgbImage::from_pixel(16, 16, Rgb(ICON))).into();
    let track = |(i, title): (usize, &&str)| LabelTrack {
        number: i as i64 + 1,
        title: title.to_string(),
        icon: Some(icon.clone()),
    };
    LabelCard {
        title: "Gute Nacht, Zoë".into(),
        author: "Oma Ilse".into(),
        tracks: chapters.iter().enumerate().map(track).collect(),
        cover: Some(cover_with_a_title_band().into()),
    }
}

/// Runs a poppler tool; they are required, not optional, for these tests.
fn poppler(tool: &str, flags: &[&str], files: &[&Path]) -> Vec<u8> {
    let out = Command::new(tool)
        .args(flags)
        .args(files)
        .output()
        .unwrap_or_else(|e| {
            panic!("{tool} did not run ({e}): install poppler-utils (scripts/bootstrap does)")
        });
    assert!(
        out.status.success(),
        "{tool}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn write_pdf(dir: &Path, cards: &[LabelCard], page: PageSize) -> std::path::PathBuf {
    let path = dir.join("labels.pdf");
    std::fs::write(&path, pdf(cards, page)).unwrap();
    path
}

#[test]
fn pdftotext_reads_the_chapter_numbers_and_titles() {
    let dir = tempfile::tempdir().unwrap();
    let chapters = [
        "Ça va – Noël",
        "Der Mond ist aufgegangen",
        "Schlaf, Kindlein, schlaf",
    ];
    let many: Vec<String> = (1..=30).map(|i| format!("Kapitel {i}")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let path = write_pdf(dir.path(), &[story(&chapters), story(&many)], PageSize::A4);
    let text = poppler("pdftotext", &["-enc", "UTF-8"], &[&path, Path::new("-")]);
    let text = String::from_utf8(text).unwrap();
    // the title wraps beside the cover
    for expected in chapters
        .iter()
        .chain(&["Gute Nacht,", "Zoë", "Oma Ilse", "1.", "2.", "3."])
    {
        assert!(text.contains(expected), "{expected:?} not in {text:?}");
    }
    assert!(text.contains("Kapitel 11") && !text.contains("Kapitel 12"));
    assert!(text.contains("+ 19 more"), "{text:?}");
}

#[test]
fn pdftoppm_shows_the_whole_cover_and_the_icons() {
    let dir = tempfile::tempdir().unwrap();
    let card = story(&["Eins", "Zwei"]);
    let path = write_pdf(dir.path(), &[card], PageSize::A4);
    let prefix = dir.path().join("page");
    let dpi = DPI.to_string();
    let flags = ["-r", &dpi, "-png", "-singlefile"];
    poppler("pdftoppm", &flags, &[&path, &prefix]);
    let page = image::open(dir.path().join("page.png"))
        .unwrap()
        .into_rgb8();
    let (px_per_mm, mm_per_px) = (f32::from(DPI) / 25.4, 25.4 / f32::from(DPI));
    let px = |mm: f32| (mm * px_per_mm).round() as u32;
    assert!(page.width().abs_diff(px(210.0)) <= 1 && page.height().abs_diff(px(297.0)) <= 1);
    let near = |at: (f32, f32), colour: Colour| {
        let pixel = page.get_pixel(px(at.0), px(at.1)).0;
        (0..3).all(|c| pixel[c].abs_diff(colour[c]) <= 40)
    };
    let [x, y, w, h] = cover_box(PageSize::A4.sheet().origin(0));
    let middle = x + w / 2.0;
    assert!(near((middle, y + 0.4 * h), SKY), "the sky above the band");
    for down in [0.84, 0.9, 0.95] {
        assert!(
            near((middle, y + down * h), BAND),
            "the title band at {down} of the cover box"
        );
    }
    // the icons print in the chapter rows below the cover
    let below = (y + h)..(y + h + 12.0);
    let green = page.enumerate_pixels().any(|(px_x, px_y, p)| {
        let (mm_x, mm_y) = (px_x as f32 * mm_per_px, px_y as f32 * mm_per_px);
        below.contains(&mm_y)
            && (x..x + 48.0).contains(&mm_x)
            && (0..3).all(|c| p.0[c].abs_diff(ICON[c]) <= 40)
    });
    assert!(green, "an icon's green in the chapter rows");
}
