//! PDF output via `printpdf`.

use std::collections::BTreeSet;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::{self, FilterType};
use image::RgbImage;
use printpdf as pdf;

use super::cover::Pictures;
use super::layout::{fnv1a, Item};
use super::style::{Face, LINE_W, MM_PER_PT};
use super::text::{Fonts, BOLD_TTF, REGULAR_TTF};
use super::LabelError;
use crate::media::colour::Rgb;

/// Icons are embedded this many times larger, each pixel a block of the same colour, so that
/// no viewer or printer driver smooths the pixel art into a blur when scaling it up.
const ICON_SCALE: u32 = 8;

/// Resource ids and page height (PDF's y axis points up) shared by all pages.
struct PdfContext {
    regular: pdf::FontId,
    bold: pdf::FontId,
    covers: Vec<pdf::XObjectId>,
    icons: Vec<pdf::XObjectId>,
    page_h: f32,
}

pub(super) fn render_pdf(
    fonts: &Fonts,
    pages: &[Vec<Item>],
    pictures: &Pictures,
    (page_w, page_h): (f32, f32),
    locale: cardsmith_i18n::Locale,
) -> Result<Vec<u8>, LabelError> {
    let mut doc = pdf::PdfDocument::new(&cardsmith_i18n::t!(locale, "label-sheet-title"));
    let regular = subset_font(
        &fonts.regular,
        REGULAR_TTF,
        pages,
        Face::Regular,
        "DejaVuSans",
    );
    let bold = subset_font(&fonts.bold, BOLD_TTF, pages, Face::Bold, "DejaVuSans-Bold");
    let mut covers = Vec::with_capacity(pictures.covers.len());
    for cover in &pictures.covers {
        covers.push(doc.add_xobject(&image_xobject(&cover.image, Encoding::Jpeg)?));
    }
    let mut icons = Vec::with_capacity(pictures.icons.len());
    for icon in &pictures.icons {
        let (w, h) = (icon.width() * ICON_SCALE, icon.height() * ICON_SCALE);
        let blocks = imageops::resize(icon, w, h, FilterType::Nearest);
        icons.push(doc.add_xobject(&image_xobject(&blocks, Encoding::Pixels)?));
    }
    let (regular, bold) = (doc.add_font(&regular), doc.add_font(&bold));
    let ctx = PdfContext {
        regular,
        bold,
        covers,
        icons,
        page_h,
    };
    let page = |items: &Vec<Item>| {
        let ops = items.iter().flat_map(|item| pdf_ops(&ctx, item)).collect();
        pdf::PdfPage::new(pdf::Mm(page_w), pdf::Mm(page_h), ops)
    };
    let mut warnings = Vec::new();
    let bytes = doc
        .with_pages(pages.iter().map(page).collect())
        .save(&pdf::PdfSaveOptions::default(), &mut warnings);
    let is_error = |w: &pdf::PdfWarnMsg| w.severity == pdf::PdfParseErrorSeverity::Error;
    match warnings.into_iter().find(is_error) {
        Some(error) => Err(LabelError::Pdf(error.msg)),
        None => Ok(bytes),
    }
}

