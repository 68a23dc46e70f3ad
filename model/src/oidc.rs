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

/// Why signing in or linking with the provider failed, as the browser is sent back with it
/// (`?oidc_error=CODE`). A page shows the sentence of a code it knows and the general one
/// otherwise, never words taken from the address (anyone can send a link with any text in
/// it). The sentences are also the problem details of these failures, so the two never
/// drift apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInFailure {
    /// The flow's state is unknown, used or too old.
    Expired,
    /// The provider answered with an error (the person refused, or it could not sign them in).
    Denied,
    /// A first sign-in whose email belongs to an account already.
    EmailInUse,
    /// A first sign-in whose email the provider has not verified.
    EmailUnverified,
    /// A first sign-in without a usable email.
    NoEmail,
    /// The account is deactivated.
    Deactivated,
    /// The identity belongs to another account.
    IdentityTaken,
    /// The account is linked to an identity already.
    AlreadyLinked,
    /// The provider could not be reached.
    ProviderUnavailable,
    /// Anything else.
    Failed,
}

impl SignInFailure {
    pub const ALL: [Self; 10] = [
        Self::Expired,
        Self::Denied,
        Self::EmailInUse,
        Self::EmailUnverified,
        Self::NoEmail,
        Self::Deactivated,
        Self::IdentityTaken,
        Self::AlreadyLinked,
        Self::ProviderUnavailable,
        Self::Failed,
    ];

    /// The code the address carries.
    pub fn code(self) -> &'static str {
        match self {
            Self::Expired => "expired",
            Self::Denied => "denied",
            Self::EmailInUse => "email_in_use",
            Self::EmailUnverified => "email_unverified",
            Self::NoEmail => "no_email",
            Self::Deactivated => "deactivated",
            Self::IdentityTaken => "identity_taken",
            Self::AlreadyLinked => "already_linked",
            Self::ProviderUnavailable => "provider_unavailable",
            Self::Failed => "failed",
        }
    }

    /// The failure a code names; an unknown code is the general failure.
    pub fn from_code(code: &str) -> Self {
        Self::ALL
            .into_iter()
            .find(|f| f.code() == code)
            .unwrap_or(Self::Failed)
    }

    /// What the person reads.
    pub fn sentence(self) -> &'static str {
        match self {
            Self::Expired => "the sign-in took too long or was already finished; sign in again",
            Self::Denied => "the sign-in provider did not sign you in",
            Self::EmailInUse => {
                "an account with this email already exists here, and accounts are never joined \
                 to a sign-in provider by email: sign in with your password and choose \
                 \"Link sign-in provider\" in Settings, or ask an admin to associate it"
            }
            Self::EmailUnverified => {
                "your sign-in provider has not verified your email address, and a new account \
                 needs a verified one: verify it with the provider and sign in again, or ask an \
                 admin to create your account and associate this sign-in"
            }
            Self::NoEmail => {
                "the sign-in provider did not share a usable email address, which a new account \
                 needs; ask an admin to create your account and associate it"
            }
            Self::Deactivated => "this account is deactivated; ask an admin to reactivate it",
            Self::IdentityTaken => {
                "this sign-in provider identity already belongs to another account here"
            }
            Self::AlreadyLinked => {
                "this account is already linked to a sign-in provider; unlink it first"
            }
            Self::ProviderUnavailable => {
                "the sign-in provider cannot be reached right now; try again in a moment"
            }
            Self::Failed => "signing in with the provider did not work; try again",
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_failure_code_reads_back_and_unknown_text_is_the_general_failure() {
        for failure in SignInFailure::ALL {
            assert_eq!(SignInFailure::from_code(failure.code()), failure);
        }
        let forged = "Your account is suspended: call 555-0100";
        assert_eq!(SignInFailure::from_code(forged), SignInFailure::Failed);
    }
}
