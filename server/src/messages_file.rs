//! `GET /i18n/<code>.<digest>.ftl`: one language's messages, for the browser's islands.
//!
//! The WASM carries no words: a page's script fetches its language's file beside the WASM
//! and hands it over before hydrating (`cardsmith_app`'s `IslandScripts`). The text is the
//! server's own (`cardsmith_i18n::messages_text`, the same `.ftl` files the pages render
//! with), and the digest in the name is of that text, so a name never stands for two texts:
//! cached for a year, `immutable`. Another name (an old digest, a language Cardsmith does not
//! speak) is a 404 problem. Sent gzipped when the browser takes it (compressed once per
//! process, on first use), with an `ETag` per representation.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use cardsmith_i18n::Locale;

use crate::problem::ApiError;

/// `Cache-Control` of a name that carries its content's digest.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `GET /i18n/{file}`.
pub async fn serve(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let Some(locale) = cardsmith_i18n::messages_file(&file) else {
        return ApiError::new(StatusCode::NOT_FOUND, "No such messages file.").into_response();
    };
    let text = cardsmith_i18n::messages_text(locale);
    let (body, encoding, etag) = if accepts_gzip(&headers) {
        let gzipped = tokio::task::spawn_blocking(move || gzipped(locale))
            .await
            .expect("gzip does not panic");
        (gzipped, Some("gzip"), format!("\"{file}-gz\""))
    } else {
        (text.as_bytes(), None, format!("\"{file}\""))
    };
    let etag = HeaderValue::from_str(&etag).expect("a file name that matched is plain ASCII");
    let revalidated = headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|wanted| crate::conditional::matches(wanted, &etag));
    let mut response = if revalidated {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            )],
            body,
        )
            .into_response()
    };
    let out = response.headers_mut();
    if let Some(encoding) = encoding {
        out.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    out.insert(header::ETAG, etag);
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    out.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// `locale`'s messages gzipped, made on first use and kept for the process.
fn gzipped(locale: Locale) -> &'static [u8] {
    static GZIPPED: [OnceLock<Vec<u8>>; 4] = [const { OnceLock::new() }; 4];
    let slot = Locale::ALL
        .iter()
        .position(|l| *l == locale)
        .expect("ALL lists every locale");
    GZIPPED[slot].get_or_init(|| {
        use std::io::Write as _;
        let text = cardsmith_i18n::messages_text(locale);
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder
            .write_all(text.as_bytes())
            .and_then(|()| encoder.finish())
            .expect("writing to memory cannot fail")
    })
}

/// Whether `Accept-Encoding` lists gzip (or `*`) with a weight above zero.
fn accepts_gzip(headers: &HeaderMap) -> bool {
    let Some(accepted) = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    accepted.split(',').any(|item| {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or("").trim();
        let refused = parts.any(|p| {
            p.trim()
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(name: header::HeaderName, value: &'static str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(name, HeaderValue::from_static(value));
        headers
    }

    #[test]
    fn gzip_is_sent_only_when_the_browser_takes_it() {
        let accept = |v| accepts_gzip(&with(header::ACCEPT_ENCODING, v));
        assert!(accept("gzip, deflate, br"));
        assert!(accept("br;q=1.0, GZIP;q=0.5"));
        assert!(accept("*"));
        assert!(!accept("gzip;q=0"));
        assert!(!accept("br, identity"));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn the_gzipped_text_is_the_text() {
        use std::io::Read as _;
        let mut text = String::new();
        flate2::read::GzDecoder::new(gzipped(Locale::Fr))
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, cardsmith_i18n::messages_text(Locale::Fr));
    }
}
