//! Single sign-on through an OpenID Connect provider: how an account signs in, and the
//! admin's association of an account with a provider identity.

use serde::{Deserialize, Serialize};

use crate::validate::Checker;
use crate::FieldError;

/// `UserOut.auth_type` of an account that signs in with its password only.
pub const AUTH_PASSWORD: &str = "password";
/// `UserOut.auth_type` of an account that signs in through the provider only (no password).
pub const AUTH_OIDC: &str = "oidc";
/// `UserOut.auth_type` of an account that has a password and a linked provider identity.
pub const AUTH_PASSWORD_AND_OIDC: &str = "password_and_oidc";
pub const AUTH_TYPES: [&str; 3] = [AUTH_PASSWORD, AUTH_OIDC, AUTH_PASSWORD_AND_OIDC];

/// Longest provider subject accepted (OpenID Connect caps `sub` at 255 ASCII characters).
pub const SUBJECT_MAX: usize = 255;

/// `POST /admin/users/{id}/oidc-link`: join an account to the provider identity `subject`
/// (the provider's `sub` for that person; the issuer is the configured one).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OidcLinkInput {
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 255, pattern = "^[\\x21-\\x7E]+$")
    )]
    pub subject: String,
}

/// Why `subject` cannot be a provider subject, if it cannot.
pub fn subject_problem(subject: &str) -> Option<&'static str> {
    if subject.is_empty() {
        Some("is required")
    } else if subject.len() > SUBJECT_MAX {
        Some("is longer than 255 characters")
    } else if !subject.bytes().all(|b| b.is_ascii_graphic()) {
        Some("must be printable ASCII without spaces")
    } else {
        None
    }
}

impl OidcLinkInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("subject", subject_problem(&self.subject))
            .finish()
    }
}

/// What the sign-in page and Settings need to know about single sign-on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OidcInfo {
    /// Shown as "Sign in with <provider_name>".
    pub provider_name: String,
}
