//! One call to a provider, the same way for every format: bounded retries of 429 (after the
//! `Retry-After` it asked for, if that is short) and 5xx (with backoff), a deadline per attempt,
//! a size cap on the answer before anything parses it, and statuses mapped to [`WireError`].
//!
//! What a provider says in an error body is logged, never put into the error: it can echo
//! our prompt or key fragments back, and it is not written for the people who see our
//! messages.

use std::time::Duration;

use reqwest::header::{HeaderMap, CONTENT_TYPE, RETRY_AFTER};
use reqwest::{RequestBuilder, Response, StatusCode};
use serde::de::DeserializeOwned;
use url::Url;

use super::{Endpoint, Kind, WireError};

/// Attempts per call (the first and two retries).
const MAX_ATTEMPTS: u32 = 3;
/// Backoff before the first retry of a 5xx (or of a 429 without `Retry-After`); doubles.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// The longest `Retry-After` we wait for. A provider that asks for longer is skipped now:
/// the cascade has other providers and the person is waiting.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(3);
/// How much of an error body we read for the log.
const ERROR_BODY_LOG_BYTES: usize = 2 * 1024;

/// Caps on what one answer may weigh, by what it carries.
pub(super) const TEXT_LIMIT: usize = 1024 * 1024;
pub(super) const IMAGE_LIMIT: usize = 20 * 1024 * 1024;
/// About twenty minutes of 16-bit mono speech at 22,050 Hz; a 4,096-character input speaks
/// in five.
pub(super) const SPEECH_LIMIT: usize = 48 * 1024 * 1024;

/// A successful answer, read within its cap.
pub(super) struct Answer {
    pub bytes: Vec<u8>,
    pub content_type: Option<String>,
}

impl Answer {
    /// The body as `T`; anything else is [`WireError::Malformed`] (the detail is logged).
    pub fn json<T: DeserializeOwned>(&self, ep: &Endpoint) -> Result<T, WireError> {
        serde_json::from_slice(&self.bytes).map_err(|e| {
            tracing::warn!(provider = %ep.kind, error = %e, "provider answer is not the expected JSON");
            WireError::Malformed("the answer is not in the expected format".into())
        })
    }
}

/// A client for operator-configured URLs: no proxy surprises beyond the environment's, no
/// redirects (an API answer never needs one, and following it could leave the host).
pub(super) fn plain_client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("cardsmith/", env!("CARGO_PKG_VERSION")))
        .build()
        .unwrap_or_default()
}

/// `route` (starting with `/`) under the endpoint's base URL and path prefix. A base URL that
/// already ends in the route's version segment (`…/v1`, as people often type it for
/// OpenAI-compatible servers) does not get it twice.
pub(super) fn route(ep: &Endpoint, route: &str) -> Url {
    let mut url = ep.base_url.clone();
    let prefix = url.path().trim_end_matches('/').to_owned();
    let route = match route.split_once('/').map(|(_, r)| r.split_once('/')) {
        Some(Some((version, rest))) if prefix.ends_with(&format!("/{version}")) => {
            format!("/{rest}")
        }
        _ => route.to_owned(),
    };
    url.set_path(&format!("{prefix}{route}"));
    url.set_query(None);
    url
}

/// Whether `name` (a model or voice id) may go into a URL path as it is.
pub(super) fn check_path_name(name: &str, what: &str) -> Result<(), WireError> {
    let ok = !name.is_empty()
        && name.len() <= 200
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/' | b':'))
        && !name.contains("..");
    if ok {
        Ok(())
    } else {
        Err(WireError::Rejected(format!("the {what} name is not valid")))
    }
}

