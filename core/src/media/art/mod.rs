//! Procedural art: card covers drawn from a seed, entirely offline.
//!
//! Everything is deterministic: the same title and seed give the same PNG bytes on every run
//! and machine (integer-seeded generator, no system fonts: DejaVu Sans Bold is embedded), so a
//! drawn cover is content-addressed like any upload and drawing it again stores nothing new.
//! It takes an optional palette (e.g. a collection's theme colours); without one the colours
//! follow from the seed too.

mod cover;
mod paint;
mod palette;
mod rng;
mod scenery;
mod text;

use std::io::Cursor;

use image::ImageFormat;

use crate::media::colour::Rgb;
use crate::{CoreError, CoreResult};

pub use cover::cover;

/// The player platform's cover size for cards (default and stories), in pixels.
pub const COVER_WIDTH: u32 = 638;
pub const COVER_HEIGHT: u32 = 1011;
/// Smallest and largest side of a drawn cover.
pub const MIN_COVER_SIDE: u32 = 64;
pub const MAX_COVER_SIDE: u32 = 2048;

/// Which side of a card a cover is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// The scene, with the title on a plate and the author on a ribbon.
    Front,
    /// A quiet pattern with the title, description and author on a plate.
    Back,
}

/// What a cover is drawn from.
#[derive(Debug, Clone, Copy)]
pub struct CoverSpec<'a> {
    /// Written across the top of the cover (wrapped and shrunk to fit; may be empty).
    pub title: &'a str,
    /// Words that choose the scene and its colours (night, ocean, forest, space, garden,
    /// snow, desert …; with none of them, a meadow); the title's words count too.
    pub prompt: &'a str,
    pub face: Face,
    /// "by …" on the front's ribbon and the back's plate (may be empty).
    pub author: &'a str,
    /// The back's text (may be empty).
    pub description: &'a str,
    /// Anything else that should change the picture: a card, a side, a version. The picture
    /// is seeded by SHA-256 of the title, prompt, face and this.
    pub seed: &'a str,
    pub width: u32,
    pub height: u32,
    /// Colours to draw with (2 or more used: a card's approved theme), else the scene's own.
    pub palette: Option<&'a [Rgb]>,
}

impl<'a> CoverSpec<'a> {
    /// A cover of the default card size with the seed's own colours.
    pub fn card(title: &'a str, seed: &'a str) -> Self {
        Self {
            title,
            prompt: "",
            face: Face::Front,
            author: "",
            description: "",
            seed,
            width: COVER_WIDTH,
            height: COVER_HEIGHT,
            palette: None,
        }
    }
}

/// The cover as PNG bytes (opaque RGB). 422 for a size outside
/// [`MIN_COVER_SIDE`]..=[`MAX_COVER_SIDE`].
pub fn cover_png(spec: &CoverSpec<'_>) -> CoreResult<Vec<u8>> {
    for (field, side) in [("width", spec.width), ("height", spec.height)] {
        if !(MIN_COVER_SIDE..=MAX_COVER_SIDE).contains(&side) {
            return Err(CoreError::invalid(
                field,
                format!("must be between {MIN_COVER_SIDE} and {MAX_COVER_SIDE} pixels"),
            ));
        }
    }
    let rgb = image::DynamicImage::ImageRgba8(cover(spec)).to_rgb8();
    let mut out = Cursor::new(Vec::new());
    rgb.write_to(&mut out, ImageFormat::Png)
        .map_err(|e| CoreError::internal("png encode", e))?;
    Ok(out.into_inner())
}

#[cfg(test)]
mod tests;
