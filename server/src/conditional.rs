//! Conditional GETs for every JSON answer of the REST API: a strong `ETag` (a hash of the
//! body) on each `200`, and `304 Not Modified` without a body when `If-None-Match` names it.
//!
//! A client polling a card, a job or a collection then pays for the answer only when it
//! changed. Handlers that know their version cheaper than by hashing (the card list's
//! per-user list version, media named by content hash) set their own `ETag`; this layer leaves
//! those alone. Only `200` answers are tagged, so a `304` never says more than the `200`
//! would have: a caller who may not see a resource gets the same 404 as before, whatever tag
//! they send.

use axum::body::{to_bytes, Body, HttpBody};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// Larger JSON answers pass untagged, as do streamed ones (none is near it; the card list of
/// 1,000 cards is about 600 KiB and tags itself).
const MAX_TAGGED_BYTES: usize = 8 * 1024 * 1024;

/// Middleware: tags `GET`/`HEAD` JSON `200`s and answers `304` to a matching `If-None-Match`.
pub async fn json_validators(request: Request, next: Next) -> Response {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return next.run(request).await;
    }
    let if_none_match = request.headers().get(header::IF_NONE_MATCH).cloned();
    let response = next.run(request).await;
    if !taggable(&response) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_TAGGED_BYTES).await else {
        // The length was known and under the limit, so only a failing body gets here, and
        // its bytes are gone: say so rather than send a truncated answer.
        tracing::warn!("a JSON answer could not be buffered to tag it");
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let digest = Sha256::digest(&bytes);
    let tag = format!("\"j{}\"", hex::encode(&digest[..16]));
    let tag = HeaderValue::from_str(&tag).expect("hex is a valid header value");
    set_validators(&mut parts.headers, tag.clone());
    if if_none_match.is_some_and(|wanted| matches(&wanted, &tag)) {
        let mut not_modified = StatusCode::NOT_MODIFIED.into_response();
        for name in [header::ETAG, header::CACHE_CONTROL, header::VARY] {
            if let Some(value) = parts.headers.get(&name) {
                not_modified.headers_mut().insert(name, value.clone());
            }
        }
        return not_modified;
    }
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(bytes))
}

/// A `200` JSON answer that carries no validator of its own, of a known length under
/// [`MAX_TAGGED_BYTES`] (a streamed answer passes untagged, never buffered).
fn taggable(response: &Response) -> bool {
    let bounded = response
        .body()
        .size_hint()
        .exact()
        .is_some_and(|n| n <= MAX_TAGGED_BYTES as u64);
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    response.status() == StatusCode::OK
        && json
        && bounded
        && !response.headers().contains_key(header::ETAG)
}

/// The tag, and what caches must know: the answer depends on who asks (the cookie), and is
/// revalidated before reuse.
fn set_validators(headers: &mut HeaderMap, tag: HeaderValue) {
    headers.insert(header::ETAG, tag);
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("private, no-cache"));
    if !headers.contains_key(header::VARY) {
        headers.insert(header::VARY, HeaderValue::from_static("Cookie"));
    }
}

/// Whether `If-None-Match` names `tag` (or is `*`); weak tags compare by their opaque part,
/// as RFC 9110 §13.1.2 asks of `If-None-Match`.
pub(crate) fn matches(if_none_match: &HeaderValue, tag: &HeaderValue) -> bool {
    let (Ok(wanted), Ok(tag)) = (if_none_match.to_str(), tag.to_str()) else {
        return false;
    };
    wanted.split(',').map(str::trim).any(|candidate| {
        candidate == "*" || candidate.strip_prefix("W/").unwrap_or(candidate) == tag
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_lists_weak_tags_and_stars() {
        let tag = HeaderValue::from_static("\"jabc\"");
        for (header, hit) in [
            ("\"jabc\"", true),
            ("W/\"jabc\"", true),
            ("\"x\", \"jabc\"", true),
            ("*", true),
            ("\"jab\"", false),
            ("", false),
        ] {
            assert_eq!(
                matches(&HeaderValue::from_static(header), &tag),
                hit,
                "{header}"
            );
        }
    }
}
