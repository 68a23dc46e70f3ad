//! RFC 7240 `Prefer: respond-async` for the generating operations the spec answers with 200
//! (a cover preview, an icon batch): a client written from the spec gets its answer in the
//! response, as the spec says; a client that prefers not to wait (our UI, for a paid
//! provider that may take minutes) gets `202` with the job's id and `Location`, then polls
//! `GET /jobs/{id}`, whose `result` is the body the synchronous call answers.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_model::job::JobIDOutputBody;

/// Whether the request's `Prefer` header asks for `respond-async` (one of its preferences,
/// any case, parameters ignored).
pub fn prefers_async(headers: &HeaderMap) -> bool {
    headers
        .get_all("prefer")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|p| p.split(';').next())
        .any(|token| token.trim().eq_ignore_ascii_case("respond-async"))
}

/// `202 Accepted`: the job's id in the body and its address in `Location`, and
/// `Preference-Applied: respond-async`.
pub fn accepted(job_id: String) -> Response {
    let location = format!("/api/jobs/{job_id}");
    let mut response = (StatusCode::ACCEPTED, Json(JobIDOutputBody { job_id })).into_response();
    let h = response.headers_mut();
    if let Ok(location) = HeaderValue::from_str(&location) {
        h.insert(header::LOCATION, location);
    }
    h.insert(
        "preference-applied",
        HeaderValue::from_static("respond-async"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn respond_async_is_found_among_preferences() {
        let with = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert("prefer", HeaderValue::from_str(v).unwrap());
            prefers_async(&h)
        };
        assert!(with("respond-async"));
        assert!(with("return=minimal, Respond-Async; wait=10"));
        assert!(!with("return=representation"));
        assert!(!with("respond-asynchronously"));
        assert!(!prefers_async(&HeaderMap::new()));
    }
}
