//! Sending one HTTP request politely: 429 backoff honouring `Retry-After`, and turning error
//! answers into [`UpstreamError::Api`] with the platform's message.

use std::time::Duration;

use bytes::Bytes;
use reqwest::header::{HeaderMap, RETRY_AFTER};
use serde::de::DeserializeOwned;

use crate::config::RetryPolicy;
use crate::error::{Result, UpstreamError};
use crate::stats::{self, Target};

/// A received answer, any status.
pub(crate) struct Answer {
    pub status: u16,
    pub body: Bytes,
}

impl Answer {
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The answer as an error (call only for non-success answers).
    pub fn into_error(self) -> UpstreamError {
        let (code, message) = error_from_body(self.status, &self.body);
        UpstreamError::Api {
            status: self.status,
            code,
            message,
        }
    }

    /// Success body as JSON, or the answer as an error.
    pub fn json<T: DeserializeOwned>(self) -> Result<T> {
        if !self.is_success() {
            return Err(self.into_error());
        }
        serde_json::from_slice(&self.body).map_err(|e| UpstreamError::Decode {
            status: self.status,
            message: e.to_string(),
        })
    }
}

/// Sends the request `build` makes, again after a pause while the server answers 429, at most
/// `policy.max_attempts` times. Returns the last answer whatever its status.
pub(crate) async fn send_with_backoff(
    policy: &RetryPolicy,
    target: Target,
    build: impl Fn() -> reqwest::RequestBuilder,
) -> Result<Answer> {
    let response = respond_with_backoff(policy, target, build).await?;
    let status = response.status().as_u16();
    let body = response.bytes().await.map_err(UpstreamError::transport)?;
    Ok(Answer { status, body })
}

/// Like [`send_with_backoff`], handing over the last response with its body unread (to be
/// streamed). Every attempt is counted in [`stats`] under `target`.
pub(crate) async fn respond_with_backoff(
    policy: &RetryPolicy,
    target: Target,
    build: impl Fn() -> reqwest::RequestBuilder,
) -> Result<reqwest::Response> {
    let mut attempt = 1;
    loop {
        let sent = build().send().await;
        stats::record(target, sent.as_ref().ok().map(|r| r.status().as_u16()));
        let response = sent.map_err(UpstreamError::transport)?;
        let status = response.status().as_u16();
        if status == 429 && attempt < policy.max_attempts {
            let wait = policy.delay(attempt, retry_after(response.headers()));
            // the host only: a pre-signed URL's query is a credential
            let host = response.url().host_str().unwrap_or_default().to_owned();
            tracing::debug!(attempt, ?wait, %host, "upstream rate limited; backing off");
            drop(response);
            tokio::time::sleep(wait).await;
            attempt += 1;
            continue;
        }
        return Ok(response);
    }
}

/// `Retry-After` as delay-seconds or as an HTTP date.
pub(crate) fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    (at.with_timezone(&chrono::Utc) - chrono::Utc::now())
        .to_std()
        .ok()
        .or(Some(Duration::ZERO))
}

/// The platform's error code and message from an error body. The API sends
/// `{"error":{"code","message"}}`, the auth host `{"error","error_description"}`, storage an
/// S3-style XML document; anything else is reported verbatim (shortened).
pub(crate) fn error_from_body(status: u16, body: &[u8]) -> (Option<String>, String) {
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(body) {
        let text = |v: Option<&serde_json::Value>| v.and_then(|v| v.as_str()).map(str::to_owned);
        match value.get("error") {
            Some(serde_json::Value::Object(e)) => {
                if let Some(message) = text(e.get("message")) {
                    return (text(e.get("code")), message);
                }
            }
            Some(serde_json::Value::String(code)) => {
                let message = text(value.get("error_description")).unwrap_or_else(|| code.clone());
                return (Some(code.clone()), message);
            }
            _ => {}
        }
        if let Some(message) = text(value.get("message")) {
            return (text(value.get("code")), message);
        }
    }
    let raw = String::from_utf8_lossy(body);
    if let Some(message) = xml_element(&raw, "Message") {
        return (xml_element(&raw, "Code"), message);
    }
    let trimmed: String = raw.trim().chars().take(300).collect();
    if trimmed.is_empty() {
        let reason = reqwest::StatusCode::from_u16(status)
            .ok()
            .and_then(|s| s.canonical_reason())
            .unwrap_or("error");
        (None, reason.to_owned())
    } else {
        (None, trimmed)
    }
}

fn xml_element(doc: &str, name: &str) -> Option<String> {
    let open = format!("<{name}>");
    let start = doc.find(&open)? + open.len();
    let end = doc[start..].find(&format!("</{name}>"))? + start;
    Some(doc[start..end].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_documented_error_shape() {
        assert_eq!(
            error_from_body(
                400,
                br#"{"error":{"code":"bad-request","message":"Deleted card cannot be restored"}}"#
            ),
            (
                Some("bad-request".into()),
                "Deleted card cannot be restored".into()
            )
        );
        assert_eq!(
            error_from_body(
                403,
                br#"{"error":"invalid_grant","error_description":"Unknown or invalid refresh token."}"#
            ),
            (
                Some("invalid_grant".into()),
                "Unknown or invalid refresh token.".into()
            )
        );
        assert_eq!(
            error_from_body(
                403,
                b"<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>"
            ),
            (Some("AccessDenied".into()), "Request has expired".into())
        );
        assert_eq!(error_from_body(502, b""), (None, "Bad Gateway".into()));
        assert_eq!(error_from_body(500, b"boom"), (None, "boom".into()));
    }

    #[test]
    fn retry_after_accepts_seconds_and_dates() {
        let mut h = HeaderMap::new();
        h.insert(RETRY_AFTER, "7".parse().unwrap());
        assert_eq!(retry_after(&h), Some(Duration::from_secs(7)));
        h.insert(
            RETRY_AFTER,
            "Wed, 21 Oct 2015 07:28:00 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&h), Some(Duration::ZERO));
        h.insert(RETRY_AFTER, "soon".parse().unwrap());
        assert_eq!(retry_after(&h), None);
    }
}
