//! The HTTP side of sessions: reading the cookie, the `Caller` extractor, and the guard that
//! rejects cross-origin writes made by browsers.

use std::sync::Arc;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cardsmith_core::auth::{cookie, session};
use cardsmith_core::Actor;

use crate::problem::ApiError;
use crate::state::{AppState, HttpSettings};

/// The session token the request carries, if any.
pub fn token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(cookie::token_from_header)
}

/// The signed-in caller. Extracting it answers 401 when there is no live session; what the
/// caller may do is decided by the service it calls.
pub struct Caller(pub Actor);

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let actor = session::authenticate(&state.core, token(&parts.headers)).await?;
        Ok(Caller(actor))
    }
}

/// Rejects state-changing requests that a browser sends on behalf of another site.
///
/// Browsers label requests with `Sec-Fetch-Site` and `Origin`; SameSite=Lax already keeps the
/// cookie off cross-site POSTs, and this closes the remaining gaps (same-site subdomains, old
/// browsers). Clients that are not browsers send neither header and pass.
pub async fn reject_cross_origin(
    State(http): State<Arc<HttpSettings>>,
    req: Request,
    next: Next,
) -> Response {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if safe || is_same_origin(req.headers(), &http.public_origin) {
        return next.run(req).await;
    }
    ApiError::new(
        StatusCode::FORBIDDEN,
        "cross-origin writes are not allowed; use the app's own pages or a non-browser client",
    )
    .into_response()
}

fn is_same_origin(headers: &HeaderMap, public_origin: &str) -> bool {
    let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if matches!(fetch_site, Some("cross-site" | "same-site")) {
        return false;
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let origin = origin.to_ascii_lowercase();
    if origin == public_origin {
        return true;
    }
    // Behind a proxy or on another interface the Host header names the origin the page came from.
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .map(str::to_ascii_lowercase);
    host.is_some_and(|host| {
        origin == format!("http://{host}") || origin == format!("https://{host}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn origin_rules() {
        let public = "https://cards.example.org";
        assert!(is_same_origin(&headers(&[]), public));
        assert!(is_same_origin(
            &headers(&[("origin", "https://cards.example.org")]),
            public
        ));
        assert!(is_same_origin(
            &headers(&[
                ("origin", "http://127.0.0.1:3000"),
                ("host", "127.0.0.1:3000")
            ]),
            public
        ));
        assert!(!is_same_origin(
            &headers(&[("origin", "https://evil.example")]),
            public
        ));
        assert!(!is_same_origin(&headers(&[("origin", "null")]), public));
        assert!(!is_same_origin(
            &headers(&[("sec-fetch-site", "cross-site")]),
            public
        ));
        assert!(is_same_origin(
            &headers(&[("sec-fetch-site", "same-origin")]),
            public
        ));
    }
}
