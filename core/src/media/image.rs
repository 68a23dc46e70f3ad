//! Uploaded images: sniffed by content, decoded with limits, re-encoded without metadata,
//! stored content-addressed and recorded in `images`.
//!
//! Decoding is where a small file costs a lot of memory (a 243 KB PNG can claim 8000x8000
//! pixels), so every decode of bytes someone sent goes through [`with_decoded`]: the header's
//! dimensions are read first, the decoded size must fit [`DECODE_BUDGET_BYTES`], and the
//! decodes running at once share that budget (a request waits its turn rather than adding
//! its pixels to everybody else's). The full-size pixels live only inside that turn: what the
//! caller gets is already bounded to [`MAX_STORED_DIMENSION`].

use std::io::Cursor;
use std::sync::LazyLock;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use tokio::sync::Semaphore;

use crate::{time, Core, CoreError, CoreResult};

/// Largest width or height accepted; bigger images are almost certainly mistakes or bombs.
const MAX_DIMENSION: u32 = 8192;

/// Decoded pixels the whole process holds at once, across every decode (and the most one
/// decode may need). 160 MiB takes a 50-megapixel phone photo (8160x6120 RGB, 143 MiB) and
/// keeps the server's peak memory near 250 MB however many uploads arrive together.
pub const DECODE_BUDGET_BYTES: u64 = 160 * 1024 * 1024;

/// The budget in KiB permits (a semaphore counts in `u32`).
static DECODE_BUDGET: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new((DECODE_BUDGET_BYTES / 1024) as usize));

/// A stored image.
#[derive(Debug, Clone)]
pub struct StoredImage {
    pub hash: String,
    pub content_type: String,
    pub size_bytes: i64,
}

/// Decodes `bytes` (someone else's) within the limits and hands the picture, already bounded
/// to [`MAX_STORED_DIMENSION`], to `then`, on the blocking pool and within this decode's share
/// of [`DECODE_BUDGET_BYTES`]: the full-size pixels are gone before the share is given back.
/// 413 beyond the size, dimension or memory limits, 415 for anything but JPEG, PNG, WebP or
/// GIF (an animated GIF gives its first frame).
pub async fn with_decoded<T, F>(bytes: Vec<u8>, max_bytes: usize, then: F) -> CoreResult<T>
where
    T: Send + 'static,
    F: FnOnce(DynamicImage) -> CoreResult<T> + Send + 'static,
{
    let (format, need) = inspect(&bytes, max_bytes)?;
    let permits = u32::try_from(need.div_ceil(1024).max(1)).unwrap_or(u32::MAX);
    let turn = DECODE_BUDGET
        .acquire_many(permits)
        .await
        .map_err(|e| CoreError::internal("image decode budget", e))?;
    tokio::task::spawn_blocking(move || {
        // held by the task, not the request: a client that goes away does not free a share
        // whose pixels are still being decoded
        let _turn = turn;
        let image = decode_bounded(&bytes, format)?;
        drop(bytes);
        then(image)
    })
    .await
    .map_err(|e| CoreError::internal("image task", e))?
}

/// The format of `bytes` and the memory its decode needs, from the header alone.
fn inspect(bytes: &[u8], max_bytes: usize) -> CoreResult<(ImageFormat, u64)> {
    if bytes.len() > max_bytes {
        return Err(CoreError::TooLarge(format!(
            "images may be at most {} MiB",
            max_bytes / (1024 * 1024)
        )));
    }
    let format = match image::guess_format(bytes).ok() {
        Some(f @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif)) => {
            f
        }
        _ => {
            return Err(CoreError::UnsupportedMedia(
                "send a JPEG, PNG, WebP or GIF image".into(),
            ))
        }
    };
    let decoder = ImageReader::with_format(Cursor::new(bytes), format)
        .into_decoder()
        .map_err(unreadable)?;
    let (width, height) = decoder.dimensions();
    if width > MAX_DIMENSION || height > MAX_DIMENSION {
        return Err(too_many_pixels());
    }
    // GIF and WebP decoders keep a canvas of their own beside the frame they hand over
    let copies = if matches!(format, ImageFormat::Gif | ImageFormat::WebP) {
        2
    } else {
        1
    };
    let need = decoder.total_bytes().saturating_mul(copies);
    if need > DECODE_BUDGET_BYTES {
        let per_pixel = (need / (u64::from(width) * u64::from(height)).max(1)).max(1);
        return Err(CoreError::TooLarge(format!(
            "this image is {width}x{height} pixels, more than can be read at once: images \
             may hold at most {} megapixels",
            DECODE_BUDGET_BYTES / per_pixel / 1_000_000
        )));
    }
    Ok((format, need))
}