/// Sends what `build` makes (once per attempt, so bodies need not be cloneable) and answers
/// the body of the first success, at most `limit` bytes.
pub(super) async fn call(
    ep: &Endpoint,
    limit: usize,
    build: impl Fn(&reqwest::Client) -> RequestBuilder,
) -> Result<Answer, WireError> {
    let mut attempt = 1;
    loop {
        let outcome = tokio::time::timeout(ep.timeout, attempt_once(ep, limit, &build)).await;
        let (error, wait) = match outcome {
            Err(_) => {
                tracing::warn!(provider = %ep.kind, attempt, "provider call timed out");
                return Err(WireError::Timeout);
            }
            Ok(Ok(answer)) => return Ok(answer),
            Ok(Err(Failure::Final(error))) => return Err(error),
            Ok(Err(Failure::Retry { error, wait })) => (error, wait),
        };
        let wait = wait.unwrap_or(FIRST_BACKOFF * 2u32.pow(attempt - 1));
        if attempt >= MAX_ATTEMPTS || wait > MAX_RETRY_WAIT {
            return Err(error);
        }
        tracing::info!(provider = %ep.kind, attempt, ?wait, error = %error, "retrying provider call");
        tokio::time::sleep(wait).await;
        attempt += 1;
    }
}

/// One attempt whose point is the status: a request the service refuses for its content
/// (400 or 422) after it accepted the key proves the key without costing anything.
pub(super) async fn probe(
    ep: &Endpoint,
    build: impl Fn(&reqwest::Client) -> RequestBuilder,
) -> Result<(), WireError> {
    let send = build(&ep.client).timeout(ep.timeout).send();
    let response = tokio::time::timeout(ep.timeout, send)
        .await
        .map_err(|_| WireError::Timeout)?
        .map_err(|e| transport_error(ep, &e))?;
    let status = response.status();
    if status.is_success() || matches!(status.as_u16(), 400 | 422) {
        return Ok(());
    }
    let head = log_error_body(ep, response).await;
    Err(status_error(ep, status, &head))
}

/// How one attempt ended when it did not succeed.
enum Failure {
    Final(WireError),
    /// Worth another attempt, after `wait` if the provider named one.
    Retry {
        error: WireError,
        wait: Option<Duration>,
    },
}

async fn attempt_once(
    ep: &Endpoint,
    limit: usize,
    build: &impl Fn(&reqwest::Client) -> RequestBuilder,
) -> Result<Answer, Failure> {
    let response = build(&ep.client)
        .timeout(ep.timeout)
        .send()
        .await
        .map_err(|e| Failure::Final(transport_error(ep, &e)))?;
    let status = response.status();
    if status.is_success() {
        let content_type = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.split(';').next().unwrap_or(v).trim().to_ascii_lowercase());
        let bytes = read_limited(ep, response, limit)
            .await
            .map_err(Failure::Final)?;
        return Ok(Answer {
            bytes,
            content_type,
        });
    }
    let wait = retry_after(response.headers());
    let head = log_error_body(ep, response).await;
    let error = status_error(ep, status, &head);
    if status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error() {
        Err(Failure::Retry { error, wait })
    } else {
        Err(Failure::Final(error))
    }
}

/// The error a non-success status stands for, in our own words. `head` (the start of the
/// error body) only tells apart what the status alone cannot: Gemini refuses a wrong key
/// with 400 `API_KEY_INVALID`.
fn status_error(ep: &Endpoint, status: StatusCode, head: &[u8]) -> WireError {
    let says = |needle: &str| head.windows(needle.len()).any(|w| w == needle.as_bytes());
    match status.as_u16() {
        400 if ep.kind == Kind::Gemini && says("API_KEY_INVALID") => WireError::Unauthorized,
        401 | 403 => WireError::Unauthorized,
        408 => WireError::Timeout,
        429 => WireError::RateLimited,
        code @ 500..=599 => WireError::Server(code),
        404 => WireError::Rejected("the model or route does not exist there".into()),
        413 => WireError::Rejected("the request is too large".into()),
        code => WireError::Rejected(format!("status {code}")),
    }
}

fn transport_error(ep: &Endpoint, error: &reqwest::Error) -> WireError {
    tracing::warn!(provider = %ep.kind, error = %error, "provider call failed");
    if error.is_timeout() {
        WireError::Timeout
    } else if error.is_connect() || error.is_request() {
        WireError::Unreachable
    } else {
        WireError::Malformed("the answer broke off".into())
    }
}

