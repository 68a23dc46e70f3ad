//! Where the platform lives and how politely we talk to it.
//!
//! Every URL is configurable so the same client runs against the real platform in production
//! and against the simulator (bound to 127.0.0.1) in tests.

use std::time::Duration;

use url::Url;

/// The production auth host.
pub const DEFAULT_AUTH_URL: &str = "https://login.yotoplay.com";
/// The production API host; also the token audience.
pub const DEFAULT_API_URL: &str = "https://api.yotoplay.com";

/// Exactly the scopes the service requests. No `openid` (so `/userinfo` stays unusable and the
/// email comes from the family call) and no `family:library:*` (the service never reads the
/// family library). Scopes must be pre-approved for the client in the platform's dashboard, so
/// asking for more than this breaks sign-in.
pub const SCOPES: &[&str] = &[
    "profile",
    "offline_access",
    "family:view",
    "family:devices:view",
    "family:devices:manage",
    "family:devices:control",
    "user:content:view",
    "user:content:manage",
    "user:icons:manage",
];

/// Static configuration of an [`crate::UpstreamClient`].
#[derive(Debug, Clone)]
pub struct UpstreamConfig {
    /// Base URL of the auth host (`/authorize`, `/oauth/token`).
    pub auth_url: Url,
    /// Base URL of the API host.
    pub api_url: Url,
    /// Token audience; the platform wants the API host URL without a trailing slash.
    pub audience: String,
    /// The public OAuth client id registered in the developer dashboard.
    pub client_id: String,
    /// The callback registered for the client.
    pub redirect_uri: Url,
    /// Scopes requested at authorize time.
    pub scopes: Vec<String>,
    /// Refresh this long before the access token expires, so a token never dies mid-request.
    pub refresh_leeway: Duration,
    /// Backoff for HTTP 429.
    pub retry: RetryPolicy,
    /// Minimum gap between two track operations (upload URL, upload) of one account.
    pub track_pacing: Duration,
    /// Timeout of ordinary API and token calls.
    pub request_timeout: Duration,
    /// Timeout of a pre-signed upload or download; audio files are large.
    pub transfer_timeout: Duration,
    /// How transcode polling waits.
    pub transcode_poll: PollPolicy,
    /// Let pre-signed URLs outside the configured hosts point at loopback or private-network
    /// addresses (off: only public ones; see [`crate::guard`]).
    pub allow_private_addresses: bool,
    /// The players' MQTT broker ([`crate::mqtt`]); `None`: none, commands go over the REST
    /// command paths only and nothing is live.
    pub broker: Option<Url>,
}

impl UpstreamConfig {
    /// Production hosts, the service's scopes and the documented timings.
    pub fn new(client_id: impl Into<String>, redirect_uri: Url) -> Self {
        let api_url = Url::parse(DEFAULT_API_URL).expect("constant URL parses");
        let auth_url = Url::parse(DEFAULT_AUTH_URL).expect("constant URL parses");
        Self::with_hosts(client_id, redirect_uri, auth_url, api_url)
    }

    /// Same defaults against other hosts (the simulator, a staging platform).
    pub fn with_hosts(
        client_id: impl Into<String>,
        redirect_uri: Url,
        auth_url: Url,
        api_url: Url,
    ) -> Self {
        Self {
            audience: api_url.as_str().trim_end_matches('/').to_owned(),
            auth_url,
            api_url,
            client_id: client_id.into(),
            redirect_uri,
            scopes: SCOPES.iter().map(|s| (*s).to_owned()).collect(),
            refresh_leeway: Duration::from_secs(30),
            retry: RetryPolicy::default(),
            track_pacing: Duration::from_millis(500),
            request_timeout: Duration::from_secs(30),
            transfer_timeout: Duration::from_secs(300),
            transcode_poll: PollPolicy::default(),
            allow_private_addresses: false,
            broker: Some(
                Url::parse(crate::mqtt::channel::DEFAULT_BROKER_URL).expect("constant URL parses"),
            ),
        }
    }
}

/// Exponential backoff for HTTP 429. The platform publishes no limits, so we back off
/// generously and give up after a bounded number of attempts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Total attempts including the first one.
    pub max_attempts: u32,
    /// Delay before the first retry when the server sends no `Retry-After`.
    pub base_delay: Duration,
    /// Upper bound of any single wait, including one asked for by `Retry-After`.
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 5,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(60),
        }
    }
}

impl RetryPolicy {
    /// How long to wait before retry number `retry` (1-based). A server's `Retry-After`
    /// wins over our own schedule; both are capped by `max_delay`.
    pub fn delay(&self, retry: u32, retry_after: Option<Duration>) -> Duration {
        let own = self
            .base_delay
            .saturating_mul(1u32 << retry.saturating_sub(1).min(16));
        retry_after.unwrap_or(own).min(self.max_delay)
    }
}

/// Polling of the transcode status: uploads take "5–30 s per episode" and long files much
/// longer, so the default allows ten minutes (the value peers converged on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PollPolicy {
    /// Wait between two polls.
    pub interval: Duration,
    /// Give up after this many polls.
    pub max_polls: u32,
}

impl Default for PollPolicy {
    fn default() -> Self {
        Self {
            interval: Duration::from_secs(2),
            max_polls: 300,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_is_capped() {
        let p = RetryPolicy {
            max_attempts: 10,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(350),
        };
        assert_eq!(p.delay(1, None), Duration::from_millis(100));
        assert_eq!(p.delay(2, None), Duration::from_millis(200));
        assert_eq!(p.delay(3, None), Duration::from_millis(350));
        assert_eq!(p.delay(40, None), Duration::from_millis(350));
    }

    #[test]
    fn retry_after_wins_but_is_capped() {
        let p = RetryPolicy {
            max_attempts: 3,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_secs(10),
        };
        assert_eq!(
            p.delay(1, Some(Duration::from_secs(3))),
            Duration::from_secs(3)
        );
        assert_eq!(
            p.delay(1, Some(Duration::from_secs(30))),
            Duration::from_secs(10)
        );
        assert_eq!(p.delay(1, Some(Duration::ZERO)), Duration::ZERO);
    }

    #[test]
    fn default_scopes_are_the_documented_set() {
        assert!(!SCOPES.contains(&"openid"));
        assert!(!SCOPES.iter().any(|s| s.starts_with("family:library")));
        assert_eq!(SCOPES.len(), 9);
    }
}