/// Decodes under the limits (which also bound what the decoder allocates for itself) and
/// scales the picture down to at most [`MAX_STORED_DIMENSION`] at once.
fn decode_bounded(bytes: &[u8], format: ImageFormat) -> CoreResult<DynamicImage> {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DIMENSION);
    limits.max_image_height = Some(MAX_DIMENSION);
    limits.max_alloc = Some(DECODE_BUDGET_BYTES);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let decoded = reader.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => too_many_pixels(),
        other => unreadable(other),
    })?;
    Ok(match bounded(&decoded) {
        std::borrow::Cow::Borrowed(_) => decoded,
        std::borrow::Cow::Owned(smaller) => smaller,
    })
}

fn too_many_pixels() -> CoreError {
    CoreError::TooLarge(format!(
        "images may be at most {MAX_DIMENSION}x{MAX_DIMENSION} pixels"
    ))
}

/// The decoder's words stay in the log: they can name internals.
fn unreadable(e: image::ImageError) -> CoreError {
    tracing::info!(error = %e, "an image could not be read");
    CoreError::UnsupportedMedia("the image could not be read".into())
}

/// Largest width or height of a stored image: enough for a printed label at 300 dpi or any
/// screen, and it bounds what one stored picture costs (disk, and memory when a label sheet
/// decodes it) whatever was uploaded.
pub const MAX_STORED_DIMENSION: u32 = 2048;

/// Re-encodes a decoded image without any metadata, at most [`MAX_STORED_DIMENSION`] pixels on
/// a side: JPEG (quality 90) unless the picture really uses transparency, then PNG. (The player
/// platform takes JPEG and PNG covers, so those are the two we store.) Returns the bytes and
/// their content type.
pub fn encode_clean(decoded: &DynamicImage) -> CoreResult<(Vec<u8>, &'static str)> {
    let image = bounded(decoded);
    let image = image.as_ref();
    let mut out = Cursor::new(Vec::new());
    let content_type = if uses_transparency(image) {
        image
            .write_to(&mut out, ImageFormat::Png)
            .map_err(|e| CoreError::internal("png encode", e))?;
        "image/png"
    } else {
        let rgb = image.to_rgb8();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
            .encode_image(&rgb)
            .map_err(|e| CoreError::internal("jpeg encode", e))?;
        "image/jpeg"
    };
    Ok((out.into_inner(), content_type))
}

/// `image`, scaled down (aspect kept) to at most [`MAX_STORED_DIMENSION`] on a side.
pub fn bounded(image: &DynamicImage) -> std::borrow::Cow<'_, DynamicImage> {
    if image.width() <= MAX_STORED_DIMENSION && image.height() <= MAX_STORED_DIMENSION {
        return std::borrow::Cow::Borrowed(image);
    }
    // an area average straight into the smaller picture: a filtered resize would first
    // build a float copy as tall as the original
    std::borrow::Cow::Owned(image.thumbnail(MAX_STORED_DIMENSION, MAX_STORED_DIMENSION))
}

/// Whether any pixel is less than opaque (an alpha channel alone proves nothing: many PNGs
/// carry one that is 255 everywhere). Reads the pixels where they are, without a copy.
fn uses_transparency(image: &DynamicImage) -> bool {
    match image {
        DynamicImage::ImageLumaA8(i) => i.pixels().any(|p| p.0[1] < u8::MAX),
        DynamicImage::ImageRgba8(i) => i.pixels().any(|p| p.0[3] < u8::MAX),
        DynamicImage::ImageLumaA16(i) => i.pixels().any(|p| p.0[1] < u16::MAX),
        DynamicImage::ImageRgba16(i) => i.pixels().any(|p| p.0[3] < u16::MAX),
        DynamicImage::ImageRgba32F(i) => i.pixels().any(|p| p.0[3] < 1.0),
        other => other.color().has_alpha() && other.to_rgba8().pixels().any(|p| p.0[3] < 255),
    }
}

/// Decodes and re-encodes an upload (see [`encode_clean`]; re-encoding drops EXIF, GPS and
/// every other metadata block) and stores it.
pub async fn store_upload(core: &Core, bytes: Vec<u8>) -> CoreResult<StoredImage> {
    let (clean, content_type, width, height) =
        with_decoded(bytes, core.settings.max_image_bytes, |image| {
            let (clean, content_type) = encode_clean(&image)?;
            Ok((clean, content_type, image.width(), image.height()))
        })
        .await?;
    store_encoded(core, clean, content_type, width, height).await
}

