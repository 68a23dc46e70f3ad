//! Typed calls of the platform's API, one module per resource, all on [`crate::AccountClient`].

mod content;
mod devices;
mod family;
mod images;
mod media;
