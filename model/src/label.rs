//! Printable labels and the links that share them.

use serde::{Deserialize, Serialize};

use crate::validate::Checker;
use crate::FieldError;

pub const LABEL_FORMATS: [&str; 2] = ["pdf", "svg"];
/// What labels are printed on (`cardsmith_core::media::label::PageSize` has each one's
/// geometry): plain A4 or US Letter paper, nine cards with cut marks; one card per page at card
/// size; Avery L7166 (A4, six 99.1 × 93.1 mm stickers) and Avery 5168 (US Letter, four 3.5 × 5 in
/// stickers), one card centred on each sticker.
pub const PAGE_SIZES: [&str; 5] = ["a4", "letter", "card", "avery-l7166", "avery-5168"];
/// Most cards on one label sheet request.
pub const MAX_LABEL_CARDS: usize = 90;

/// `POST /labels/generate`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GenerateLabelsInput {
    /// 1 to 90 cards.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::label_card_slugs))]
    pub card_slugs: Vec<String>,
    /// `pdf` or `svg`.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(pdf|svg)$"))]
    pub format: String,
    /// `a4` or `letter` (nine cards a page, with cut marks), `card` (one card a page, at card
    /// size), `avery-l7166` (A4, six stickers) or `avery-5168` (US Letter, four stickers).
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::label_page_size))]
    pub page_size: String,
}

impl GenerateLabelsInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check(
                "card_slugs",
                self.card_slugs
                    .is_empty()
                    .then_some("pick at least one card"),
            )
            .check(
                "card_slugs",
                (self.card_slugs.len() > MAX_LABEL_CARDS).then_some("at most 90 cards per sheet"),
            )
            .check(
                "format",
                (!LABEL_FORMATS.contains(&self.format.as_str())).then_some("must be pdf or svg"),
            )
            .check(
                "page_size",
                (!PAGE_SIZES.contains(&self.page_size.as_str())).then(page_size_problem),
            )
            .finish()
    }
}

/// What is wrong with a page size that is none of [`PAGE_SIZES`].
pub fn page_size_problem() -> String {
    format!("must be one of {}", PAGE_SIZES.join(", "))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GenerateLabelsOutputBody {
    /// `{label id}.{pdf|svg}`; the label id is what `POST /labels/{id}/share` takes.
    pub filename: String,
    /// Where the signed-in owner downloads it.
    pub url: String,
}

/// A label sheet's public link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LabelShareOut {
    pub id: String,
    pub label_id: String,
    pub filename: String,
    /// Absolute path anyone can open without signing in, until the share is revoked.
    pub url: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
}
