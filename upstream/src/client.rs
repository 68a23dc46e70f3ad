//! Entry points: [`UpstreamClient`] (one per process) and [`AccountClient`] (one linked account).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use reqwest::header::{ACCEPT, CONTENT_TYPE};
use reqwest::Method;
use serde::de::DeserializeOwned;
use serde::Serialize;
use url::Url;

use crate::config::UpstreamConfig;
use crate::error::{Result, UpstreamError};
use crate::guard;
use crate::oauth::{LinkRequest, OAuth};
use crate::session::{AccountSession, TokenContext};
use crate::stats::Target;
use crate::tokens::{TokenSet, TokenStore};
use crate::transport::{respond_with_backoff, send_with_backoff, Answer};

struct Inner {
    config: UpstreamConfig,
    http: reqwest::Client,
    oauth: OAuth,
    /// One session per account key for the life of the client, so every handle on an account
    /// shares its refresh lock and pacer.
    sessions: Mutex<HashMap<String, Arc<AccountSession>>>,
}

/// The platform client. Cheap to clone; create one per process.
#[derive(Clone)]
pub struct UpstreamClient {
    inner: Arc<Inner>,
}

impl UpstreamClient {
    pub fn new(mut config: UpstreamConfig) -> Result<Self> {
        // Relative joins need a trailing slash, or the last path segment of a prefix is lost.
        for url in [&mut config.api_url, &mut config.auth_url] {
            if !url.path().ends_with('/') {
                let path = format!("{}/", url.path());
                url.set_path(&path);
            }
        }
        // No redirects anywhere: oauth2 requires it against SSRF, and pre-signed URLs must
        // not bounce us (with our headers) somewhere else.
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(config.request_timeout)
            .user_agent(concat!("cardsmith-upstream/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(UpstreamError::transport)?;
        let oauth = OAuth::new(&config, http.clone())?;
        Ok(Self {
            inner: Arc::new(Inner {
                config,
                http,
                oauth,
                sessions: Mutex::new(HashMap::new()),
            }),
        })
    }

    pub fn config(&self) -> &UpstreamConfig {
        &self.inner.config
    }

    /// Whether the configured API host answers HTTP at all, within `limit`: any status counts
    /// (the base path needs no token and may well be a 404), only a transport failure does not.
    /// No token is sent and, as everywhere, no redirect is followed, so this reaches nothing but
    /// the configured host.
    pub async fn ping(&self, limit: std::time::Duration) -> Result<u16> {
        let answer = self
            .inner
            .http
            .get(self.inner.config.api_url.clone())
            .timeout(limit)
            .send()
            .await;
        crate::stats::record(
            crate::stats::Target::Api,
            answer.as_ref().ok().map(|a| a.status().as_u16()),
        );
        Ok(answer.map_err(UpstreamError::transport)?.status().as_u16())
    }

    /// Starts a link: the URL to send the user to, plus the state and PKCE verifier to keep.
    pub fn link_request(&self) -> LinkRequest {
        self.inner.oauth.link_request()
    }

    /// Exchanges the callback's `code` for tokens. Save them with [`AccountClient::install`]
    /// (the account key is often [`TokenSet::subject`]).
    pub async fn exchange_code(&self, code: &str, pkce_verifier: &str) -> Result<TokenSet> {
        self.inner.oauth.exchange_code(code, pkce_verifier).await
    }

    /// A handle on one linked account whose tokens live in `store` under `account`.
    pub fn account(&self, account: impl Into<String>, store: Arc<dyn TokenStore>) -> AccountClient {
        let account = account.into();
        let session = {
            let mut sessions = self
                .inner
                .sessions
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            sessions
                .entry(account.clone())
                .or_insert_with(|| Arc::new(AccountSession::new(self.inner.config.track_pacing)))
                .clone()
        };
        AccountClient {
            inner: self.inner.clone(),
            account,
            store,
            session,
        }
    }
}

/// Calls on behalf of one linked account. Cheap to clone.
#[derive(Clone)]
pub struct AccountClient {
    inner: Arc<Inner>,
    account: String,
    store: Arc<dyn TokenStore>,
    session: Arc<AccountSession>,
}

/// A request to the API host; the path is given as segments so ids are always escaped.
pub(crate) struct ApiRequest {
    method: Method,
    segments: Vec<String>,
    query: Vec<(&'static str, String)>,
    body: Option<(Bytes, String)>,
}

impl ApiRequest {
    pub fn new(method: Method, segments: &[&str]) -> Self {
        Self {
            method,
            segments: segments.iter().map(|s| (*s).to_owned()).collect(),
            query: Vec::new(),
            body: None,
        }
    }

    pub fn query(mut self, key: &'static str, value: impl Into<String>) -> Self {
        self.query.push((key, value.into()));
        self
    }

    pub fn json(self, body: &impl Serialize) -> Result<Self> {
        let bytes = serde_json::to_vec(body).map_err(|e| UpstreamError::Decode {
            status: 0,
            message: format!("request body: {e}"),
        })?;
        Ok(self.bytes(bytes.into(), "application/json"))
    }

    pub fn bytes(mut self, body: Bytes, content_type: impl Into<String>) -> Self {
        self.body = Some((body, content_type.into()));
        self
    }
}

impl AccountClient {
    /// The caller's key of this account.
    pub fn account(&self) -> &str {
        &self.account
    }

    /// Saves a token set from [`UpstreamClient::exchange_code`] and makes it current. This
    /// also clears a previous "needs relink" state.
    pub async fn install(&self, tokens: TokenSet) -> Result<()> {
        self.session
            .install(self.store.as_ref(), &self.account, tokens)
            .await
    }

    /// Forgets cached tokens, e.g. after the caller replaced them in the store.
    pub async fn forget_cached_tokens(&self) {
        self.session.forget().await;
    }

    /// A valid access token (refreshed if needed); for calls this crate does not cover.
    pub async fn access_token(&self) -> Result<String> {
        self.session.access_token(&self.token_context()).await
    }

    /// Says that `access_token` was refused (by the broker, which cannot answer 401): the
    /// next [`Self::access_token`] refreshes, unless another caller already did.
    pub async fn reject_access_token(&self, access_token: &str) {
        self.session.reject(access_token).await;
    }

    fn token_context(&self) -> TokenContext<'_> {
        TokenContext {
            oauth: &self.inner.oauth,
            store: self.store.as_ref(),
            account: &self.account,
            leeway: self.inner.config.refresh_leeway,
        }
    }

    pub(crate) fn config(&self) -> &UpstreamConfig {
        &self.inner.config
    }

    /// Waits for this account's next track-operation turn.
    pub(crate) async fn pace(&self) {
        self.session.pacer.wait_turn().await;
    }

    /// Sends an API request with the bearer token and decodes the JSON answer.
    pub(crate) async fn call<T: DeserializeOwned>(&self, request: ApiRequest) -> Result<T> {
        self.send(request).await?.json()
    }

    /// Sends an API request with the bearer token. A 401 makes us refresh and try once more
    /// (the token may have been revoked before its announced expiry); 429 backs off.
    pub(crate) async fn send(&self, request: ApiRequest) -> Result<Answer> {
        let mut url = self.inner.config.api_url.clone();
        url.path_segments_mut()
            .map_err(|()| UpstreamError::UnsafeUrl("API URL cannot have a path".into()))?
            .pop_if_empty()
            .extend(&request.segments);
        let mut retried_unauthorized = false;
        loop {
            let token = self.access_token().await?;
            let answer = send_with_backoff(&self.inner.config.retry, Target::Api, || {
                let mut builder = self
                    .inner
                    .http
                    .request(request.method.clone(), url.clone())
                    .bearer_auth(&token)
                    .header(ACCEPT, "application/json")
                    .query(&request.query);
                if let Some((body, content_type)) = &request.body {
                    builder = builder
                        .header(CONTENT_TYPE, content_type)
                        .body(body.clone());
                }
                builder
            })
            .await?;
            if answer.status == 401 && !retried_unauthorized {
                retried_unauthorized = true;
                self.session.reject(&token).await;
                continue;
            }
            if !answer.is_success() {
                return Err(answer.into_error());
            }
            return Ok(answer);
        }
    }

    /// Sends a request to a pre-signed storage URL handed out by the API: never with our
    /// bearer token, never following redirects, never downgrading to plain http when the API
    /// itself is https, and only to a public address unless the URL is on a configured
    /// platform host (see [`Self::presigned_client`]).
    pub(crate) async fn send_presigned(
        &self,
        method: Method,
        raw_url: &str,
        body: Option<(Bytes, &str)>,
    ) -> Result<Answer> {
        let response = self.respond_presigned(method, raw_url, body).await?;
        let status = response.status().as_u16();
        let body = response.bytes().await.map_err(UpstreamError::transport)?;
        let answer = Answer { status, body };
        if answer.is_success() {
            Ok(answer)
        } else {
            Err(answer.into_error())
        }
    }

    /// Starts downloading a pre-signed URL (audio, icon, cover) under the same rules as
    /// [`Self::send_presigned`]; the body is then read in chunks, never more than `limit`
    /// bytes. An expired URL is an [`UpstreamError::Api`] with status 403.
    pub async fn download_signed(&self, raw_url: &str, limit: u64) -> Result<Download> {
        let response = self.respond_presigned(Method::GET, raw_url, None).await?;
        let status = response.status().as_u16();
        if !(200..300).contains(&status) {
            let body = response.bytes().await.map_err(UpstreamError::transport)?;
            return Err(Answer { status, body }.into_error());
        }
        if response
            .content_length()
            .is_some_and(|length| length > limit)
        {
            return Err(UpstreamError::TooLarge { limit });
        }
        Ok(Download {
            response,
            limit,
            received: 0,
        })
    }

    async fn respond_presigned(
        &self,
        method: Method,
        raw_url: &str,
        body: Option<(Bytes, &str)>,
    ) -> Result<reqwest::Response> {
        let url = self.check_presigned(raw_url)?;
        let http = self.presigned_client(&url).await?;
        respond_with_backoff(&self.inner.config.retry, Target::Storage, || {
            let mut builder = http
                .request(method.clone(), url.clone())
                .timeout(self.inner.config.transfer_timeout);
            if let Some((bytes, content_type)) = &body {
                builder = builder
                    .header(CONTENT_TYPE, *content_type)
                    .body(bytes.clone());
            }
            builder
        })
        .await
    }

    /// The client for a pre-signed URL. The configured platform hosts are trusted as
    /// configured (the simulator of demo mode and tests lives on 127.0.0.1); any other host
    /// must resolve to public addresses only (unless `allow_private_addresses`), and is then
    /// reached at exactly those addresses, bypassing any proxy.
    async fn presigned_client(&self, url: &Url) -> Result<reqwest::Client> {
        let config = &self.inner.config;
        if url.origin() == config.api_url.origin() || url.origin() == config.auth_url.origin() {
            return Ok(self.inner.http.clone());
        }
        let host = url.host_str().unwrap_or_default();
        let addrs = guard::resolve_public(url, config.allow_private_addresses)
            .await
            .map_err(|e| UpstreamError::UnsafeUrl(format!("a file at {host}: {e}")))?;
        guard::pinned_client(url, &addrs, config.transfer_timeout).map_err(UpstreamError::transport)
    }

    fn check_presigned(&self, raw: &str) -> Result<Url> {
        let url =
            Url::parse(raw).map_err(|e| UpstreamError::UnsafeUrl(format!("not a URL: {e}")))?;
        let api_scheme = self.inner.config.api_url.scheme();
        let allowed = match url.scheme() {
            "https" => true,
            "http" => api_scheme == "http",
            _ => false,
        };
        if !allowed {
            return Err(UpstreamError::UnsafeUrl(format!(
                "{} URL while the API is {api_scheme}",
                url.scheme()
            )));
        }
        Ok(url)
    }
}

/// A download from a pre-signed URL, read chunk by chunk so a large file is never held whole
/// in memory; more than its limit is an error ([`UpstreamError::TooLarge`]).
pub struct Download {
    response: reqwest::Response,
    limit: u64,
    received: u64,
}

impl std::fmt::Debug for Download {
    /// The URL is left out: its query is a credential.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Download")
            .field("status", &self.response.status())
            .field("limit", &self.limit)
            .field("received", &self.received)
            .finish()
    }
}

impl Download {
    /// The size the host announced, if it did.
    pub fn content_length(&self) -> Option<u64> {
        self.response.content_length()
    }

    /// The next piece of the body; `None` at its end.
    pub async fn chunk(&mut self) -> Result<Option<Bytes>> {
        let Some(chunk) = self
            .response
            .chunk()
            .await
            .map_err(UpstreamError::transport)?
        else {
            return Ok(None);
        };
        self.received += chunk.len() as u64;
        if self.received > self.limit {
            return Err(UpstreamError::TooLarge { limit: self.limit });
        }
        Ok(Some(chunk))
    }

    /// The whole body in memory, for small files (icons, covers) and tests.
    pub async fn bytes(mut self) -> Result<Bytes> {
        let mut all = bytes::BytesMut::new();
        while let Some(chunk) = self.chunk().await? {
            all.extend_from_slice(&chunk);
        }
        Ok(all.freeze())
    }
}
