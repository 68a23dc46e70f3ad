//! The built front end under `/pkg`: the WASM, its JS glue and chunks, and the stylesheet that
//! `scripts/build` (cardsmith-site) writes into `<site-root>/pkg`.
//!
//! - **Precompressed.** A release build (`scripts/build --release`, as `make run` does)
//!   writes a `.br` and a `.gz` beside every file. [`ServeDir`] answers with the
//!   best one the request's `Accept-Encoding` allows (brotli, then gzip, else the file itself)
//!   and says which in `Content-Encoding`; nothing is compressed per request. A dev build has no
//!   such files and is served as is.
//! - **Cached for good when the name says the content.** The site builder puts a digest of
//!   the files' content into their names (`cardsmith.<hash>.wasm`), so such a URL never
//!   changes meaning: a year and `immutable`. Any other name (`snippets/…`, a build without
//!   hashes) is `no-cache`: kept, but revalidated.
//! - **Revalidated cheaply.** [`ServeDir`] handles `If-Modified-Since`; this module adds an
//!   `ETag` per representation (the length and modification time of the file actually sent, as
//!   nginx does, so the brotli and gzip variants differ) and answers `If-None-Match` with 304.
//!   Every answer carries `Vary: Accept-Encoding`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::UNIX_EPOCH;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{from_fn_with_state, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use leptos::config::LeptosOptions;
use tower_http::services::ServeDir;

/// `Cache-Control` of a file whose name carries its content hash.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of any other file: stored, but checked before each use.
const REVALIDATE: &str = "no-cache";

/// Where the files of `/<pkg_dir>/…` are.
struct PkgDir {
    /// `/pkg/`, with both slashes.
    prefix: String,
    dir: PathBuf,
}

/// Whether pages must name the hashed files: the site builder named them by content and wrote
/// the digests beside this binary, where Leptos' `HydrationScripts` reads them. Nothing sets
/// `LEPTOS_HASH_FILES` for a server started directly (`scripts/serve`, the browser tests and
/// the fuzzer), so the hash file itself says so. A hash file naming a JS file that is not
/// in the site (another profile's build replaced the site since) is reported and ignored.
pub fn hashed_names_built(options: &LeptosOptions) -> bool {
    let Some(js_hash) = cardsmith_app::built_asset_hash(options, "js") else {
        return false;
    };
    let js = Path::new(&*options.site_root)
        .join(&*options.site_pkg_dir)
        .join(format!("{}.{js_hash}.js", options.output_name));
    if !js.is_file() {
        tracing::warn!(
            missing = %js.display(),
            "the hash file beside the binary names a file the site does not have: \
             rebuild with scripts/build"
        );
        return false;
    }
    true
}

/// Routes `/<pkg_dir>/…` to the files in `<site_root>/<pkg_dir>`.
pub fn router<S>(site_root: &Path, pkg_dir: &str) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    let pkg = Arc::new(PkgDir {
        prefix: format!("/{pkg_dir}/"),
        dir: site_root.join(pkg_dir),
    });
    let files = ServeDir::new(&pkg.dir)
        .precompressed_br()
        .precompressed_gzip();
    Router::new()
        .nest_service(&format!("/{pkg_dir}"), files)
        .layer(from_fn_with_state(pkg, validators_and_caching))
}

/// Answers `If-None-Match` and labels what [`ServeDir`] sends: `ETag`, `Cache-Control`, `Vary`.
async fn validators_and_caching(
    State(pkg): State<Arc<PkgDir>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(file) = pkg.file(request.uri().path()) else {
        // not a name this build writes (ServeDir answers, most likely 404)
        return next.run(request).await;
    };
    let cache_control = if has_content_hash(&file) {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    if let Some(etag) = matching_etag(request.headers(), &file).await {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        label(response.headers_mut(), Some(etag), cache_control);
        return response;
    }
    let mut response = next.run(request).await;
    if response.status().is_success() {
        let sent = match response
            .headers()
            .get(header::CONTENT_ENCODING)
            .and_then(|v| v.to_str().ok())
        {
            Some("br") => with_suffix(&file, ".br"),
            Some("gzip") => with_suffix(&file, ".gz"),
            _ => file,
        };
        let etag = etag_of(&sent).await;
        label(response.headers_mut(), etag, cache_control);
    }
    response
}

impl PkgDir {
    /// The file a request path names, when the path is plainly one of ours: under the prefix,
    /// only letters, digits, `.`, `_`, `-` and `/`, no empty, `.` or `..` segment. Anything else
    /// goes to [`ServeDir`] unlabelled, which has its own (stricter) rules.
    fn file(&self, path: &str) -> Option<PathBuf> {
        let relative = path.strip_prefix(&self.prefix)?;
        let plain = relative
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'/'));
        let segments_ok = relative
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..");
        (plain && segments_ok).then(|| self.dir.join(relative))
    }
}

