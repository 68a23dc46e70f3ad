//! The token pair of one linked account and where it is kept.
//!
//! Refresh tokens rotate and are single-use: every refresh spends the old one. The store is
//! therefore part of the correctness of the client, not a cache: a rotated pair that is not
//! durably saved locks the user out.

use std::time::Duration;

use base64::Engine as _;
use chrono::{DateTime, Utc};

/// Access and refresh token of one account.
#[derive(Clone, PartialEq, Eq)]
pub struct TokenSet {
    pub access_token: String,
    /// Absent when `offline_access` was not granted.
    pub refresh_token: Option<String>,
    /// When the access token stops working.
    pub expires_at: DateTime<Utc>,
    /// The scopes granted, space separated, as the auth host reported them.
    pub scope: Option<String>,
}

impl std::fmt::Debug for TokenSet {
    /// Never print secrets into logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenSet")
            .field("access_token", &"<redacted>")
            .field(
                "refresh_token",
                &self.refresh_token.as_ref().map(|_| "<redacted>"),
            )
            .field("expires_at", &self.expires_at)
            .field("scope", &self.scope)
            .finish()
    }
}

impl TokenSet {
    /// True when the access token is usable for at least `leeway` more.
    pub fn is_fresh(&self, now: DateTime<Utc>, leeway: Duration) -> bool {
        let leeway = chrono::Duration::from_std(leeway).unwrap_or(chrono::Duration::MAX);
        now.checked_add_signed(leeway)
            .is_some_and(|deadline| deadline < self.expires_at)
    }

    /// The platform account id: the `sub` claim of the access token (a JWT). Lets the caller
    /// key the account without an extra call. `None` when the token is not a readable JWT.
    pub fn subject(&self) -> Option<String> {
        let payload = self.access_token.split('.').nth(1)?;
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(payload.trim_end_matches('='))
            .ok()?;
        let claims: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
        claims.get("sub")?.as_str().map(str::to_owned)
    }

    /// True when the granted scopes include `scope`.
    pub fn has_scope(&self, scope: &str) -> bool {
        self.scope
            .as_deref()
            .is_some_and(|s| s.split_whitespace().any(|granted| granted == scope))
    }
}

/// Failure of a [`TokenStore`]; the message is kept for the error report.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct StoreError(pub String);

/// Durable storage of token sets, keyed by the caller's account key.
///
/// `save` must be atomic and durable before it returns `Ok`: the client uses a rotated
/// refresh token only after `save` succeeded, and treats a failed `save` as a lost link.
#[async_trait::async_trait]
pub trait TokenStore: Send + Sync {
    /// The saved token set, or `None` when the account was never linked (or was unlinked).
    async fn load(&self, account: &str) -> Result<Option<TokenSet>, StoreError>;
    /// Replaces the saved token set in one atomic write.
    async fn save(&self, account: &str, tokens: &TokenSet) -> Result<(), StoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(access: &str, expires_in: i64) -> TokenSet {
        TokenSet {
            access_token: access.into(),
            refresh_token: Some("r".into()),
            expires_at: Utc::now() + chrono::Duration::seconds(expires_in),
            scope: Some("profile offline_access".into()),
        }
    }

    #[test]
    fn freshness_honours_the_leeway() {
        let now = Utc::now();
        assert!(set("a", 60).is_fresh(now, Duration::from_secs(30)));
        assert!(!set("a", 20).is_fresh(now, Duration::from_secs(30)));
        assert!(!set("a", -5).is_fresh(now, Duration::ZERO));
    }

    #[test]
    fn subject_comes_from_the_jwt_payload() {
        let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(br#"{"sub":"auth0|abc","aud":"x"}"#);
        assert_eq!(
            set(&format!("h.{payload}.s"), 60).subject().as_deref(),
            Some("auth0|abc")
        );
        assert_eq!(set("opaque", 60).subject(), None);
    }

    #[test]
    fn debug_hides_secrets() {
        let printed = format!("{:?}", set("secret-access", 60));
        assert!(!printed.contains("secret-access"));
        assert!(set("a", 1).has_scope("offline_access"));
        assert!(!set("a", 1).has_scope("openid"));
    }
}
