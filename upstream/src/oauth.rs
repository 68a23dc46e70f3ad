//! OAuth 2.0 Authorization Code + PKCE (S256) against the auth host, built on the `oauth2` crate.
//!
//! Every request carries `audience` = the API host: without it the auth host issues a token the
//! API rejects. 429 and 5xx answers of the token endpoint are surfaced with their status (the
//! `oauth2` crate would otherwise report them as unparsable bodies), and 429 is retried.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use chrono::Utc;
use oauth2::basic::{BasicClient, BasicErrorResponse, BasicErrorResponseType, BasicTokenResponse};
use oauth2::{
    AsyncHttpClient, AuthUrl, AuthorizationCode, ClientId, CsrfToken, EndpointNotSet, EndpointSet,
    HttpRequest, HttpResponse, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, RefreshToken,
    RequestTokenError, Scope, TokenResponse, TokenUrl,
};
use url::Url;

use crate::config::{RetryPolicy, UpstreamConfig};
use crate::error::{RelinkReason, Result, UpstreamError};
use crate::tokens::TokenSet;
use crate::transport::{error_from_body, retry_after};

/// Used when the token response has no `expires_in` (the platform always sends one).
const FALLBACK_LIFETIME: Duration = Duration::from_secs(3600);

type Client = BasicClient<EndpointSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointSet>;
type TokenError = RequestTokenError<TokenHttpError, BasicErrorResponse>;

/// Everything the caller keeps between sending the user to the auth host and the callback.
#[derive(Clone)]
pub struct LinkRequest {
    /// Where to send the user's browser.
    pub url: Url,
    /// Compare with the callback's `state` before exchanging the code (CSRF protection).
    pub csrf_state: String,
    /// Keep server side (never in the browser); needed by [`crate::UpstreamClient::exchange_code`].
    pub pkce_verifier: String,
}

impl std::fmt::Debug for LinkRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LinkRequest")
            .field("url", &self.url.as_str())
            .finish_non_exhaustive()
    }
}

impl LinkRequest {
    /// Constant-time-enough comparison of the callback's `state` with ours.
    pub fn state_matches(&self, returned: &str) -> bool {
        let (a, b) = (self.csrf_state.as_bytes(), returned.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

/// The outcome of a refresh that did not produce tokens.
pub(crate) enum RefreshFailure {
    /// The auth host refused this refresh token for good.
    Rejected(String),
    /// Anything else; the refresh token may still be valid.
    Other(UpstreamError),
}

pub(crate) struct OAuth {
    client: Client,
    http: TokenHttp,
    audience: String,
    scopes: Vec<String>,
    retry: RetryPolicy,
}

impl OAuth {
    pub fn new(config: &UpstreamConfig, http: reqwest::Client) -> Result<Self> {
        let endpoint = |path: &str| {
            config
                .auth_url
                .join(path)
                .map_err(|e| UpstreamError::UnsafeUrl(format!("auth URL: {e}")))
        };
        let client = BasicClient::new(ClientId::new(config.client_id.clone()))
            .set_auth_uri(AuthUrl::from_url(endpoint("authorize")?))
            .set_token_uri(TokenUrl::from_url(endpoint("oauth/token")?))
            .set_redirect_uri(RedirectUrl::from_url(config.redirect_uri.clone()));
        Ok(Self {
            client,
            http: TokenHttp(http),
            audience: config.audience.clone(),
            scopes: config.scopes.clone(),
            retry: config.retry,
        })
    }

    pub fn link_request(&self) -> LinkRequest {
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state) = self
            .client
            .authorize_url(CsrfToken::new_random)
            .add_scopes(self.scopes.iter().cloned().map(Scope::new))
            .add_extra_param("audience", self.audience.clone())
            .set_pkce_challenge(challenge)
            .url();
        LinkRequest {
            url,
            csrf_state: state.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
        }
    }

    pub async fn exchange_code(&self, code: &str, pkce_verifier: &str) -> Result<TokenSet> {
        let response = self
            .with_retry(|| {
                self.client
                    .exchange_code(AuthorizationCode::new(code.to_owned()))
                    .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_owned()))
                    .add_extra_param("audience", self.audience.clone())
                    .request_async(&self.http)
            })
            .await
            .map_err(|e| match e {
                TokenError::ServerResponse(r) => UpstreamError::OAuth {
                    error: r.error().to_string(),
                    description: r.error_description().cloned().unwrap_or_default(),
                },
                other => classify(other),
            })?;
        Ok(token_set(&response, None))
    }