/// Whether a file name is `<stem>.<hash>.<extension>` with the site builder's digest: 22
/// characters of URL-safe base64 (128 bits).
fn has_content_hash(file: &Path) -> bool {
    let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let parts: Vec<&str> = name.split('.').collect();
    parts.len() >= 3
        && parts[1..parts.len() - 1].iter().any(|part| {
            part.len() == 22
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

/// The `ETag` of one of the file's representations listed in `If-None-Match`, if any.
async fn matching_etag(headers: &HeaderMap, file: &Path) -> Option<HeaderValue> {
    let wanted = headers.get(header::IF_NONE_MATCH)?.to_str().ok()?;
    for candidate in [
        file.to_path_buf(),
        with_suffix(file, ".br"),
        with_suffix(file, ".gz"),
    ] {
        if let Some(etag) = etag_of(&candidate).await {
            let etag_str = etag.to_str().ok()?;
            let listed = wanted
                .split(',')
                .map(|tag| tag.trim().trim_start_matches("W/"))
                .any(|tag| tag == etag_str || tag == "*");
            if listed {
                return Some(etag);
            }
        }
    }
    None
}

/// `"<length>-<modified, ns since 1970>"` in hex, or `None` when the file cannot be read.
async fn etag_of(file: &Path) -> Option<HeaderValue> {
    let meta = tokio::fs::metadata(file).await.ok()?;
    if !meta.is_file() {
        return None;
    }
    let modified = meta
        .modified()
        .ok()?
        .duration_since(UNIX_EPOCH)
        .ok()?
        .as_nanos();
    HeaderValue::from_str(&format!("\"{:x}-{modified:x}\"", meta.len())).ok()
}

fn label(headers: &mut HeaderMap, etag: Option<HeaderValue>, cache_control: &'static str) {
    if let Some(etag) = etag {
        headers.insert(header::ETAG, etag);
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control),
    );
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
}

fn with_suffix(file: &Path, suffix: &str) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_cargo_leptos_hashes_are_recognised() {
        let hashed = [
            "cardsmith.Lp3xWq0vXZ1mS9aB4cD7eF.wasm",
            "cardsmith.Lp3xWq0vXZ1mS9aB4cD-_F.js",
            "__wasm_split.Lp3xWq0vXZ1mS9aB4cD7eF.js",
        ];
        for name in hashed {
            assert!(has_content_hash(Path::new(name)), "{name}");
        }
        let plain = [
            "cardsmith.wasm",
            "cardsmith.css",
            "Lp3xWq0vXZ1mS9aB4cD7eF.js",
            "cardsmith.short.js",
            "cardsmith.Lp3xWq0vXZ1mS9aB4cD7e!.js",
        ];
        for name in plain {
            assert!(!has_content_hash(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn only_plain_paths_under_the_prefix_name_a_file() {
        let pkg = PkgDir {
            prefix: "/pkg/".into(),
            dir: PathBuf::from("/site/pkg"),
        };
        assert_eq!(
            pkg.file("/pkg/snippets/a-1/x.js"),
            Some(PathBuf::from("/site/pkg/snippets/a-1/x.js"))
        );
        for path in [
            "/pkg/../secret",
            "/pkg/a//b.js",
            "/pkg/./a.js",
            "/pkg/a%2e.js",
            "/pkg/",
            "/other/a.js",
        ] {
            assert_eq!(pkg.file(path), None, "{path}");
        }
    }
}