/// The body, refused as soon as it passes `limit` (declared or actual), so a broken or
/// hostile provider cannot make us buffer more.
async fn read_limited(
    ep: &Endpoint,
    mut response: Response,
    limit: usize,
) -> Result<Vec<u8>, WireError> {
    let too_large = || {
        tracing::warn!(provider = %ep.kind, limit, "provider answer exceeds the size cap");
        WireError::Malformed(format!(
            "the answer is larger than {} KiB",
            limit.div_ceil(1024)
        ))
    };
    if response
        .content_length()
        .is_some_and(|len| len > limit as u64)
    {
        return Err(too_large());
    }
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| transport_error(ep, &e))?
    {
        if body.len() + chunk.len() > limit {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Logs the start of an error answer (for the operator), reading no more than that, and
/// answers it.
async fn log_error_body(ep: &Endpoint, mut response: Response) -> Vec<u8> {
    let status = response.status().as_u16();
    let mut head = Vec::new();
    while head.len() < ERROR_BODY_LOG_BYTES {
        match response.chunk().await {
            Ok(Some(chunk)) => head.extend_from_slice(&chunk),
            _ => break,
        }
    }
    head.truncate(ERROR_BODY_LOG_BYTES);
    tracing::warn!(
        provider = %ep.kind,
        status,
        body = %String::from_utf8_lossy(&head),
        "provider answered an error"
    );
    head
}

/// `retry-after-ms` (OpenAI) or `Retry-After` in seconds or as an HTTP date.
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(ms) = text("retry-after-ms").and_then(|v| v.trim().parse::<f64>().ok()) {
        return duration_from_secs(ms / 1000.0);
    }
    let value = text(RETRY_AFTER.as_str())?.trim();
    if let Ok(secs) = value.parse::<f64>() {
        return duration_from_secs(secs);
    }
    let at = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    let secs = (at.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_milliseconds() as f64;
    duration_from_secs((secs / 1000.0).max(0.0))
}

fn duration_from_secs(secs: f64) -> Option<Duration> {
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(86_400.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ep(base: &str) -> Endpoint {
        Endpoint::new(Kind::OpenAiCompatible, Url::parse(base).unwrap(), None, "m")
    }

    #[test]
    fn routes_join_prefixes_without_doubling_the_version() {
        let cases = [
            ("http://h:1", "http://h:1/v1/models"),
            ("http://h:1/", "http://h:1/v1/models"),
            ("http://h:1/v1", "http://h:1/v1/models"),
            ("http://h:1/v1/", "http://h:1/v1/models"),
            ("http://h:1/proxy", "http://h:1/proxy/v1/models"),
        ];
        for (base, expected) in cases {
            assert_eq!(route(&ep(base), "/v1/models").as_str(), expected, "{base}");
        }
    }

    #[test]
    fn retry_after_reads_seconds_milliseconds_and_dates() {
        let mut headers = HeaderMap::new();
        headers.insert(RETRY_AFTER, "2".parse().unwrap());
        assert_eq!(retry_after(&headers), Some(Duration::from_secs(2)));
        headers.insert("retry-after-ms", "150".parse().unwrap());
        assert_eq!(retry_after(&headers), Some(Duration::from_millis(150)));
        let mut dated = HeaderMap::new();
        dated.insert(
            RETRY_AFTER,
            "Sun, 06 Nov 1994 08:49:37 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&dated), Some(Duration::ZERO));
        dated.insert(RETRY_AFTER, "soon".parse().unwrap());
        assert_eq!(retry_after(&dated), None);
    }

    #[test]
    fn path_names_refuse_traversal_and_odd_bytes() {
        assert!(check_path_name("gemini-2.5-flash", "model").is_ok());
        assert!(check_path_name("models/gemini-2.5-flash", "model").is_ok());
        for bad in ["", "../etc", "a b", "a?b", "a#b", "a%2e"] {
            assert!(check_path_name(bad, "model").is_err(), "{bad}");
        }
    }
}
