//! Security headers: a Content Security Policy on every HTML page, and the headers that keep
//! browsers from sniffing types, leaking URLs in `Referer`, or framing the app.
//!
//! The policy allows only this origin's scripts, plus the inline scripts Leptos writes into a
//! server-rendered page (the hydration bootstrap and the streamed resource data). Those carry
//! the per-response nonce Leptos generates for every render, and the page's policy names that
//! nonce ([`provide_page_csp`]), so an injected `<script>` has no way to run. WebAssembly
//! needs `'wasm-unsafe-eval'` (compiling the app's own module, not `eval` of strings).
//! Styles allow `'unsafe-inline'`: server-rendered progress bars carry `style` attributes,
//! and CSS cannot run code. Images may also come from `https:` (the import browser shows the
//! covers of cards on the player platform, served by its CDN) and, in demo mode, from the
//! built-in simulator's origin; an image cannot run code either.

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use leptos::prelude::use_context;
use leptos_axum::ResponseOptions;

/// The policy of an HTML page; `nonce` is the one its inline scripts carry, if any, and
/// `images` the sources images may come from besides this origin (see [`image_sources`]).
pub fn page_csp(nonce: Option<&str>, images: &str) -> String {
    let nonce = nonce.map(|n| format!(" 'nonce-{n}'")).unwrap_or_default();
    // `cargo leptos watch` reloads the page through a websocket on its own port.
    let reload = if std::env::var_os("LEPTOS_WATCH").is_some() {
        " ws: wss:"
    } else {
        ""
    };
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{nonce}; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: {images}; media-src 'self' blob:; \
         connect-src 'self'{reload}; object-src 'none'; base-uri 'self'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// Run inside every Leptos render (the routes' additional context): puts the policy with
/// this render's nonce into the response. Outside a page render (server functions, static
/// files) there is no nonce and nothing is done.
pub fn provide_page_csp(images: &str) {
    let (Some(nonce), Some(response)) =
        (leptos::nonce::use_nonce(), use_context::<ResponseOptions>())
    else {
        return;
    };
    if let Ok(value) = HeaderValue::from_str(&page_csp(Some(&*nonce), images)) {
        response.insert_header(header::CONTENT_SECURITY_POLICY, value);
    }
}

/// Where pages may load images from besides their own origin: any `https:` host (the
/// platform's cover CDN), plus `demo_origin` (the built-in simulator, on plain http).
pub fn image_sources(demo_origin: Option<&str>) -> String {
    match demo_origin {
        Some(origin) => format!("https: {origin}"),
        None => "https:".to_owned(),
    }
}

/// Middleware for every response: `nosniff` and a same-origin `Referrer-Policy` always; on
/// HTML, a policy when the page did not bring its own (error pages, API docs) and
/// `X-Frame-Options: DENY` for browsers that predate `frame-ancestors`. Other responses are
/// not denied framing: the label page previews sheets in an iframe.
pub async fn set_security_headers(req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    let is_html = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("text/html"));
    if is_html {
        if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
            if let Ok(value) = HeaderValue::from_str(&page_csp(None, "")) {
                headers.insert(header::CONTENT_SECURITY_POLICY, value);
            }
        }
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nonce_is_named_only_when_there_is_one() {
        let with = page_csp(Some("abc"), "https:");
        assert!(with.contains("script-src 'self' 'wasm-unsafe-eval' 'nonce-abc';"));
        assert!(with.contains("frame-ancestors 'none'"));
        assert!(!page_csp(None, "").contains("nonce"));
        assert!(!with.contains("'unsafe-eval'"));
    }

    #[test]
    fn images_come_from_https_and_the_demo_platform_only() {
        let sources = image_sources(Some("http://127.0.0.1:4000"));
        let csp = page_csp(None, &sources);
        assert!(csp.contains("img-src 'self' data: blob: https: http://127.0.0.1:4000;"));
        assert!(page_csp(None, &image_sources(None)).contains("img-src 'self' data: blob: https:;"));
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval';"),
            "scripts stay strict"
        );
    }
}
