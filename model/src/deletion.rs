//! Account deletion: a user's request, the admin's decision, the reassignment of the
//! collections the user owns, and the collections left without an owner.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::validate::Checker;
use crate::FieldError;

/// Longest reason a user may give for asking to be deleted.
pub const REASON_MAX_CHARS: usize = 1000;
/// Most reassignments one deletion may carry (a user owning more collections than this can be
/// deleted in steps: collections not named are left orphaned, and assigned later).
pub const REASSIGNMENTS_MAX: usize = 500;

/// The states of a deletion request.
pub const STATUS_PENDING: &str = "pending";
pub const STATUS_APPROVED: &str = "approved";
pub const STATUS_REJECTED: &str = "rejected";
pub const STATUS_EXPIRED: &str = "expired";

/// `POST /auth/delete-request`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeleteRequestInput {
    /// Why, in the user's words, for the admin who decides (optional).
    #[cfg_attr(feature = "openapi", schema(max_length = 1000))]
    #[serde(default)]
    pub reason: Option<String>,
}

impl DeleteRequestInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let too_long = self
            .reason
            .as_deref()
            .is_some_and(|r| r.trim().chars().count() > REASON_MAX_CHARS);
        Checker::default()
            .check(
                "reason",
                too_long.then(|| format!("must be at most {REASON_MAX_CHARS} characters")),
            )
            .finish()
    }
}

/// `DELETE /admin/users/{id}` and `POST /admin/deletion-requests/{id}/approve`: which user
/// takes over each collection the deleted user owns. Collections not named stay as they are
/// when another owner is left, or become orphaned (content kept) when none is.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReassignmentsInput {
    /// Collection id → id of the active user who becomes its owner (at most 500 entries).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::reassignments))]
    pub reassignments: Option<BTreeMap<String, String>>,
}

impl ReassignmentsInput {
    /// The shape only; whether the ids name the right things is the service's question.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let map = self.reassignments.as_ref();
        let mut checker = Checker::default();
        checker.check(
            "reassignments",
            map.is_some_and(|m| m.len() > REASSIGNMENTS_MAX)
                .then(|| format!("must name at most {REASSIGNMENTS_MAX} collections")),
        );
        for (collection, user) in map.into_iter().flatten() {
            checker.check(
                &format!("reassignments/{}", pointer_escape(collection)),
                user.trim().is_empty().then_some("must be a user id"),
            );
        }
        checker.finish()
    }

    /// The reassignments, none when absent.
    pub fn into_map(self) -> BTreeMap<String, String> {
        self.reassignments.unwrap_or_default()
    }
}

/// A map key as a JSON Pointer segment (RFC 6901: `~` → `~0`, `/` → `~1`).
pub fn pointer_escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// A collection the user to be deleted owns, as the admin's reassignment picker needs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OwnedCollection {
    pub id: String,
    pub name: String,
    pub slug: String,
    /// Whether the user is its only owner: unless reassigned it becomes orphaned.
    pub sole_owner: bool,
    /// Members other than the user (who keep their roles whatever happens).
    pub other_members: i64,
}

/// A request to delete an account (`GET /admin/deletion-requests`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeletionRequestItem {
    pub id: String,
    pub user_id: String,
    /// The user's reason ('' when none was given).
    pub reason: String,
    /// `pending`, `approved`, `rejected` or `expired`.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(pending|approved|rejected|expired)$")
    )]
    pub status: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
    /// When a request nobody decided becomes `expired`.
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub expires_at: String,
    /// The collections the user owns (null when the request is no longer pending).
    pub owned_collections: Option<Vec<OwnedCollection>>,
}

/// A collection without an owner: its owner was deleted and nothing was reassigned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OrphanedCollectionOut {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
}

/// `POST /admin/orphaned-collections/{id}/assign`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AssignCollectionInput {
    /// The active user who becomes the collection's owner.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 64))]
    pub user_id: String,
}

impl AssignCollectionInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check(
                "user_id",
                self.user_id.trim().is_empty().then_some("is required"),
            )
            .finish()
    }
}

/// An invitation to a collection for an email address without an account yet
/// (`GET /collections/{id}/invitations`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InvitationOut {
    pub id: String,
    pub email: String,
    #[cfg_attr(feature = "openapi", schema(pattern = "^(owner|editor|viewer)$"))]
    pub role: String,
    /// Who invited (null once that account is deleted).
    pub invited_by: Option<String>,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
}

/// An invitation addressed to the caller (`GET /invitations`), for them to accept or decline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MyInvitationOut {
    pub id: String,
    pub collection_id: String,
    pub collection_name: String,
    /// The role accepting gives.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(owner|editor|viewer)$"))]
    pub role: String,
    /// The display name of who invited; `null` once that account is deleted.
    pub invited_by_name: Option<String>,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_bounded_and_optional() {
        assert!(DeleteRequestInput::default().validate().is_ok());
        let long = DeleteRequestInput {
            reason: Some("x".repeat(REASON_MAX_CHARS + 1)),
        };
        assert_eq!(long.validate().unwrap_err()[0].pointer, "/reason");
    }

    #[test]
    fn a_blank_new_owner_is_named_by_its_collection() {
        let input = ReassignmentsInput {
            reassignments: Some(BTreeMap::from([("a/b".into(), " ".into())])),
        };
        assert_eq!(
            input.validate().unwrap_err()[0].pointer,
            "/reassignments/a~1b"
        );
    }
}
