//! Uploaded images: sniffed by content, decoded with limits, re-encoded without metadata,
//! stored content-addressed and recorded in `images`.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, ImageReader, Limits};

use crate::{time, Core, CoreError, CoreResult};

/// Largest width or height accepted; bigger images are almost certainly mistakes or bombs.
const MAX_DIMENSION: u32 = 8192;
/// Most memory a decode may allocate.
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;

/// A stored image.
#[derive(Debug, Clone)]
pub struct StoredImage {
    pub hash: String,
    pub content_type: String,
    pub size_bytes: i64,
}

/// Recognises `bytes` by content and decodes them under the size, dimension and memory limits
/// (a small file can claim a huge canvas). 413 beyond the limits, 415 for anything else.
pub fn decode(bytes: &[u8], max_bytes: usize) -> CoreResult<(DynamicImage, ImageFormat)> {
    if bytes.len() > max_bytes {
        return Err(CoreError::TooLarge(format!(
            "images may be at most {} MiB",
            max_bytes / (1024 * 1024)
        )));
    }
    let format = image::guess_format(bytes).ok();
    let unsupported = || CoreError::UnsupportedMedia("send a JPEG, PNG, WebP or GIF image".into());
    let format = match format {
        Some(f @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif)) => {
            f
        }
        _ => return Err(unsupported()),
    };
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DIMENSION);
    limits.max_image_height = Some(MAX_DIMENSION);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let decoded = reader.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => CoreError::TooLarge(format!(
            "images may be at most {MAX_DIMENSION}x{MAX_DIMENSION} pixels"
        )),
        other => CoreError::UnsupportedMedia(format!("the image could not be read: {other}")),
    })?;
    Ok((decoded, format))
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
    std::borrow::Cow::Owned(image.resize(
        MAX_STORED_DIMENSION,
        MAX_STORED_DIMENSION,
        image::imageops::FilterType::Triangle,
    ))
}

/// Whether any pixel is less than opaque (an alpha channel alone proves nothing: many PNGs
/// carry one that is 255 everywhere).
fn uses_transparency(image: &DynamicImage) -> bool {
    image.color().has_alpha() && image.to_rgba8().pixels().any(|p| p.0[3] < 255)
}

/// Decodes and re-encodes `bytes` (see [`encode_clean`]; an animated GIF keeps its first
/// frame). Re-encoding drops EXIF, GPS and every other metadata block. Returns the bytes, their
/// content type and the stored width and height.
pub fn sanitise(bytes: &[u8], max_bytes: usize) -> CoreResult<(Vec<u8>, &'static str, u32, u32)> {
    let (decoded, _) = decode(bytes, max_bytes)?;
    let image = bounded(&decoded);
    let (clean, content_type) = encode_clean(&image)?;
    Ok((clean, content_type, image.width(), image.height()))
}

/// Sanitises and stores an upload (off the async runtime: decoding is CPU work).
pub async fn store_upload(core: &Core, bytes: Vec<u8>) -> CoreResult<StoredImage> {
    let max = core.settings.max_image_bytes;
    let (clean, content_type, width, height) =
        tokio::task::spawn_blocking(move || sanitise(&bytes, max))
            .await
            .map_err(|e| CoreError::internal("image task", e))??;
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

    #[test]
    fn accepts_png_and_rejects_text() {
        let (bytes, ct, w, h) = sanitise(&png(20, 10), 1 << 20).unwrap();
        assert_eq!(
            (ct, w, h),
            ("image/jpeg", 20, 10),
            "opaque pictures are stored as JPEG"
        );
        assert!(image::load_from_memory(&bytes).is_ok());
        assert!(matches!(
            sanitise(b"hello, not an image", 1 << 20),
            Err(CoreError::UnsupportedMedia(_))
        ));
    }

    #[test]
    fn big_pictures_are_bounded_and_transparency_is_kept() {
        let (bytes, ct, w, h) = sanitise(&png(4000, 1000), 64 << 20).unwrap();
        assert_eq!((ct, w, h), ("image/jpeg", 2048, 512));
        let stored = image::load_from_memory(&bytes).unwrap();
        assert_eq!((stored.width(), stored.height()), (2048, 512));
        let clear = image::RgbaImage::from_fn(30, 30, |x, _| image::Rgba([9, 9, 9, (x * 8) as u8]));
        let mut out = Cursor::new(Vec::new());
        clear.write_to(&mut out, ImageFormat::Png).unwrap();
        let (_, ct, _, _) = sanitise(&out.into_inner(), 1 << 20).unwrap();
        assert_eq!(ct, "image/png");
    }

    #[test]
    fn rejects_oversized_uploads_and_bombs() {
        assert!(matches!(
            sanitise(&png(20, 10), 100),
            Err(CoreError::TooLarge(_))
        ));
        // A PNG header claiming 100000x100000 pixels must not be decoded.
        let mut bomb = png(1, 1);
        bomb[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        assert!(sanitise(&bomb, 1 << 20).is_err());
    }
}
