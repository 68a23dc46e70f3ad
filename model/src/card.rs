//! Cards: what a player plays, with covers and playback settings.

use serde::{Deserialize, Serialize};

use crate::validate::{card_slug_problem, description_problem, name_problem, Checker};
use crate::FieldError;

/// The longest card title the player platform accepts: its `POST /content` refuses longer
/// ones. Cardsmith's own limit is longer, so the card form warns past this one and the
/// publish plan refuses such a card before anything is sent.
pub const PLAYER_TITLE_MAX: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CardOut {
    pub slug: String,
    pub title: String,
    pub description: String,
    pub author: String,
    /// The home collection, which owns the card.
    pub collection_id: String,
    pub collection_name: String,
    pub collection_slug: String,
    pub cover_prompt: String,
    pub back_cover_prompt: String,
    /// SHA-256 of the front cover, `null` without one.
    pub cover_hash: Option<String>,
    pub back_cover_hash: Option<String>,
    /// Changes whenever anything that would be published changes.
    pub content_hash: Option<String>,
    /// Where the card's audio came from: `upload`, `tts`, `recording`, `stream`.
    pub source_types: Option<Vec<String>>,
    pub track_count: i64,
    pub total_duration_s: i64,
    /// The caller's effective role on the card: the role in its home collection, or `viewer`
    /// when it is only reachable through a collection it is linked into.
    pub viewer_role: Option<String>,
    /// The approved icon theme (`PUT /cards/{slug}/icons/theme`); absent until one is approved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon_theme: Option<crate::icons::PaletteOut>,
    /// `linear` (chapters in order) or `interactive` (a story steered with the player's
    /// buttons: `GET /cards/{slug}/story`).
    #[serde(default = "linear")]
    #[cfg_attr(feature = "openapi", schema(pattern = "^(linear|interactive)$"))]
    pub playback_type: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub updated_at: String,
}

/// `GET /cards/{slug}`: the card and its tracks, in play order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CardDetailOut {
    #[serde(flatten)]
    pub card: CardOut,
    pub tracks: Option<Vec<TrackOut>>,
    /// The other collections the card is linked into, for the owners of its home (who may
    /// remove any of them); `null` for everybody else.
    #[serde(default)]
    pub links: Option<Vec<CardLinkOut>>,
    /// The card's story (`GET /cards/{slug}/story` adds what its check says), `null` for a
    /// card that never had one: a card's JSON carries everything it plays.
    #[serde(default)]
    pub story: Option<crate::interactive::StoryGraph>,
}

fn linear() -> String {
    crate::interactive::playback_type::LINEAR.to_owned()
}

/// A collection a card is linked into beside its home.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CardLinkOut {
    pub collection_id: String,
    pub collection_name: String,
    /// The display name of who made the link; `null` when nobody knows (an account deleted
    /// before deletion ended the links it made).
    pub linked_by: Option<String>,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub linked_at: String,
}

/// One chapter of a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackOut {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub position: i64,
    /// Seconds.
    pub duration: Option<i64>,
    pub file_size_bytes: i64,
    pub original_size_bytes: i64,
    pub transcoded_size_bytes: i64,
    pub original_format: String,
    pub transcoded_format: String,
    /// `upload`, `tts`, `recording` or `stream`.
    pub source_type: String,
    #[cfg_attr(feature = "openapi", schema(value_type = crate::states::TranscodeStatus))]
    pub transcode_status: String,
    /// The job working on this track right now (its transcode after an upload, an edit),
    /// for `GET /jobs/{id}`; `null` when none is.
    #[serde(default)]
    pub processing_job_id: Option<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<crate::states::StreamStatus>))]
    pub stream_status: Option<String>,
    pub icon_path: Option<String>,
    pub icon_source_path: Option<String>,
    pub icon_prompt: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreateCardInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub title: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub description: String,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 120))]
    pub author: Option<String>,
    /// Derived from the title when absent.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::optional_slug))]
    pub slug: Option<String>,
}

impl CreateCardInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check("title", name_problem(&self.title))
            .check("description", description_problem(&self.description))
            .check("author", author_problem(self.author.as_deref()));
        if let Some(slug) = self.slug.as_deref().filter(|s| !s.is_empty()) {
            c.check("slug", card_slug_problem(slug));
        }
        c.finish()
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpdateCardInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub title: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub description: String,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 120))]
    pub author: Option<String>,
}

impl UpdateCardInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("title", name_problem(&self.title))
            .check("description", description_problem(&self.description))
            .check("author", author_problem(self.author.as_deref()))
            .finish()
    }
}

fn author_problem(author: Option<&str>) -> Option<&'static str> {
    author
        .is_some_and(|a| a.chars().count() > 120)
        .then_some("must be at most 120 characters")
}

/// `PUT /cards/{slug}/home`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MoveCardInput {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, pattern = "\\S"))]
    pub collection_id: String,
}

/// How the player plays the card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlaybackConfigOut {
    /// `next` (play the next chapter), `none` (stop after each) or `repeat`.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(next|none|repeat)$"))]
    pub autoadvance: String,
    /// `off` or `on`.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(off|on)$"))]
    pub shuffle: String,
    /// Seconds the chapter overlay stays on screen (0 to 3600).
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 3600))]
    pub overlay_timeout: i64,
    /// Seconds within which re-inserting the card resumes (0 to 86400).
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 86400))]
    pub resume_timeout: i64,
}

impl Default for PlaybackConfigOut {
    fn default() -> Self {
        Self {
            autoadvance: "next".into(),
            shuffle: "off".into(),
            overlay_timeout: 5,
            resume_timeout: 3600,
        }
    }
}

impl PlaybackConfigOut {
    pub const AUTOADVANCE: [&'static str; 3] = ["next", "none", "repeat"];
    pub const SHUFFLE: [&'static str; 2] = ["off", "on"];

    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check(
                "autoadvance",
                (!Self::AUTOADVANCE.contains(&self.autoadvance.as_str()))
                    .then_some("must be next, none or repeat"),
            )
            .check(
                "shuffle",
                (!Self::SHUFFLE.contains(&self.shuffle.as_str())).then_some("must be off or on"),
            )
            .check(
                "overlay_timeout",
                (!(0..=3600).contains(&self.overlay_timeout))
                    .then_some("must be between 0 and 3600 seconds"),
            )
            .check(
                "resume_timeout",
                (!(0..=86400).contains(&self.resume_timeout))
                    .then_some("must be between 0 and 86400 seconds"),
            )
            .finish()
    }
}

/// Which cover: `front` (default) or `back`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoverSide {
    Front,
    Back,
}

impl CoverSide {
    pub fn parse(side: Option<&str>) -> Option<Self> {
        match side.unwrap_or("front") {
            "" | "front" => Some(Self::Front),
            "back" => Some(Self::Back),
            _ => None,
        }
    }
}
