//! Links sent by mail: password reset and email verification.
//!
//! A link carries one token: 32 random bytes, base64url without padding (43 characters). The
//! server keeps only its SHA-256, so a copy of the database opens nothing.

use serde::{Deserialize, Serialize};

use crate::validate::{email_problem, new_password_problem, Checker};
use crate::FieldError;

/// Length of every token the server issues.
pub const TOKEN_CHARS: usize = 43;

/// Why `token` cannot be one the server issued, if it cannot (checked before any lookup, so a
/// mangled link reads as such rather than as "expired").
pub fn token_problem(token: &str) -> Option<&'static str> {
    let token = token.trim();
    if token.is_empty() {
        Some("is required")
    } else if token.len() != TOKEN_CHARS
        || !token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        Some("is not a valid link; copy the whole link from the mail, or ask for a new one")
    } else {
        None
    }
}

/// `POST /auth/forgot-password`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ForgotPasswordInput {
    #[cfg_attr(feature = "openapi", schema(format = Email, max_length = 254))]
    pub email: String,
}

impl ForgotPasswordInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("email", email_problem(&self.email))
            .finish()
    }
}

/// `POST /auth/reset-password`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ResetPasswordInput {
    /// The token of the reset link (`/reset-password?token=…`).
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 43, max_length = 43, pattern = "^[A-Za-z0-9_-]{43}$")
    )]
    pub token: String,
    #[cfg_attr(feature = "openapi", schema(min_length = 10, max_length = 256))]
    pub new_password: String,
}

impl ResetPasswordInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("token", token_problem(&self.token))
            .check("new_password", new_password_problem(&self.new_password))
            .finish()
    }
}

/// `POST /auth/verify-email`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerifyEmailInput {
    /// The token of the verification link (`/verify-email?token=…`).
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 43, max_length = 43, pattern = "^[A-Za-z0-9_-]{43}$")
    )]
    pub token: String,
}

impl VerifyEmailInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("token", token_problem(&self.token))
            .finish()
    }
}

/// `POST /admin/users/{id}/reset-password`: a reset link the admin hands to the user, so
/// resets work on instances that send no mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AdminResetPasswordOutputBody {
    pub message: String,
    /// An absolute link to this instance's `/reset-password` page; it works once, for an hour.
    #[cfg_attr(feature = "openapi", schema(format = "uri"))]
    pub reset_link: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_43_url_safe_characters() {
        let good = "A".repeat(42) + "_";
        assert_eq!(token_problem(&good), None);
        assert_eq!(token_problem(""), Some("is required"));
        assert!(token_problem(&"A".repeat(42)).is_some());
        assert!(token_problem(&("A".repeat(42) + "=")).is_some());
    }

    #[test]
    fn reset_reports_both_fields() {
        let input = ResetPasswordInput {
            token: "x".into(),
            new_password: "short".into(),
        };
        let fields: Vec<_> = input
            .validate()
            .unwrap_err()
            .iter()
            .map(|e| e.field().to_owned())
            .collect();
        assert_eq!(fields, ["token", "new_password"]);
    }
}