    pub async fn refresh(&self, refresh_token: &str) -> Result<TokenSet, RefreshFailure> {
        let token = RefreshToken::new(refresh_token.to_owned());
        let response = self
            .with_retry(|| {
                self.client
                    .exchange_refresh_token(&token)
                    .add_extra_param("audience", self.audience.clone())
                    .request_async(&self.http)
            })
            .await
            .map_err(|e| match e {
                TokenError::ServerResponse(r) if is_terminal(r.error()) => {
                    RefreshFailure::Rejected(match r.error_description() {
                        Some(d) => format!("{}: {d}", r.error()),
                        None => r.error().to_string(),
                    })
                }
                TokenError::ServerResponse(r) => RefreshFailure::Other(UpstreamError::OAuth {
                    error: r.error().to_string(),
                    description: r.error_description().cloned().unwrap_or_default(),
                }),
                other => RefreshFailure::Other(classify(other)),
            })?;
        Ok(token_set(&response, Some(refresh_token)))
    }

    /// Runs a token request, retrying while the auth host answers 429.
    async fn with_retry<F, Fut>(&self, mut send: F) -> Result<BasicTokenResponse, TokenError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<BasicTokenResponse, TokenError>>,
    {
        let mut attempt = 1;
        loop {
            match send().await {
                Err(TokenError::Request(TokenHttpError::Status {
                    status: 429,
                    retry_after,
                    ..
                })) if attempt < self.retry.max_attempts => {
                    tokio::time::sleep(self.retry.delay(attempt, retry_after)).await;
                    attempt += 1;
                }
                other => return other,
            }
        }
    }
}

impl From<RefreshFailure> for UpstreamError {
    fn from(f: RefreshFailure) -> Self {
        match f {
            RefreshFailure::Rejected(m) => UpstreamError::relink(RelinkReason::RefreshRejected(m)),
            RefreshFailure::Other(e) => e,
        }
    }
}

/// Errors that mean "this grant is dead", as opposed to a malformed request on our side.
fn is_terminal(error: &BasicErrorResponseType) -> bool {
    matches!(
        error,
        BasicErrorResponseType::InvalidGrant
            | BasicErrorResponseType::InvalidClient
            | BasicErrorResponseType::UnauthorizedClient
            | BasicErrorResponseType::InvalidScope
    )
}

fn classify(error: TokenError) -> UpstreamError {
    match error {
        TokenError::Request(TokenHttpError::Status {
            status,
            body,
            retry_after: _,
        }) => {
            let (code, message) = error_from_body(status, &body);
            UpstreamError::Api {
                status,
                code,
                message,
            }
        }
        TokenError::Request(TokenHttpError::Transport(m)) => UpstreamError::Transport(m),
        TokenError::Parse(e, _) => UpstreamError::Decode {
            status: 200,
            message: e.to_string(),
        },
        TokenError::Other(m) => UpstreamError::Decode {
            status: 0,
            message: m,
        },
        TokenError::ServerResponse(r) => UpstreamError::OAuth {
            error: r.error().to_string(),
            description: r.error_description().cloned().unwrap_or_default(),
        },
    }
}

/// Keeps the previous refresh token when the answer carries none (the official example does
/// the same: `refresh_token || refreshToken`).
fn token_set(response: &BasicTokenResponse, previous_refresh: Option<&str>) -> TokenSet {
    let lifetime = response.expires_in().unwrap_or(FALLBACK_LIFETIME);
    TokenSet {
        access_token: response.access_token().secret().clone(),
        refresh_token: response
            .refresh_token()
            .map(|t| t.secret().clone())
            .or_else(|| previous_refresh.map(str::to_owned)),
        expires_at: Utc::now() + chrono::Duration::from_std(lifetime).unwrap_or_default(),
        scope: response.scopes().map(|s| {
            s.iter()
                .map(|scope| scope.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        }),
    }
}

/// The `oauth2` HTTP client: our shared reqwest client (redirects disabled), plus status
/// handling so rate limits and server errors keep their status.
struct TokenHttp(reqwest::Client);

#[derive(Debug, thiserror::Error)]
enum TokenHttpError {
    #[error("{0}")]
    Transport(String),
    #[error("auth host answered {status}")]
    Status {
        status: u16,
        retry_after: Option<Duration>,
        body: Vec<u8>,
    },
}

impl<'c> AsyncHttpClient<'c> for TokenHttp {
    type Error = TokenHttpError;
    type Future = Pin<Box<dyn Future<Output = Result<HttpResponse, TokenHttpError>> + Send + 'c>>;

    fn call(&'c self, request: HttpRequest) -> Self::Future {
        Box::pin(async move {
            let response = self.0.call(request).await;
            let status = response.as_ref().ok().map(|r| r.status().as_u16());
            crate::stats::record(crate::stats::Target::Auth, status);
            let response = response.map_err(|e| TokenHttpError::Transport(error_chain(&e)))?;
            let status = response.status().as_u16();
            if status == 429 || status >= 500 {
                return Err(TokenHttpError::Status {
                    status,
                    retry_after: retry_after(response.headers()),
                    body: response.into_body(),
                });
            }
            Ok(response)
        })
    }
}

/// An error and its sources on one line ("client error: operation timed out").
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}
