//! Accounts on the player platform, as the API shows them (tokens never leave the server).

use serde::{Deserialize, Serialize};

/// `status` values of a linked account.
pub mod account_status {
    pub const LINKED: &str = "linked";
    /// The platform no longer accepts the stored tokens (or a rotated token could not be
    /// saved): the user must link the account again.
    pub const NEEDS_RELINK: &str = "needs_relink";
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerAccountOut {
    pub id: String,
    /// The family's primary email on the platform.
    pub label: String,
    pub platform_user_id: String,
    pub status: String,
    /// Why the account needs relinking, when it does.
    pub status_detail: Option<String>,
    pub linked_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ListPlayerAccountsOutputBody {
    pub accounts: Option<Vec<PlayerAccountOut>>,
}

/// The key stored secrets were sealed with before the configured one.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RotateKeyInput {
    pub old_key: String,
}
