//! The vocabulary every part of a label sheet shares: colours, faces, text styles and units.
//! It sits below both the layout (which picks styles) and the text measuring (which needs a
//! style's face and size), so neither has to import the other.

use crate::media::colour::Rgb;

/// Width of every drawn line (outlines, rules, cut marks), in mm.
pub(super) const LINE_W: f32 = 0.2;
pub(super) const MM_PER_PT: f32 = 25.4 / 72.0;
/// Baseline below the top of a line box, as a fraction of the font size.
pub(super) const ASCENT: f32 = 0.9;
/// Height of DejaVu Sans capitals, as a fraction of the font size.
pub(super) const CAP_HEIGHT: f32 = 0.73;

pub(super) const INK: Rgb = [0x1f, 0x1f, 0x1f];
pub(super) const MUTED: Rgb = [0x5f, 0x5f, 0x5f];
pub(super) const RULE: Rgb = [0xc8, 0xc8, 0xc8];

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Face {
    Regular,
    Bold,
}

/// Face, size in pt, colour and line pitch in mm.
#[derive(Clone, Copy)]
pub(super) struct Style {
    pub(super) face: Face,
    pub(super) size: f32,
    pub(super) color: Rgb,
    pub(super) leading: f32,
}

impl Style {
    pub(super) const fn new(face: Face, size: f32, color: Rgb, leading: f32) -> Self {
        Self {
            face,
            size,
            color,
            leading,
        }
    }
}
