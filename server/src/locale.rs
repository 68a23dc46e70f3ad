//! Which language a request is answered in.
//!
//! In order: the language the person chose in Settings (stored on the account), else the
//! one picked in the language menu of the signed-out pages (a cookie on this device), else
//! the first of the browser's `Accept-Language` that Cardsmith speaks, else English. The
//! choice rides on the request (an extension) into the page render and the server functions.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Form;
use cardsmith_core::auth::{cookie, session};
use cardsmith_core::Core;
use cardsmith_i18n::Locale;
use serde::Deserialize;

/// The language menu's choice on this device.
pub const COOKIE: &str = "cardsmith_lang";

/// Puts the request's [`Locale`] on it.
pub async fn choose(State(core): State<Core>, mut req: Request, next: Next) -> Response {
    let locale = chosen(&core, req.uri().path(), req.headers()).await;
    req.extensions_mut().insert(locale);
    next.run(req).await
}

async fn chosen(core: &Core, path: &str, headers: &HeaderMap) -> Locale {
    if shows_pages(path) {
        if let Some(locale) = account_choice(core, headers).await {
            return locale;
        }
    }
    cookie_choice(headers)
        .or_else(|| browser_choice(headers))
        .unwrap_or_default()
}

/// Whether `path` may render words for a signed-in person (pages and server functions), so
/// their account's choice is worth a session lookup; files and the REST API are not.
fn shows_pages(path: &str) -> bool {
    const QUIET: [&str; 7] = [
        "/pkg/",
        "/api/",
        "/health",
        "/ready",
        "/metrics",
        "/openapi.yaml",
        "/favicon",
    ];
    !QUIET.iter().any(|prefix| path.starts_with(prefix))
}

async fn account_choice(core: &Core, headers: &HeaderMap) -> Option<Locale> {
    let token = cookie::session_token(headers, core.settings.secure_cookies)?;
    let actor = session::authenticate(core, Some(token)).await.ok()?;
    actor.user.locale?.parse().ok()
}

fn cookie_choice(headers: &HeaderMap) -> Option<Locale> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(COOKIE)?.strip_prefix('='))
        .and_then(|code| code.parse().ok())
}

/// `negotiate` reads at most its first 32 entries, and the HTTP server bounds the header.
fn browser_choice(headers: &HeaderMap) -> Option<Locale> {
    Locale::negotiate(headers.get(header::ACCEPT_LANGUAGE)?.to_str().ok()?)
}

/// The request's language for a REST handler: the language menu's cookie, else
/// `Accept-Language`, else English. Never rejects. (A signed-in [`crate::session::Caller`]
/// carries the account's own choice as `actor.locale`.)
pub struct Language(pub Locale);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Language {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(Language(
            parts.extensions.get().copied().unwrap_or_default(),
        ))
    }
}

/// The request's language, inside a page render or a server function (`leptos_axum` gives
/// them the request's parts).
pub fn of_render() -> Locale {
    leptos::prelude::use_context::<axum::http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<Locale>().copied())
        .unwrap_or_default()
}

/// The language menu's form: a language code (empty: follow the browser again) and the page
/// to go back to.
#[derive(Debug, Deserialize)]
pub struct MenuChoice {
    #[serde(default)]
    lang: String,
    #[serde(default)]
    next: String,
}

/// `POST /language`: remembers the menu's choice on this device and goes back to the page.
/// A form post, so the menu works before (or without) the page's script.
pub async fn pick(State(core): State<Core>, Form(choice): Form<MenuChoice>) -> Response {
    let secure = if core.settings.secure_cookies {
        "; Secure"
    } else {
        ""
    };
    let cookie = match choice.lang.parse::<Locale>() {
        Ok(locale) => {
            format!("{COOKIE}={locale}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly{secure}")
        }
        Err(_) => format!("{COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly{secure}"),
    };
    let back = Some(choice.next.as_str())
        .filter(|next| is_local_path(next))
        .unwrap_or("/login");
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, back)]).into_response();
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

/// A path on this site (`/login?next=…`), never another origin (`//evil`, `/\evil`).
fn is_local_path(next: &str) -> bool {
    next.starts_with('/')
        && !next.starts_with("//")
        && !next.contains(['\\', '\r', '\n'])
        && next.len() <= 2048
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menus_cookie_then_the_browser() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("fr-CH, de;q=0.5"),
        );
        assert_eq!(browser_choice(&headers), Some(Locale::Fr));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=b; cardsmith_lang=es"),
        );
        assert_eq!(cookie_choice(&headers), Some(Locale::Es));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("cardsmith_lang=xx"),
        );
        assert_eq!(cookie_choice(&headers), None);
    }

    #[test]
    fn only_local_pages_to_go_back_to() {
        assert!(is_local_path("/login?next=/cards"));
        for bad in [
            "//evil.example",
            "/\\evil.example",
            "https://evil.example",
            "",
            "x",
        ] {
            assert!(!is_local_path(bad), "{bad}");
        }
    }

    #[test]
    fn files_and_the_api_skip_the_account() {
        assert!(shows_pages("/cards/bedtime"));
        assert!(shows_pages("/rpc/current_user"));
        assert!(!shows_pages("/pkg/cardsmith.wasm"));
        assert!(!shows_pages("/api/cards"));
    }
}
