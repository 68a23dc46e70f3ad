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
    /// Cardsmith made it: it was published from this local card (which the caller can
    /// reach), not imported. Importing it would only make a copy.
    #[serde(default)]
    pub made_here: Option<MadeHereOut>,
}

/// The local card a card on the platform was published from, and where it lives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MadeHereOut {
    pub card_slug: String,
    pub card_title: String,
    pub collection_name: String,
    pub collection_slug: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ImportFromPlayerInput {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, pattern = "\\S"))]
    pub account_id: String,
    #[cfg_attr(feature = "openapi", schema(min_length = 1, pattern = "\\S"))]
    pub player_card_id: String,
    /// The collection to make the card in, one the caller can edit (422 otherwise). Without
    /// it, the caller's default collection (made, "My recordings", when they have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_length = 1))]
    pub collection_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ImportFromPlayerOutputBody {
    pub card_slug: String,
    pub job_id: String,
}
