//! Cover images and display icons: raw-bytes uploads, content dedupe of icons, listings.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::Utc;
use serde_json::{json, Value};

use crate::caller::Caller;
use crate::error::ApiError;
use crate::ids;
use crate::state::{timestamp, Blob, SharedState};
use crate::storage::{COVER_PATH, ICON_PATH};

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/media/coverImage/user/me/upload", post(upload_cover))
        .route("/media/displayIcons/user/me/upload", post(upload_icon))
        .route("/media/displayIcons/user/{owner}", get(list_icons))
}

type ApiResult = Result<Json<Value>, ApiError>;
type Params = Query<HashMap<String, String>>;

const COVER_TYPES: &[&str] = &[
    "default",
    "activities",
    "music",
    "sfx",
    "stories",
    "myo",
    "podcast",
    "radio",
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum ImageKind {
    Png,
    Gif,
    Jpeg,
    Webp,
}

fn sniff(bytes: &[u8]) -> Option<ImageKind> {
    match bytes {
        [0x89, b'P', b'N', b'G', ..] => Some(ImageKind::Png),
        [b'G', b'I', b'F', b'8', ..] => Some(ImageKind::Gif),
        [0xFF, 0xD8, 0xFF, ..] => Some(ImageKind::Jpeg),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some(ImageKind::Webp),
        _ => None,
    }
}

/// Width and height from a PNG IHDR or a GIF logical screen descriptor.
fn dimensions(kind: ImageKind, bytes: &[u8]) -> Option<(u32, u32)> {
    match kind {
        ImageKind::Png if bytes.len() >= 24 => Some((
            u32::from_be_bytes(bytes[16..20].try_into().ok()?),
            u32::from_be_bytes(bytes[20..24].try_into().ok()?),
        )),
        ImageKind::Gif if bytes.len() >= 10 => Some((
            u32::from(u16::from_le_bytes([bytes[6], bytes[7]])),
            u32::from(u16::from_le_bytes([bytes[8], bytes[9]])),
        )),
        _ => None,
    }
}

fn content_type(headers: &HeaderMap, fallback: &str) -> String {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or(fallback)
        .to_owned()
}

/// Raw image bytes (or `imageUrl`, which the simulator accepts without fetching) → mediaUrl.
async fn upload_cover(
    State(shared): State<SharedState>,
    caller: Caller,
    Query(params): Params,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult {
    caller.require("user:content:manage")?;
    if let Some(cover_type) = params.get("coverType") {
        if !COVER_TYPES.contains(&cover_type.as_str()) {
            return Err(ApiError::bad_request(format!(
                "Invalid coverType: {cover_type}"
            )));
        }
    }
    let (bytes, mime) = match params.get("imageUrl") {
        Some(url) if body.is_empty() => (
            Bytes::copy_from_slice(crate::seed::TINY_PNG),
            format!("image/png; source={url}"),
        ),
        _ => {
            if sniff(&body).is_none() {
                return Err(ApiError::bad_request(
                    "Body must be a JPEG, PNG, GIF or WebP image",
                ));
            }
            let mime = content_type(&headers, "image/jpeg");
            (body, mime)
        }
    };
    let media_id = ids::media_id(&bytes);
    shared.world().blobs.insert(
        media_id.clone(),
        Blob {
            bytes,
            content_type: mime,
        },
    );
    let media_url = format!("{}{COVER_PATH}/{media_id}", shared.base_url);
    Ok(Json(
        json!({ "coverImage": { "mediaId": media_id, "mediaUrl": media_url } }),
    ))
}

/// Raw bytes; `autoConvert=false` demands an exact 16×16 PNG or GIF. A repeated image answers
/// the existing icon without `new` and with `url: {}`, like the platform.
async fn upload_icon(
    State(shared): State<SharedState>,
    caller: Caller,
    Query(params): Params,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult {
    caller.require("user:icons:manage")?;
    let auto_convert = params.get("autoConvert").is_none_or(|v| v != "false");
    let kind =
        sniff(&body).ok_or_else(|| ApiError::bad_request("Body must be a PNG or GIF image"))?;
    if !auto_convert {
        let exact = matches!(kind, ImageKind::Png | ImageKind::Gif)
            && dimensions(kind, &body) == Some((16, 16));
        if !exact {
            return Err(ApiError::bad_request(
                "Icons uploaded with autoConvert=false must be 16x16 PNG or GIF images",
            ));
        }
    }
    let media_id = ids::media_id(&body);
    let url = format!("{}{ICON_PATH}/{media_id}", shared.base_url);
    let mut world = shared.world();
    world.stats.icon_uploads += 1;
    let account = world
        .account_mut(&caller.user_id)
        .ok_or_else(|| ApiError::unauthorized("Unknown account"))?;
    if let Some(existing) = account
        .icons
        .iter()
        .find(|i| i.get("mediaId").and_then(Value::as_str) == Some(&media_id))
    {
        let mut duplicate = existing.clone();
        duplicate.remove("new");
        duplicate.insert("url".into(), json!({}));
        return Ok(Json(json!({ "displayIcon": duplicate })));
    }
    let icon = crate::seed::as_doc(json!({
        "mediaId": media_id,
        "userId": caller.user_id,
        "displayIconId": ids::hex_id(24),
        "url": url,
        "new": true,
        "_id": ids::hex_id(24),
        "createdAt": timestamp(Utc::now()),
        "public": false,
    }));
    account.icons.push(icon.clone());
    let mime = content_type(&headers, "image/png");
    world.blobs.insert(
        media_id,
        Blob {
            bytes: body,
            content_type: mime,
        },
    );
    Ok(Json(json!({ "displayIcon": icon })))
}

/// `me` lists own icons; `yoto` (and its alias `platform`) the public ones.
async fn list_icons(
    State(shared): State<SharedState>,
    caller: Caller,
    Path(owner): Path<String>,
) -> ApiResult {
    let world = shared.world();
    let icons: Vec<Value> = match owner.as_str() {
        "me" => {
            caller.require("user:icons:manage")?;
            world
                .accounts
                .get(&caller.user_id)
                .into_iter()
                .flat_map(|a| a.icons.iter())
                .map(|i| Value::Object(i.clone()))
                .collect()
        }
        "yoto" | "platform" => world
            .public_icons
            .iter()
            .map(|i| Value::Object(i.clone()))
            .collect(),
        other => return Err(ApiError::not_found(format!("Unknown icon owner {other}"))),
    };
    Ok(Json(json!({ "displayIcons": icons })))
}
