//! Publishing cards to linked accounts, and checking what is there.

use serde::{Deserialize, Serialize};

use crate::validate::Checker;
use crate::FieldError;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublishInput {
    /// Linked accounts, each named once.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::account_ids))]
    pub account_ids: Vec<String>,
    /// Cards of the collection to publish; empty publishes all of its cards.
    pub card_slugs: Vec<String>,
    #[cfg_attr(feature = "openapi", schema(min_length = 1, pattern = "\\S"))]
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
        // the same account twice would queue two jobs racing to create the same card
        for (i, id) in self.account_ids.iter().enumerate() {
            let first = self.account_ids[..i]
                .iter()
                .position(|earlier| earlier.trim() == id.trim());
            c.check(
                &format!("account_ids/{i}"),
                first.map(|j| {
                    format!("is already named at account_ids/{j}; name each account once")
                }),
            );
        }
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
    /// Why the player platform would refuse the card as it is (a title over its limit, too
    /// many tracks). A publish naming such a card is refused (422) before anything is sent.
    #[serde(default)]
    pub problems: Vec<String>,
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
    #[cfg_attr(feature = "openapi", schema(value_type = crate::states::PublishStatus))]
    pub status: String,
    pub content_hash_at_publish: Option<String>,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
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
    #[cfg_attr(feature = "openapi", schema(value_type = crate::states::VerifyState))]
    pub state: String,
    pub player_card_id: Option<String>,
    /// With `changed_upstream`: the fields of the card document that differ on the platform
    /// from what was published (or imported), as paths such as `title` or
    /// `content.chapters[1].tracks[0].trackUrl`.
    #[serde(default)]
    pub differences: Vec<String>,
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
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub last_published_at: Option<String>,
    /// The local card changed since it was published.
    pub changed_locally: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublishedCardsOutputBody {
    pub cards: Option<Vec<PublishedCardOut>>,
}

/// Where one card stands on one of the caller's accounts, for badges: enough to compare with
/// the card's current `content_hash`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublishSummary {
    pub card_slug: String,
    /// `queued`, `publishing`, `published` or `failed`.
    pub status: String,
    pub content_hash_at_publish: Option<String>,
}

/// The one word a card tile shows about publishing, across the caller's accounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PublishBadge {
    /// Published and unchanged since, everywhere it went.
    OnPlayer,
    /// Published, but the card changed since on at least one account.
    Changed,
    /// A publish is queued or running.
    Publishing,
    /// The last publish to some account failed.
    Failed,
}

impl PublishBadge {
    /// The badge of the card with `slug` whose content is now `content_hash`; `None` when it
    /// was never published. Work in progress and failures outrank the rest: they need eyes.
    pub fn of(slug: &str, content_hash: &str, records: &[PublishSummary]) -> Option<Self> {
        records
            .iter()
            .filter(|r| r.card_slug == slug)
            .map(|r| match r.status.as_str() {
                "queued" | "publishing" => Self::Publishing,
                "failed" => Self::Failed,
                _ if r.content_hash_at_publish.as_deref() == Some(content_hash) => Self::OnPlayer,
                _ => Self::Changed,
            })
            .max_by_key(|b| match b {
                Self::OnPlayer => 0,
                Self::Changed => 1,
                Self::Failed => 2,
                Self::Publishing => 3,
            })
    }

    pub fn text(self) -> &'static str {
        match self {
            Self::OnPlayer => "On player",
            Self::Changed => "Changed since publishing",
            Self::Publishing => "Publishing…",
            Self::Failed => "Publish failed",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(slug: &str, status: &str, hash: &str) -> PublishSummary {
        PublishSummary {
            card_slug: slug.into(),
            status: status.into(),
            content_hash_at_publish: Some(hash.into()),
        }
    }

    #[test]
    fn badges_compare_what_was_sent_with_the_card_now() {
        let records = [
            record("a", "published", "h1"),
            record("b", "published", "old"),
            record("c", "published", "h1"),
            record("c", "failed", "h1"),
        ];
        assert_eq!(
            PublishBadge::of("a", "h1", &records),
            Some(PublishBadge::OnPlayer)
        );
        assert_eq!(
            PublishBadge::of("b", "h2", &records),
            Some(PublishBadge::Changed)
        );
        assert_eq!(
            PublishBadge::of("c", "h1", &records),
            Some(PublishBadge::Failed)
        );
        assert_eq!(PublishBadge::of("d", "h1", &records), None);
    }

    #[test]
    fn an_account_named_twice_is_refused_at_its_second_place() {
        let input = |ids: &[&str]| PublishInput {
            account_ids: ids.iter().map(|s| (*s).to_owned()).collect(),
            collection_id: "c".into(),
            ..Default::default()
        };
        assert!(input(&["a", "b"]).validate().is_ok());
        let errors = input(&["a", "b", " a"]).validate().unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].pointer, "/account_ids/2");
        assert!(errors[0].detail.contains("account_ids/0"));
    }
}
