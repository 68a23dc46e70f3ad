//! SVG output: one document with the pages stacked vertically.

use std::fmt::{self, Write as _};
use std::io::Cursor;

use base64::Engine as _;
use image::{ImageFormat, RgbImage};

use super::cover::Pictures;
use super::layout::Item;
use super::style::{Face, LINE_W, MM_PER_PT};
use super::LabelError;
use crate::media::colour::hex;

/// Each distinct picture once, as a `data:` URI.
struct Uris {
    covers: Vec<String>,
    icons: Vec<String>,
}

pub(super) fn render_svg(
    pages: &[Vec<Item>],
    pictures: &Pictures,
    (w, h): (f32, f32),
) -> Result<Vec<u8>, LabelError> {
    let covers = pictures
        .covers
        .iter()
        .map(|cover| png_data_uri(&cover.image));
    let icons = pictures.icons.iter().map(png_data_uri);
    let uris = Uris {
        covers: covers.collect::<Result<_, _>>()?,
        icons: icons.collect::<Result<_, _>>()?,
    };
    let (w, h, total) = (N(w), N(h), N(h * pages.len() as f32));
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" \
         xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{w}mm\" height=\"{total}mm\" \
         viewBox=\"0 0 {w} {total}\" font-family=\"DejaVu Sans, sans-serif\">\n"
    );
    for (index, items) in pages.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<g transform="translate(0 {})">"#,
            N(h.0 * index as f32)
        );
        let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#ffffff"/>"##);
        for item in items {
            svg_item(&mut s, item, &uris);
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    Ok(s.into_bytes())
}

fn svg_item(s: &mut String, item: &Item, uris: &Uris) {
    let line_w = N(LINE_W);
    let _ = match item {
        Item::Rect([x, y, w, h], r, fill, stroke) => {
            let fill = fill.map_or("none".to_string(), hex);
            let stroke = stroke.map_or(String::new(), |c| {
                format!(r#" stroke="{}" stroke-width="{line_w}""#, hex(c))
            });
            let [x, y, w, h, r] = [*x, *y, *w, *h, *r].map(N);
            writeln!(
                s,
                r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" fill="{fill}"{stroke}/>"#
            )
        }
        Item::Line(ends, color) => {
            let [x1, y1, x2, y2] = ends.map(N);
            writeln!(
                s,
                r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}" stroke-width="{line_w}"/>"#,
                hex(*color)
            )
        }
        Item::Text(at, style, text) => {
            let [x, y] = at.map(N);
            let (size, color, text) = (
                N(style.size * MM_PER_PT),
                hex(style.color),
                xml_escape(text),
            );
            let bold = if style.face == Face::Bold {
                r#" font-weight="bold""#
            } else {
                ""
            };
            writeln!(
                s,
                r#"<text x="{x}" y="{y}" font-size="{size}"{bold} fill="{color}">{text}</text>"#
            )
        }
        Item::Cover(frame, index) => {
            let ([x, y, w, h], uri) = (frame.map(N), &uris.covers[*index]);
            writeln!(
                s,
                r#"<image x="{x}" y="{y}" width="{w}" height="{h}" preserveAspectRatio="none" xlink:href="{uri}"/>"#
            )
        }
        // 16 × 16 pixels scaled up as blocks, as on the player's screen (and as the PDF has them)
        Item::Icon(square, index) => {
            let ([x, y, side], uri) = (square.map(N), &uris.icons[*index]);
            writeln!(
                s,
                r#"<image x="{x}" y="{y}" width="{side}" height="{side}" image-rendering="optimizeSpeed" style="image-rendering:pixelated" xlink:href="{uri}"/>"#
            )
        }
    };
}

fn png_data_uri(image: &RgbImage) -> Result<String, LabelError> {
    let mut png = Cursor::new(Vec::new());
    image
        .write_to(&mut png, ImageFormat::Png)
        .map_err(|e| LabelError::Image(e.to_string()))?;
    let base64 = base64::engine::general_purpose::STANDARD.encode(png.get_ref());
    Ok(format!("data:image/png;base64,{base64}"))
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
            // XML 1.0 forbids most control characters outright.
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// An SVG length: at most three decimals, and no float noise like `20.000002`.
#[derive(Clone, Copy)]
struct N(f32);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = format!("{:.3}", self.0);
        let s = s.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if s == "-0" { "0" } else { s })
    }
}
