//! A parent's cards as a ZIP any Cardsmith imports: one folder per card holding its
//! `card.yaml`, the tracks' original audio, the cover and the chapters' icons.
//!
//! `card.yaml` says everything a card holds; files are named relative to the card's folder
//! and carry their SHA-256, so an import checks every byte and recognises a card it already
//! has. The format is versioned (`format`); unknown members are refused, so a file from a
//! newer Cardsmith says so instead of losing what it does not understand.

use serde::{Deserialize, Serialize};

use crate::card::PlaybackConfigOut;

/// The `card.yaml` format this version writes and reads.
pub const CARD_FILE_FORMAT: u32 = 1;

/// One card, as `card.yaml` says it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub format: u32,
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub author: String,
    /// The front cover's file, if the card has one.
    #[serde(default)]
    pub cover: Option<FileRef>,
    /// How the player plays it.
    pub playback: PlaybackConfigOut,
    /// `linear` or `interactive`.
    #[serde(default = "linear")]
    pub playback_type: String,
    /// The tracks in play order.
    pub tracks: Vec<TrackFile>,
    /// An interactive card's story, its passages naming tracks as `track:N` (1-based, in the
    /// order above), as JSON text (the same document `PUT /cards/{slug}/story` takes).
    #[serde(default)]
    pub story: Option<String>,
}

fn linear() -> String {
    "linear".into()
}

/// A file of the card's folder: its name there, its SHA-256 and size.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FileRef {
    pub file: String,
    pub sha256: String,
    pub size: u64,
}

/// One track of a card.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TrackFile {
    pub title: String,
    #[serde(default)]
    pub description: String,
    /// The original audio as it was uploaded or recorded.
    pub audio: FileRef,
    /// Its length, for people reading the file (the import measures it again).
    #[serde(default)]
    pub duration_ms: Option<i64>,
    /// The chapter's 16x16 icon as the player shows it, if it has one of its own.
    #[serde(default)]
    pub icon: Option<FileRef>,
    /// The picture that icon was made from.
    #[serde(default)]
    pub icon_picture: Option<FileRef>,
}

/// `export.yaml`, at the ZIP's root: what made it and the cards' folders, in order.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExportIndex {
    pub format: u32,
    /// The Cardsmith version that made it.
    pub made_by: String,
    /// RFC 3339.
    pub exported_at: String,
    /// The folder of each card (holding its `card.yaml`).
    pub cards: Vec<String>,
}

/// What to export (`POST /exports`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ExportInput {
    /// One collection's cards; none: every card the caller can see.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 64))]
    pub collection_id: Option<String>,
    /// Only these cards (slug or id; each one the caller can see), in this order; with
    /// `collection_id`, those of them in that collection.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(schema_with = crate::field_schemas::optional_batch_cards)
    )]
    pub card_slugs: Option<Vec<String>>,
}

impl ExportInput {
    pub fn validate(&self) -> Result<(), Vec<crate::FieldError>> {
        let mut check = crate::validate::Checker::default();
        if let Some(cards) = &self.card_slugs {
            if cards.is_empty() || cards.len() > crate::card_batch::BATCH_MAX_CARDS {
                check.check(
                    "card_slugs",
                    Some(format!(
                        "must name 1 to {} cards",
                        crate::card_batch::BATCH_MAX_CARDS
                    )),
                );
            }
            crate::validate::check_references(&mut check, "card_slugs", cards);
        }
        check.finish()
    }
}

/// What an import did (`POST /collections/{id}/import-zip`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ImportZipOut {
    /// The slugs of the cards made, in the ZIP's order.
    pub created: Vec<String>,
    /// The titles of the cards the collection already holds (the same title and the same
    /// audio, by content hash): not made again.
    pub already_there: Vec<String>,
    /// Tracks queued for conversion.
    pub tracks: u64,
}
