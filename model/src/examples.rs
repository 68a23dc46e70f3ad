//! Example content: a few cards made entirely offline (spoken stories, drawn covers and
//! chapter icons) so a new instance has something to look at, publish and print.

use serde::{Deserialize, Serialize};

/// The answer of `POST /admin/seed-examples`: what this call created. Seeding is done once
/// per instance, so a second call answers zeros.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeedExampleOutputBody {
    /// Cards this call created (0 when the examples were already seeded).
    #[cfg_attr(feature = "openapi", schema(minimum = 0))]
    pub cards_created: i64,
    /// Tracks this call created; each is transcoded by a `transcode` job like an upload.
    #[cfg_attr(feature = "openapi", schema(minimum = 0))]
    pub tracks_created: i64,
}

/// The answer of `GET /admin/seed-status`. `seeded` is the spec's field; the others tell how
/// far the example tracks' transcodes are, for a progress bar.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeedStatusOutputBody {
    /// Whether the examples were seeded on this instance (stays true if they are deleted
    /// later: seeding again would add nothing).
    pub seeded: bool,
    /// The "Examples" collection, while it exists.
    #[serde(default)]
    pub collection_id: Option<String>,
    /// Its slug (for a link to it), while it exists.
    #[serde(default)]
    pub collection_slug: Option<String>,
    /// Example tracks that still exist, and how many of them are transcoded and playable.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 0))]
    pub tracks_total: i64,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 0))]
    pub tracks_ready: i64,
}
