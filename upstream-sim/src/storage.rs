//! The storage side: pre-signed upload URLs (PUT audio), signed download URLs (playable
//! audio) and public media (icons, covers). Signed URLs expire and are checked like S3/
//! CloudFront would: no Authorization header alongside a signature, no tampering.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use chrono::{Duration, Utc};
use serde_json::json;

use crate::error::StorageError;
use crate::ids;
use crate::oauth::parse_pairs;
use crate::state::{Blob, SharedState, TranscodeJob};

pub const UPLOAD_PATH: &str = "/storage/uploads";
pub const SECURE_MEDIA_PATH: &str = "/secure-media/yoto";
pub const ICON_PATH: &str = "/card-content/yoto";
pub const COVER_PATH: &str = "/card-content/pub";

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route(
            &format!("{UPLOAD_PATH}/{{upload_id}}"),
            axum::routing::put(put_upload),
        )
        .route(
            &format!("{SECURE_MEDIA_PATH}/{{hash}}"),
            get(get_secure_media),
        )
        .route(&format!("{ICON_PATH}/{{media_id}}"), get(get_public_media))
        .route(&format!("{COVER_PATH}/{{media_id}}"), get(get_public_media))
}

/// A signed URL for `path` on this host, valid for the configured TTL.
pub fn sign(shared: &SharedState, path: &str) -> String {
    let now = Utc::now();
    let expires = (now + Duration::from_std(shared.config.signed_url_ttl).unwrap_or(Duration::MAX))
        .timestamp();
    let seq = {
        let mut world = shared.world();
        world.signed_urls_issued += 1;
        world.signed_urls_issued
    };
    let policy = ids::base64url(
        json!({ "issuedMs": now.timestamp_millis(), "seq": seq })
            .to_string()
            .as_bytes(),
    );
    let signature = signature(shared, path, expires, &policy);
    format!(
        "{}{path}?Expires={expires}&Policy={policy}&Signature={signature}&Key-Pair-Id=SIMKEYPAIR",
        shared.base_url
    )
}

fn signature(shared: &SharedState, path: &str, expires: i64, policy: &str) -> String {
    ids::sha256_hex(format!("{}|{path}|{expires}|{policy}", shared.signing_key).as_bytes())
}

/// Checks a signed request: one auth mechanism, intact signature, not expired or revoked.
fn verify(
    shared: &SharedState,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
) -> Result<(), StorageError> {
    if headers.contains_key(header::AUTHORIZATION) {
        shared.world().stats.presigned_with_authorization += 1;
        return Err(StorageError::TWO_AUTH_MECHANISMS);
    }
    let params: HashMap<String, String> = parse_pairs(query.unwrap_or_default().as_bytes());
    let param = |k: &str| params.get(k).map(String::as_str).unwrap_or_default();
    let expires: i64 = param("Expires")
        .parse()
        .map_err(|_| StorageError::BAD_SIGNATURE)?;
    if signature(shared, path, expires, param("Policy")) != param("Signature") {
        return Err(StorageError::BAD_SIGNATURE);
    }
    let seq = ids::base64url_decode(param("Policy"))
        .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
        .and_then(|policy| policy.get("seq")?.as_u64())
        .ok_or(StorageError::BAD_SIGNATURE)?;
    if expires <= Utc::now().timestamp() || seq <= shared.world().signed_urls_revoked_through {
        return Err(StorageError::EXPIRED);
    }
    Ok(())
}

/// The pre-signed PUT of an audio upload. Starts the transcode.
async fn put_upload(
    State(shared): State<SharedState>,
    Path(upload_id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = format!("{UPLOAD_PATH}/{upload_id}");
    if let Err(e) = verify(&shared, &path, query.as_deref(), &headers) {
        return e.into_response();
    }
    if body.len() > shared.config.max_upload_bytes {
        return StorageError::TOO_LARGE.into_response();
    }
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("application/octet-stream")
        .to_owned();
    let mut world = shared.world();
    world.stats.audio_puts += 1;
    let fails = world.failing_transcodes > 0;
    world.failing_transcodes = world.failing_transcodes.saturating_sub(1);
    let Some(upload) = world.uploads.get_mut(&upload_id) else {
        return StorageError::NO_SUCH_KEY.into_response();
    };
    let actual = ids::sha256_hex(&body);
    if upload
        .sha256
        .as_deref()
        .is_some_and(|declared| !declared.eq_ignore_ascii_case(&actual))
    {
        return StorageError::BAD_DIGEST.into_response();
    }
    let transcoded_sha256 = ids::media_id(&[b"transcoded:".as_slice(), &body].concat());
    let stem = upload
        .filename
        .rsplit_once('.')
        .map_or(upload.filename.as_str(), |(s, _)| s);
    // The transcoder outputs AAC at 128 kbit/s, 16 000 bytes per second.
    let info = json!({
        "duration": (body.len() / 16_000).max(1),
        "fileSize": body.len(),
        "codec": "aac",
        "format": "aac",
        "sampleRate": 44_100,
        "bitrate": 128,
        "channels": "stereo",
        "metadata": { "title": stem },
        "inputContentType": content_type,
    });
    upload.transcode = Some(TranscodeJob {
        polls: 0,
        fails,
        transcoded_sha256: transcoded_sha256.clone(),
        info,
    });
    world.uploads_by_sha.insert(actual, upload_id);
    world.blobs.insert(
        transcoded_sha256,
        Blob {
            bytes: body,
            content_type: "audio/aac".to_owned(),
        },
    );
    ([(header::ETAG, format!("\"{}\"", ids::hex_id(32)))], "").into_response()
}

async fn get_secure_media(
    State(shared): State<SharedState>,
    Path(hash): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let path = format!("{SECURE_MEDIA_PATH}/{hash}");
    if let Err(e) = verify(&shared, &path, query.as_deref(), &headers) {
        return e.into_response();
    }
    blob(&shared, &hash)
}

async fn get_public_media(
    State(shared): State<SharedState>,
    Path(media_id): Path<String>,
) -> Response {
    blob(&shared, &media_id)
}

fn blob(shared: &SharedState, key: &str) -> Response {
    let world = shared.world();
    match world.blobs.get(key) {
        Some(blob) => (
            [(header::CONTENT_TYPE, blob.content_type.clone())],
            blob.bytes.clone(),
        )
            .into_response(),
        None if crate::seed::PUBLIC_ICONS
            .iter()
            .any(|(id, _, _)| *id == key) =>
        {
            ([(header::CONTENT_TYPE, "image/png")], crate::seed::TINY_PNG).into_response()
        }
        None => StorageError::NO_SUCH_KEY.into_response(),
    }
}
