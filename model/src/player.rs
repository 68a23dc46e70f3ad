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
    #[cfg_attr(feature = "openapi", schema(value_type = crate::states::AccountStatus))]
    pub status: String,
    /// Why the account needs relinking, when it does.
    pub status_detail: Option<String>,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub linked_at: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
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
    /// The previous key: 32 bytes as standard base64 (with its `=`) or 64 hex digits.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^\\s*([0-9a-fA-F]{64}|[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)\\s*$")
    )]
    pub old_key: String,
}

/// Letters of a link code: consonants only (no words, no 0/O or 1/I to mix up).
pub const LINK_CODE_LETTERS: &str = "BCDFGHJKLMNPQRSTVWXZ";
/// Letters in a link code (shown as two groups of four).
pub const LINK_CODE_LENGTH: usize = 8;

/// `GET /player-accounts/link?handoff=code`: a link a client finishes in another browser (a
/// native app opening the system browser, a command line). The client shows `user_code`,
/// sends the person to `authorize_url`, and polls `GET /player-accounts/link/{link_id}`;
/// after the platform sends that browser back, the person types the code there, which is
/// what ties their platform account to this Cardsmith account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LinkHandoffOut {
    pub link_id: String,
    /// `XXXX-XXXX`: show it to the person; they type it when the browser comes back.
    pub user_code: String,
    pub authorize_url: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub expires_at: String,
    /// Seconds between two polls of the link's status.
    pub poll_interval_s: i64,
}

/// Where a handed-off link is (`GET /player-accounts/link/{linkId}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LinkHandoffStatusOut {
    /// `waiting` (for the platform), `authorized` (waiting for the code), `linked`, `failed`
    /// or `expired`.
    #[cfg_attr(feature = "openapi", schema(value_type = crate::states::LinkHandoffStatus))]
    pub status: String,
    /// The linked account, once `linked`.
    pub account: Option<PlayerAccountOut>,
    /// Why it failed, once `failed`.
    pub error: Option<String>,
}

/// `POST /player-accounts/link/{linkId}/confirm`: the code the client showed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConfirmLinkInput {
    /// Its 8 letters, in any case, with hyphens or spaces between them if you like.
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 8, max_length = 20, pattern = "^[- ]*([A-Za-z][- ]*){8}$")
    )]
    pub user_code: String,
}

impl ConfirmLinkInput {
    /// The code as stored: its letters, upper case (`wdjb mjht` and `WDJB-MJHT` are one code).
    pub fn normalised(&self) -> String {
        self.user_code
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_uppercase())
            .collect()
    }

    /// The document's rule: 8 to 20 characters, 8 ASCII letters and otherwise hyphens or
    /// spaces.
    pub fn validate(&self) -> Result<(), Vec<crate::FieldError>> {
        let chars = self.user_code.chars().count();
        let shaped = self
            .user_code
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == '-' || c == ' ');
        let letters = self.normalised().len();
        crate::validate::Checker::default()
            .check(
                "user_code",
                (!(8..=20).contains(&chars) || !shaped || letters != LINK_CODE_LENGTH)
                    .then_some("must be the 8 letters your app shows, like WDJB-MJHT"),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_code_is_eight_letters_however_it_is_typed() {
        for good in ["WDJB-MJHT", "wdjbmjht", "W D J B M J H T", "-wdjb mjht-"] {
            let input = ConfirmLinkInput {
                user_code: good.into(),
            };
            assert!(input.validate().is_ok(), "{good}");
            assert_eq!(input.normalised(), "WDJBMJHT");
        }
        for bad in [
            "1234-5678",
            "WDJB-MJH",
            "WDJB_MJHT",
            "WDJB-MJHTX",
            "ÉDJB-MJHT",
            "",
        ] {
            let input = ConfirmLinkInput {
                user_code: bad.into(),
            };
            assert!(input.validate().is_err(), "{bad}");
        }
    }
}
