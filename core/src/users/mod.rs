//! Accounts: sign-in, the caller's own profile, and the admin's management of users.

pub mod account;
pub mod admin;
pub mod bootstrap;
pub mod deletion;
pub mod deletion_requests;
pub mod link_mails;
pub mod lockout;
pub mod login;
pub mod oidc;
pub mod recovery;
pub mod repo;
pub mod tokens;
pub mod verification;

/// What the caller needs from a successful sign-in: who they are and the new session.
pub struct SignedIn {
    pub user: cardsmith_model::user::UserOut,
    pub session: crate::auth::session::NewSession,
}
