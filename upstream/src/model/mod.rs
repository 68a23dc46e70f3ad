//! Wire types of the platform. Field names follow the wire (camelCase). Every struct ignores
//! fields it does not know, and the ones we send back (cards, device config) keep them in
//! `extra`: card and config updates replace the whole document, so dropping an unknown field
//! on the way through would erase it upstream.

pub mod content;
pub mod devices;
pub mod family;
pub mod media;
mod wire;

pub use wire::Channels;

/// `{"status":"ok"}`, the answer of most writes.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct StatusOk {
    #[serde(default)]
    pub status: String,
}

/// Unknown fields kept for round trips.
pub type Extra = serde_json::Map<String, serde_json::Value>;
