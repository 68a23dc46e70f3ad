//! Image responses with ETag revalidation (uploads are read by [`super::multipart`]).

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// An image keyed by its content hash: `304` when the client already has it.
pub fn image_response(
    headers: &HeaderMap,
    bytes: Vec<u8>,
    content_type: &str,
    hash: &str,
) -> Response {
    let mut response = if etag_matches(headers, hash) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, content_type.to_owned())], bytes).into_response()
    };
    set_validators(response.headers_mut(), hash);
    response
}

/// Whether the request's `If-None-Match` names the content with this hash (or `*`).
pub fn etag_matches(headers: &HeaderMap, hash: &str) -> bool {
    let etag = format!("\"{hash}\"");
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

/// The headers of content served by hash: its ETag, and `no-cache` because the URL names a
/// card or track, not the bytes, so clients revalidate (cheap with the ETag).
pub fn set_validators(h: &mut HeaderMap, hash: &str) {
    h.insert(
        header::ETAG,
        HeaderValue::from_str(&format!("\"{hash}\"")).expect("hex etag"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
}
