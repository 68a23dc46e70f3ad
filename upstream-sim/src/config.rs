//! What a simulator instance looks like from outside: client registration, lifetimes, phases.

use std::net::SocketAddr;
use std::time::Duration;

/// Settings of one simulator. `Default` is a realistic platform on a random local port.
#[derive(Debug, Clone)]
pub struct SimConfig {
    /// Where to listen; port 0 picks a free one.
    pub bind: SocketAddr,
    /// The base URL clients reach the simulator at, when it differs from `http://<bind>`
    /// (binding 0.0.0.0 in a container). Also the token audience.
    pub public_url: Option<String>,
    /// The registered public OAuth client.
    pub client_id: String,
    /// Registered callbacks; empty accepts any `http(s)` callback (handy for tests).
    pub redirect_uris: Vec<String>,
    /// Scopes pre-approved for the client; asking for any other one fails at authorize.
    pub approved_scopes: Vec<String>,
    /// Lifetime of access tokens (the platform issues 24 h).
    pub access_token_ttl: Duration,
    /// Lifetime of signed download URLs and pre-signed upload URLs.
    pub signed_url_ttl: Duration,
    /// Phases a transcode reports, one per poll, before it completes.
    pub transcode_phases: Vec<String>,
    /// Like the real auth host: presenting a used refresh token revokes its whole family.
    pub refresh_reuse_detection: bool,
    /// Largest accepted upload body.
    pub max_upload_bytes: usize,
}

impl Default for SimConfig {
    fn default() -> Self {
        Self {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            public_url: None,
            client_id: "sim-client".to_owned(),
            redirect_uris: Vec::new(),
            approved_scopes: [
                "openid",
                "profile",
                "offline_access",
                "family:view",
                "family:devices:view",
                "family:device-status:view",
                "family:devices:manage",
                "family:devices:control",
                "family:library:view",
                "family:library:manage",
                "user:content:view",
                "user:content:manage",
                "user:icons:manage",
            ]
            .map(str::to_owned)
            .to_vec(),
            access_token_ttl: Duration::from_secs(86_400),
            signed_url_ttl: Duration::from_secs(3600),
            transcode_phases: ["queued", "downloading", "analyzing", "transcoding"]
                .map(str::to_owned)
                .to_vec(),
            refresh_reuse_detection: true,
            max_upload_bytes: 256 * 1024 * 1024,
        }
    }
}