/// printpdf subsets fonts only with its heavy `text_layout` feature, so the subset is made
/// here with allsorts, which printpdf depends on anyway: tens of KB instead of 700 KB per
/// face. Falls back to embedding the whole face if subsetting fails.
fn subset_font(
    full: &pdf::ParsedFont,
    bytes: &[u8],
    pages: &[Vec<Item>],
    face: Face,
    name: &str,
) -> pdf::ParsedFont {
    use allsorts::{binary::read::ReadScope, font_data::FontData, subset};
    let chars = pages.iter().flatten().filter_map(|item| match item {
        Item::Text(_, style, text) if style.face == face => Some(text.chars()),
        _ => None,
    });
    let glyphs = chars
        .flatten()
        .filter_map(|c| full.lookup_glyph_index(u32::from(c)));
    // Glyph 0 (.notdef) must come first.
    let glyphs: BTreeSet<u16> = glyphs.chain([0]).collect();
    let ids: Vec<u16> = glyphs.into_iter().collect();
    let subset = || {
        let data = ReadScope::new(bytes).read::<FontData<'_>>().ok()?;
        let provider = data.table_provider(0).ok()?;
        let profile = subset::SubsetProfile::Pdf;
        subset::subset(&provider, &ids, &profile, subset::CmapTarget::Unicode).ok()
    };
    match subset().and_then(|b| pdf::ParsedFont::from_bytes(&b, 0, &mut Vec::new())) {
        Some(mut font) => {
            // A six-letter tag marks a subset font (ISO 32000-1, 9.6.4).
            let hash = fnv1a(ids.iter().flat_map(|g| g.to_le_bytes()));
            let letter = |i: u32| char::from(b'A' + ((hash >> (i * 5)) % 26) as u8);
            let tag: String = (0..6).map(letter).collect();
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

/// How an image's pixels are stored.
enum Encoding {
    /// Covers: JPEG (`/DCTDecode`), far smaller than flate-compressed pixels for photos, and
    /// it needs none of printpdf's optional image features.
    Jpeg,
    /// Icons: the pixels themselves, flate-compressed when the document is saved. Lossless,
    /// so pixel art keeps its hard edges, and blocks of one colour compress to little.
    Pixels,
}

fn image_xobject(image: &RgbImage, encoding: Encoding) -> Result<pdf::ExternalXObject, LabelError> {
    let name = |n: &str| pdf::DictItem::Name(n.as_bytes().to_vec());
    let int = |v: u32| pdf::DictItem::Int(i64::from(v));
    let mut dict = vec![
        ("Type", name("XObject")),
        ("Subtype", name("Image")),
        ("Width", int(image.width())),
        ("Height", int(image.height())),
        ("ColorSpace", name("DeviceRGB")),
        ("BitsPerComponent", int(8)),
    ];
    let (content, compress) = match encoding {
        Encoding::Jpeg => {
            let mut jpeg = Vec::new();
            JpegEncoder::new_with_quality(&mut jpeg, 88)
                .encode_image(image)
                .map_err(|e| LabelError::Image(e.to_string()))?;
            dict.push(("Filter", name("DCTDecode")));
            (jpeg, false)
        }
        Encoding::Pixels => {
            dict.push(("Interpolate", pdf::DictItem::Bool(false)));
            (image.as_raw().clone(), true)
        }
    };
    let dict = dict.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    let stream = pdf::ExternalStream {
        dict,
        content,
        compress,
    };
    Ok(pdf::ExternalXObject {
        stream,
        width: None,
        height: None,
        dpi: None,
    })
}

fn pt(mm: f32) -> pdf::Pt {
    pdf::Pt(mm / MM_PER_PT)
}

fn pdf_color([r, g, b]: Rgb) -> pdf::Color {
    let [r, g, b] = [r, g, b].map(|v| f32::from(v) / 255.0);
    pdf::Color::Rgb(pdf::Rgb {
        r,
        g,
        b,
        icc_profile: None,
    })
}

impl PdfContext {
    /// A path point, flipped to PDF's bottom-left origin.
    fn point(&self, x: f32, y: f32, bezier: bool) -> pdf::LinePoint {
        pdf::LinePoint {
            p: pdf::Point {
                x: pt(x),
                y: pt(self.page_h - y),
            },
            bezier,
        }
    }
}

fn pdf_ops(ctx: &PdfContext, item: &Item) -> Vec<pdf::Op> {
    use pdf::Op;
    let stroke = |color: Rgb| Op::SetOutlineColor {
        col: pdf_color(color),
    };
    let fill = |color: Rgb| Op::SetFillColor {
        col: pdf_color(color),
    };
    let width = Op::SetOutlineThickness { pt: pt(LINE_W) };
    match item {
        &Item::Rect(frame, radius, fill_color, stroke_color) => {
            let mode = match (fill_color, stroke_color) {
                (Some(_), Some(_)) => pdf::PaintMode::FillStroke,
                (Some(_), None) => pdf::PaintMode::Fill,
                _ => pdf::PaintMode::Stroke,
            };
            let ring = pdf::PolygonRing {
                points: rounded_rect(ctx, frame, radius),
            };
            let winding_order = pdf::WindingOrder::NonZero;
            let polygon = pdf::Polygon {
                rings: vec![ring],
                mode,
                winding_order,
            };
            let colors = fill_color
                .map(fill)
                .into_iter()
                .chain(stroke_color.map(stroke));
            colors.chain([width, Op::DrawPolygon { polygon }]).collect()
        }
        &Item::Line([x1, y1, x2, y2], color) => {
            let points = vec![ctx.point(x1, y1, false), ctx.point(x2, y2, false)];
            let line = pdf::Line {
                points,
                is_closed: false,
            };
            vec![stroke(color), width, Op::DrawLine { line }]
        }
        Item::Text([x, y], style, text) => {
            let font = if style.face == Face::Bold {
                &ctx.bold
            } else {
                &ctx.regular
            };
            let font = pdf::PdfFontHandle::External(font.clone());
            vec![
                Op::StartTextSection,
                Op::SetFont {
                    font,
                    size: pdf::Pt(style.size),
                },
                fill(style.color),
                Op::SetTextCursor {
                    pos: ctx.point(*x, *y, false).p,
                },
                Op::ShowText {
                    items: vec![pdf::TextItem::Text(text.clone())],
                },
                Op::EndTextSection,
            ]
        }
        &Item::Cover([x, y, w, h], index) => {
            vec![place_image(ctx, &ctx.covers[index], [x, y, w, h])]
        }
        &Item::Icon([x, y, side], index) => {
            vec![place_image(ctx, &ctx.icons[index], [x, y, side, side])]
        }
    }
}

/// An image XObject fills the unit square: scale it to `[x, y, w, h]` and place it there.
fn place_image(ctx: &PdfContext, id: &pdf::XObjectId, [x, y, w, h]: [f32; 4]) -> pdf::Op {
    let transform = pdf::XObjectTransform {
        translate_x: Some(pt(x)),
        translate_y: Some(pt(ctx.page_h - y - h)),
        scale_x: Some(pt(w).0),
        scale_y: Some(pt(h).0),
        no_auto_scale: true,
        ..Default::default()
    };
    pdf::Op::UseXobject {
        id: id.clone(),
        transform,
    }
}

/// Outline of a rectangle with circular corners, as straight edges and cubic Béziers.
fn rounded_rect(ctx: &PdfContext, [x, y, w, h]: [f32; 4], r: f32) -> Vec<pdf::LinePoint> {
    let (x2, y2) = (x + w, y + h);
    // Control points sit 0.5523 r from each arc end towards the corner.
    let k = r * (1.0 - 0.552_3);
    let corners = [
        [(x2 - r, y), (x2 - k, y), (x2, y + k), (x2, y + r)],
        [(x2, y2 - r), (x2, y2 - k), (x2 - k, y2), (x2 - r, y2)],
        [(x + r, y2), (x + k, y2), (x, y2 - k), (x, y2 - r)],
        [(x, y + r), (x, y + k), (x + k, y), (x + r, y)],
    ];
    let mut points = vec![ctx.point(x + r, y, false)];
    for corner in corners {
        let bezier = |(i, (px, py)): (usize, (f32, f32))| ctx.point(px, py, i == 1 || i == 2);
        points.extend(corner.into_iter().enumerate().map(bezier));
    }
    points
}
