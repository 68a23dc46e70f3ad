//! The built front end under `/pkg`: precompressed variants chosen by `Accept-Encoding`,
//! caching by name (hashed names for a year, others revalidated), `ETag` and 304.
//!
//! Each test builds its own site root, as `scripts/build --release` lays it
//! out (a file with its `.br` and `.gz` beside it), and points the server at it with its own
//! `Leptos.toml`.

use std::io::{Read, Write};
use std::path::Path;

use reqwest::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG, IF_NONE_MATCH, VARY,
};
use reqwest::StatusCode;
use tempfile::TempDir;

use crate::support::helpers::{spawn_app_with, TestApp, User};

/// A hashed name as cargo-leptos writes it: `<stem>.<22 characters of URL-safe base64>.<ext>`.
const WASM: &str = "/pkg/cardsmith.q1w2E3r4T5y6U7i8O9p0-_.wasm";
/// A name without a hash: wasm-bindgen's snippets keep theirs.
const SNIPPET: &str = "/pkg/snippets/cardsmith-app-0/inline0.js";

/// Bytes that compress, like a WASM module: repeated structure with some variety.
fn module_bytes() -> Vec<u8> {
    let mut bytes = b"\0asm\x01\0\0\0".to_vec();
    for i in 0u32..20_000 {
        bytes.extend_from_slice(format!("fn_{}_{};", i % 97, i / 13).as_bytes());
    }
    bytes
}

/// Turns a body back into the bytes it encodes.
type Decoder = fn(&[u8]) -> Vec<u8>;

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams::default();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).unwrap();
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut out).unwrap();
    out
}

/// Writes `bytes` at `url_path` under the site root, with its precompressed variants if asked.
fn put(site: &Path, url_path: &str, bytes: &[u8], precompressed: bool) {
    let file = site.join(url_path.trim_start_matches('/'));
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, bytes).unwrap();
    if precompressed {
        std::fs::write(format!("{}.gz", file.display()), gzip(bytes)).unwrap();
        std::fs::write(format!("{}.br", file.display()), brotli(bytes)).unwrap();
    }
}

/// A server whose site root is a fresh directory holding the module (precompressed) and a
/// snippet (not); the directory lives as long as the server.
async fn app_with_site() -> (TestApp, User, Vec<u8>, TempDir) {
    let site = tempfile::tempdir().unwrap();
    let module = module_bytes();
    put(site.path(), WASM, &module, true);
    put(site.path(), SNIPPET, b"export function beep() {}\n", false);
    let toml = site.path().join("Leptos.toml");
    std::fs::write(
        &toml,
        format!(
            "[package.metadata.leptos]\noutput-name = \"cardsmith\"\nsite-root = {:?}\n\
             site-pkg-dir = \"pkg\"\n",
            site.path().display().to_string()
        ),
    )
    .unwrap();
    let app = spawn_app_with(&["--leptos-toml", toml.to_str().unwrap()]).await;
    let browser = app.anonymous();
    (app, browser, module, site)
}

