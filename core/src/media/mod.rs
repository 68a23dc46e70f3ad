//! Media: content-addressed files, image processing, label rendering.

pub mod image;
pub mod label;
pub mod store;
