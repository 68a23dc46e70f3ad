//! The HTTP side of sessions: reading the cookie, the client address, the `Caller`,
//! `AdminCaller` and `ClientAddr` extractors, and the guard that rejects cross-origin writes
//! made by browsers.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cardsmith_core::auth::{self, cookie, session, ClientIp};
use cardsmith_core::{Actor, Core};

use crate::problem::ApiError;
use crate::state::{AppState, HttpSettings};

/// The session token the request carries, if any. Behind https only the `__Host-` cookie
/// counts (see [`cookie::SECURE_SESSION_COOKIE`]).
pub fn token<'h>(headers: &'h HeaderMap, core: &Core) -> Option<&'h str> {
    cookie::session_token(headers, core.settings.secure_cookies)
}

/// The signed-in caller. Extracting it answers 401 when there is no live session; what the
/// caller may do is decided by the service it calls.
pub struct Caller(pub Actor);

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let actor = session::authenticate(&state.core, token(&parts.headers, &state.core)).await?;
        let ClientIp(ip) = parts.extensions.get().copied().unwrap_or_default();
        let request_locale = parts.extensions.get().copied().unwrap_or_default();
        Ok(Caller(Actor { ip, ..actor }.reading(request_locale)))
    }
}

/// A signed-in admin: 401 without a session, 403 for anybody else.
///
/// Admin handlers take this before their body extractor (axum runs extractors in order and
/// the body one must be last), so a non-admin gets 403 whatever they send and learns nothing
/// from how the body would have been judged (400, 415, 422).
pub struct AdminCaller(pub Actor);

impl FromRequestParts<AppState> for AdminCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Caller(actor) = Caller::from_request_parts(parts, state).await?;
        actor.require_admin()?;
        Ok(AdminCaller(actor))
    }
}

/// The address the request came from, as [`resolve_client`] found it; `None` when unknown
/// (a router driven without a socket). Never rejects.
pub struct ClientAddr(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let ClientIp(ip) = parts.extensions.get().copied().unwrap_or_default();
        Ok(ClientAddr(ip))
    }
}

/// Middleware: records the client address in the request's extensions ([`ClientIp`]) for
/// REST handlers and server functions alike. It is the TCP peer (the server is served with
/// connect info), or the last `X-Forwarded-For` entry when `--trust-forwarded-for` says a
/// reverse proxy in front sets it.
pub async fn resolve_client(State(core): State<Core>, mut req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|v| v.to_str().ok());
    let ip = auth::client_address(peer, forwarded, core.settings.trust_forwarded_for);
    req.extensions_mut().insert(ClientIp(ip));
    next.run(req).await
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
