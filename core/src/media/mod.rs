//! Media: content-addressed files, image processing, label rendering.

pub mod audio;
pub mod image;
pub mod label;
pub mod rescan;
pub mod store;
