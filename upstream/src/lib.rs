//! Client of the audio-player platform (the Yoto API): OAuth linking, token rotation, and typed
//! calls for devices, cards, audio, covers, icons and the family.
//!
//! It knows nothing of Cardsmith. The caller supplies a [`TokenStore`] and gets:
//! - [`UpstreamClient::link_request`] / [`UpstreamClient::exchange_code`]: Authorization Code
//!   with PKCE (S256), `audience` = the API host, exactly [`SCOPES`];
//! - [`AccountClient`]: every API call with a valid token. Refresh tokens are single-use, so one
//!   refresh runs per account at a time, 30 s before expiry, and the rotated pair is saved
//!   before it is used; a failed save yields [`UpstreamError::NeedsRelink`];
//! - 429 backoff honouring `Retry-After`, 500 ms pacing of track operations, and pre-signed
//!   storage URLs used without our token and without redirects, only at public addresses
//!   (see [`guard`]) unless they are on the configured platform hosts, and downloaded in
//!   chunks under a size cap ([`Download`]).
//!
//! ```no_run
//! # async fn demo(store: std::sync::Arc<dyn cardsmith_upstream::TokenStore>) -> cardsmith_upstream::Result<()> {
//! use cardsmith_upstream::{UpstreamClient, UpstreamConfig};
//! let redirect = "https://cards.example/player-accounts/callback".parse().unwrap();
//! let client = UpstreamClient::new(UpstreamConfig::new("client-id", redirect))?;
//! let link = client.link_request(); // redirect the user to link.url, keep the rest
//! // ... callback with ?code&state, after checking link.state_matches(state):
//! let tokens = client.exchange_code("code", &link.pkce_verifier).await?;
//! let account = client.account(tokens.subject().unwrap_or_default(), store);
//! account.install(tokens).await?;
//! let devices = account.list_devices().await?;
//! # Ok(()) }
//! ```

mod api;
mod client;
mod config;
mod error;
pub mod guard;
pub mod model;
pub mod mqtt;
mod oauth;
mod pacer;
mod session;
pub mod stats;
mod tokens;
mod transport;

pub use client::{AccountClient, Download, UpstreamClient};
pub use config::{
    PollPolicy, RetryPolicy, UpstreamConfig, DEFAULT_API_URL, DEFAULT_AUTH_URL, SCOPES,
};
pub use error::{RelinkReason, Result, UpstreamError};
pub use oauth::LinkRequest;
pub use pacer::Pacer;
pub use tokens::{StoreError, TokenSet, TokenStore};