async fn get(user: &User, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = user.client.get(user.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap()
}

fn header(response: &reqwest::Response, name: reqwest::header::HeaderName) -> &str {
    response
        .headers()
        .get(&name)
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_str()
        .unwrap()
}

#[tokio::test]
async fn the_module_is_sent_in_the_best_encoding_the_browser_accepts() {
    let (_app, browser, module, _site) = app_with_site().await;
    // (Accept-Encoding, expected Content-Encoding, decoder)
    let cases: [(Option<&str>, Option<&str>, Decoder); 5] = [
        (Some("br"), Some("br"), unbrotli),
        (Some("gzip, deflate, br"), Some("br"), unbrotli),
        (Some("gzip"), Some("gzip"), gunzip),
        (Some("br;q=0, gzip"), Some("gzip"), gunzip),
        (None, None, |bytes| bytes.to_vec()),
    ];
    let mut etags = Vec::new();
    for (accept, encoding, decode) in cases {
        let headers: Vec<(&str, &str)> =
            accept.map(|a| ("accept-encoding", a)).into_iter().collect();
        let r = get(&browser, WASM, &headers).await;
        assert_eq!(r.status(), 200, "{accept:?}");
        assert_eq!(
            r.headers()
                .get(CONTENT_ENCODING)
                .map(|v| v.to_str().unwrap()),
            encoding,
            "{accept:?}"
        );
        assert_eq!(header(&r, CONTENT_TYPE), "application/wasm");
        assert_eq!(
            header(&r, CACHE_CONTROL),
            "public, max-age=31536000, immutable"
        );
        assert!(header(&r, VARY)
            .to_ascii_lowercase()
            .contains(ACCEPT_ENCODING.as_str()));
        let etag = header(&r, ETAG).to_owned();
        assert!(etag.starts_with('"') && etag.ends_with('"'), "{etag}");
        let body = r.bytes().await.unwrap();
        if encoding.is_some() {
            assert!(
                body.len() < module.len() / 4,
                "{accept:?}: {} bytes",
                body.len()
            );
        }
        assert_eq!(decode(&body), module, "{accept:?}");
        etags.push((encoding, etag));
    }
    // One representation, one tag: the same for the same encoding, different across encodings.
    let tag = |e: Option<&str>| -> Vec<&String> {
        etags
            .iter()
            .filter(|(enc, _)| *enc == e)
            .map(|(_, t)| t)
            .collect()
    };
    for e in [Some("br"), Some("gzip"), None] {
        let tags = tag(e);
        assert!(tags.windows(2).all(|w| w[0] == w[1]), "{e:?}: {tags:?}");
    }
    assert_ne!(tag(Some("br"))[0], tag(Some("gzip"))[0]);
    assert_ne!(tag(Some("br"))[0], tag(None)[0]);
}

#[tokio::test]
async fn a_cached_copy_is_revalidated_with_304() {
    let (_app, browser, _module, _site) = app_with_site().await;
    for accept in ["br", "gzip", "identity"] {
        let first = get(&browser, WASM, &[("accept-encoding", accept)]).await;
        assert_eq!(first.status(), 200);
        let etag = header(&first, ETAG).to_owned();

        let again = get(
            &browser,
            WASM,
            &[
                ("accept-encoding", accept),
                ("if-none-match", etag.as_str()),
            ],
        )
        .await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{accept}");
        assert_eq!(header(&again, ETAG), etag);
        assert_eq!(
            header(&again, CACHE_CONTROL),
            "public, max-age=31536000, immutable"
        );
        assert!(header(&again, VARY)
            .to_ascii_lowercase()
            .contains("accept-encoding"));
        assert!(again.bytes().await.unwrap().is_empty());

        // among other tags, weak or not
        let listed = format!("\"other\", W/{etag}");
        let weak = get(&browser, WASM, &[(IF_NONE_MATCH.as_str(), listed.as_str())]).await;
        assert_eq!(weak.status(), StatusCode::NOT_MODIFIED, "{accept}");
    }
    let stale = get(&browser, WASM, &[("if-none-match", "\"1-2\"")]).await;
    assert_eq!(stale.status(), 200);
    assert!(!stale.bytes().await.unwrap().is_empty());
}

#[tokio::test]
async fn names_without_a_hash_are_revalidated_and_sent_as_they_are() {
    let (_app, browser, _module, _site) = app_with_site().await;
    let r = get(&browser, SNIPPET, &[("accept-encoding", "br, gzip")]).await;
    assert_eq!(r.status(), 200);
    assert!(r.headers().get(CONTENT_ENCODING).is_none());
    assert_eq!(header(&r, CACHE_CONTROL), "no-cache");
    assert!(header(&r, CONTENT_TYPE).contains("javascript"));
    let etag = header(&r, ETAG).to_owned();
    assert_eq!(
        r.bytes().await.unwrap().as_ref(),
        b"export function beep() {}\n"
    );

    let again = get(&browser, SNIPPET, &[("if-none-match", etag.as_str())]).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(&again, CACHE_CONTROL), "no-cache");
}

#[tokio::test]
async fn a_missing_file_is_404_without_caching_headers() {
    let (_app, browser, _module, _site) = app_with_site().await;
    let r = get(
        &browser,
        "/pkg/cardsmith.AAAAAAAAAAAAAAAAAAAAAA.wasm",
        &[("accept-encoding", "br")],
    )
    .await;
    assert_eq!(r.status(), 404);
    assert!(r.headers().get(ETAG).is_none());
    assert!(r.headers().get(CACHE_CONTROL).is_none());
}
