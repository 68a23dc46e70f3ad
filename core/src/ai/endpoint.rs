//! From a provider record to a [`wire::Endpoint`]: its key opened, and where to send with
//! which client.
//!
//! The base URL is the record's own when it has one, else the operator's default for the
//! kind (`--ai-base-url KIND=URL`), else the provider's public address. An admin's record and
//! the operator's URLs are trusted. A *user's* record reaches only addresses the SSRF guard
//! checked (public ones, unless the operator allows private AI URLs), through a client pinned
//! to them that follows no redirects: its own URL, or the operator's default for its kind,
//! both guarded. The one address a user's record reaches unguarded is the kind's public one
//! (`api.openai.com`, …), which is ours, not theirs. The local kinds (Ollama,
//! OpenAI-compatible) have no public address: their built-in loopback defaults serve admins'
//! records only, so a user's record without a URL is refused instead of reaching a server on
//! this machine.

use std::net::SocketAddr;

use cardsmith_upstream::guard;
use url::Url;

use super::repo::{ProviderRow, OWNER_USER};
use super::wire;
use crate::Core;

/// What to call, before its URL and client are settled.
pub(crate) struct Target<'a> {
    pub kind: &'a str,
    pub model: &'a str,
    pub api_key: Option<String>,
    /// The record's own base URL, if any.
    pub base_url: Option<&'a str>,
    /// Whether `base_url` came from a user (then the SSRF guard applies).
    pub user_supplied: bool,
}

/// The addresses a user's URL may be contacted at, or why it may not (in words).
pub(crate) async fn guard(core: &Core, url: &Url) -> Result<Vec<SocketAddr>, String> {
    guard::resolve_public(url, core.settings.allow_private_ai_urls)
        .await
        .map_err(|e| e.to_string())
}

/// The endpoint of a stored record. Errors are sentences a user may read.
pub(crate) async fn for_row(core: &Core, row: &ProviderRow) -> Result<wire::Endpoint, String> {
    let api_key = match &row.api_key_sealed {
        None => None,
        Some(sealed) => {
            let plain = core.key.open(sealed, row.id.as_bytes()).map_err(|e| {
                tracing::error!(provider_id = %row.id, error = %e, "a provider key does not open");
                "its stored key cannot be read; enter the key again".to_owned()
            })?;
            Some(String::from_utf8(plain).map_err(|_| "its stored key is damaged".to_owned())?)
        }
    };
    build(
        core,
        Target {
            kind: &row.provider,
            model: &row.model,
            api_key,
            base_url: row.base_url.as_deref(),
            user_supplied: row.owner_type == OWNER_USER,
        },
    )
    .await
}

/// The endpoint of `target`.
pub(crate) async fn build(core: &Core, target: Target<'_>) -> Result<wire::Endpoint, String> {
    let kind = wire::Kind::parse(target.kind)
        .ok_or_else(|| format!("{} is not a provider kind", target.kind))?;
    let timeout = core.settings.ai_timeout;
    let own = target
        .base_url
        .map(|u| Url::parse(u).map_err(|_| "its base URL is not a URL".to_owned()))
        .transpose()?;
    let (base_url, client) = if target.user_supplied {
        let Some(url) = own.or_else(|| core.settings.ai_base_urls.get(target.kind).cloned()) else {
            let public = wire::public_base_url(kind).ok_or_else(|| {
                format!("a {} provider of yours must name its base URL", target.kind)
            })?;
            return Ok(endpoint(
                target,
                kind,
                public,
                trusted_client(timeout)?,
                timeout,
            ));
        };
        let addrs = guard(core, &url).await?;
        let client = guard::pinned_client(&url, &addrs, timeout)
            .map_err(|e| internal("pinned client", e))?;
        (url, client)
    } else {
        let url = own
            .or_else(|| core.settings.ai_base_urls.get(target.kind).cloned())
            .unwrap_or_else(|| wire::default_base_url(kind));
        (url, trusted_client(timeout)?)
    };
    Ok(endpoint(target, kind, base_url, client, timeout))
}

fn endpoint(
    target: Target<'_>,
    kind: wire::Kind,
    base_url: Url,
    client: reqwest::Client,
    timeout: std::time::Duration,
) -> wire::Endpoint {
    wire::Endpoint {
        kind,
        base_url,
        api_key: target.api_key,
        model: target.model.to_owned(),
        timeout,
        client,
    }
}

/// A client for addresses the operator or an admin chose: the environment's proxy settings
/// apply (an operator may need one); redirects are not followed.
fn trusted_client(timeout: std::time::Duration) -> Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(timeout)
        .user_agent(concat!("cardsmith/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| internal("client", e))
}

fn internal(what: &str, e: impl std::fmt::Display) -> String {
    tracing::error!(error = %e, "building the {what} for a provider call");
    "the server could not prepare the call; the cause is in its log".to_owned()
}
