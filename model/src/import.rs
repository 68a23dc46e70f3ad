//! Importing cards made on the player platform.

use serde::{Deserialize, Serialize};

/// A user-made card of a linked account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerLibraryCardOut {
    pub player_card_id: String,
    pub title: String,
    pub chapter_count: i64,
    pub cover_url: Option<String>,
    /// A local card came from it (imported, or published from here).
    pub already_imported: bool,
    /// That local card changed since.
    pub locally_edited: bool,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ImportFromPlayerInput {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, pattern = "\\S"))]
    pub account_id: String,
    #[cfg_attr(feature = "openapi", schema(min_length = 1, pattern = "\\S"))]
    pub player_card_id: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ImportFromPlayerOutputBody {
    pub card_slug: String,
    pub job_id: String,
}
