//! Publishing cards to linked accounts, and checking what is there.

use serde::{Deserialize, Serialize};

use crate::validate::Checker;
use crate::FieldError;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublishInput {
    pub account_ids: Vec<String>,
    /// Cards of the collection to publish; empty publishes all of its cards.
    pub card_slugs: Vec<String>,
    pub collection_id: String,
    /// Only answer the plan: what would be created, updated or uploaded. Nothing is sent.
    #[serde(default)]
    pub dry_run: bool,
}

impl PublishInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check(
            "account_ids",
            self.account_ids
                .is_empty()
                .then_some("name at least one linked account"),
        )
        .check(
            "collection_id",
            self.collection_id
                .trim()
                .is_empty()
                .then_some("is required"),
        );
        c.finish()
    }
}

/// What publishing one card to one account will do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublishPlanItem {
    pub card_slug: String,
    pub account_id: String,
    /// `create`, `update` or `unchanged`.
    pub action: String,
    /// Tracks whose audio the account does not have yet.
    pub audio_uploads: i64,
    pub upload_bytes: i64,
    pub cover_upload: bool,
    /// Chapter icons (16x16 PNGs) the account does not have yet.
    #[serde(default)]
    pub icon_uploads: i64,
    /// Set when this pair was queued (not on a dry run, not when unchanged).
    pub job_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublishOutputBody {
    pub dry_run: bool,
    pub plan: Vec<PublishPlanItem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublishRecordOut {
    pub id: String,
    pub card_id: String,
    pub account_label: String,
    pub player_account_id: String,
    pub player_card_id: Option<String>,
    /// `queued`, `publishing`, `published` or `failed`.
    pub status: String,
    pub content_hash_at_publish: Option<String>,
    pub last_published_at: Option<String>,
    pub error: Option<String>,
    pub job_id: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerifyPublishInput {
    pub account_ids: Vec<String>,
    pub card_slugs: Vec<String>,
}

/// How a card on an account compares with the local card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerifyResult {
    pub card_slug: String,
    pub account_id: String,
    /// `in_sync`, `changed_locally`, `changed_upstream`, `missing` (published, then deleted
    /// on the platform) or `never_published`.
    pub state: String,
    pub player_card_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerifyPublishOutputBody {
    pub results: Option<Vec<VerifyResult>>,
}

/// A card published to an account (so it can be played on the account's players).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublishedCardOut {
    pub card_slug: String,
    pub title: String,
    pub player_card_id: String,
    pub last_published_at: Option<String>,
    /// The local card changed since it was published.
    pub changed_locally: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublishedCardsOutputBody {
    pub cards: Option<Vec<PublishedCardOut>>,
}
