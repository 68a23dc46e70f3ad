//! Media: content-addressed files, image processing, track icons, label rendering.

pub mod art;
pub mod audio;
pub mod colour;
pub mod icon;
pub mod image;
pub mod label;
pub mod rescan;
pub mod store;
pub mod sweep;