/// Stores image bytes that are already clean (sanitised or made here) and records them in
/// `images`, which is what makes them loadable and keeps the rescan from deleting them.
pub async fn store_encoded(
    core: &Core,
    bytes: Vec<u8>,
    content_type: &str,
    width: u32,
    height: u32,
) -> CoreResult<StoredImage> {
    let size_bytes = bytes.len() as i64;
    let hash = core.media().put(bytes).await?;
    sqlx::query(
        "INSERT INTO images (hash, content_type, size_bytes, width, height, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (hash) DO NOTHING",
    )
    .bind(&hash)
    .bind(content_type)
    .bind(size_bytes)
    .bind(i64::from(width))
    .bind(i64::from(height))
    .bind(time::now_str())
    .execute(core.db.pool())
    .await?;
    Ok(StoredImage {
        hash,
        content_type: content_type.to_owned(),
        size_bytes,
    })
}

/// The bytes and content type of a stored image.
pub async fn load(core: &Core, hash: &str) -> CoreResult<(Vec<u8>, String)> {
    let content_type: String =
        sqlx::query_scalar("SELECT content_type FROM images WHERE hash = $1")
            .bind(hash)
            .fetch_optional(core.db.pool())
            .await?
            .ok_or_else(|| CoreError::not_found("no such image"))?;
    let bytes = core.media().get(hash).await?;
    Ok((bytes, content_type))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([x as u8, y as u8, 128]));
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    /// What an upload becomes: its stored bytes, content type and size.
    async fn sanitise(bytes: Vec<u8>, max: usize) -> CoreResult<(Vec<u8>, &'static str, u32, u32)> {
        with_decoded(bytes, max, |image| {
            let (clean, content_type) = encode_clean(&image)?;
            Ok((clean, content_type, image.width(), image.height()))
        })
        .await
    }

    #[tokio::test]
    async fn accepts_png_and_rejects_text() {
        let (bytes, ct, w, h) = sanitise(png(20, 10), 1 << 20).await.unwrap();
        assert_eq!(
            (ct, w, h),
            ("image/jpeg", 20, 10),
            "opaque pictures are stored as JPEG"
        );
        assert!(image::load_from_memory(&bytes).is_ok());
        assert!(matches!(
            sanitise(b"hello, not an image".to_vec(), 1 << 20).await,
            Err(CoreError::UnsupportedMedia(_))
        ));
    }

    #[tokio::test]
    async fn big_pictures_are_bounded_and_transparency_is_kept() {
        let (bytes, ct, w, h) = sanitise(png(4000, 1000), 64 << 20).await.unwrap();
        assert_eq!((ct, w, h), ("image/jpeg", 2048, 512));
        let stored = image::load_from_memory(&bytes).unwrap();
        assert_eq!((stored.width(), stored.height()), (2048, 512));
        let clear = image::RgbaImage::from_fn(30, 30, |x, _| image::Rgba([9, 9, 9, (x * 8) as u8]));
        let mut out = Cursor::new(Vec::new());
        clear.write_to(&mut out, ImageFormat::Png).unwrap();
        let (_, ct, _, _) = sanitise(out.into_inner(), 1 << 20).await.unwrap();
        assert_eq!(ct, "image/png");
    }

    #[tokio::test]
    async fn rejects_oversized_uploads_and_bombs() {
        assert!(matches!(
            sanitise(png(20, 10), 100).await,
            Err(CoreError::TooLarge(_))
        ));
        // A PNG header claiming 100000x100000 pixels must not be decoded.
        let mut bomb = png(1, 1);
        bomb[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        assert!(sanitise(bomb, 1 << 20).await.is_err());
    }

    /// `png` with its header claiming `w`x`h` pixels of `colour_type` (checksum kept right).
    fn claiming(mut png: Vec<u8>, w: u32, h: u32, colour_type: u8) -> Vec<u8> {
        png[16..20].copy_from_slice(&w.to_be_bytes());
        png[20..24].copy_from_slice(&h.to_be_bytes());
        png[25] = colour_type;
        let mut crc = !0u32;
        for byte in &png[12..29] {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        png[29..33].copy_from_slice(&(!crc).to_be_bytes());
        png
    }

    #[test]
    fn the_header_prices_a_decode_before_it_runs() {
        // 8000x8000 RGBA: 244 MiB of pixels, over the budget, refused from the header
        let err = inspect(&claiming(png(1, 1), 8000, 8000, 6), 1 << 20).unwrap_err();
        assert!(
            matches!(&err, CoreError::TooLarge(m) if m.contains("8000x8000") && m.contains("41 megapixels")),
            "{err:?}"
        );
        // 6000x6000 RGB (103 MiB) fits, and is priced at its decoded size
        assert_eq!(
            inspect(&claiming(png(1, 1), 6000, 6000, 2), 1 << 20).unwrap(),
            (ImageFormat::Png, 6000 * 6000 * 3)
        );
    }
}
