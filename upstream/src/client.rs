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
use crate::oauth::{LinkRequest, OAuth};
use crate::session::{AccountSession, TokenContext};
use crate::tokens::{TokenSet, TokenStore};
use crate::transport::{send_with_backoff, Answer};

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
            let answer = send_with_backoff(&self.inner.config.retry, || {
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
    /// bearer token, never following redirects, and never downgrading to plain http when the
    /// API itself is https.
    pub(crate) async fn send_presigned(
        &self,
        method: Method,
        raw_url: &str,
        body: Option<(Bytes, &str)>,
    ) -> Result<Answer> {
        let url = self.check_presigned(raw_url)?;
        let answer = send_with_backoff(&self.inner.config.retry, || {
            let mut builder = self
                .inner
                .http
                .request(method.clone(), url.clone())
                .timeout(self.inner.config.transfer_timeout);
            if let Some((bytes, content_type)) = &body {
                builder = builder
                    .header(CONTENT_TYPE, *content_type)
                    .body(bytes.clone());
            }
            builder
        })
        .await?;
        if answer.is_success() {
            Ok(answer)
        } else {
            Err(answer.into_error())
        }
    }

    fn check_presigned(&self, raw: &str) -> Result<Url> {
        let url = Url::parse(raw).map_err(|e| UpstreamError::UnsafeUrl(format!("{raw}: {e}")))?;
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
