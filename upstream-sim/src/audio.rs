//! Audio upload slots with SHA-256 dedupe, and transcodes that advance one phase per poll.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use crate::caller::Caller;
use crate::error::ApiError;
use crate::ids;
use crate::state::{SharedState, Upload};
use crate::storage::{self, UPLOAD_PATH};

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/media/transcode/audio/uploadUrl", get(upload_url))
        .route("/media/upload/{upload_id}/transcoded", get(transcoded))
}

/// `uploadUrl: null` when audio with this SHA-256 was uploaded before: the client skips the
/// PUT and polls the existing upload.
async fn upload_url(
    State(shared): State<SharedState>,
    caller: Caller,
    Query(params): Query<HashMap<String, String>>,
) -> Result<Json<serde_json::Value>, ApiError> {
    caller.require("user:content:manage")?;
    let sha256 = params
        .get("sha256")
        .map(|s| s.to_ascii_lowercase())
        .filter(|s| !s.is_empty());
    if let Some(sha) = &sha256 {
        if sha.len() != 64 || !sha.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(ApiError::bad_request("sha256 must be a hex SHA-256 digest"));
        }
    }
    let mut world = shared.world();
    if let Some(existing) = sha256
        .as_ref()
        .and_then(|sha| world.uploads_by_sha.get(sha))
    {
        return Ok(Json(
            json!({ "upload": { "uploadId": existing, "uploadUrl": null } }),
        ));
    }
    let upload_id = ids::base64url(&rand::random::<[u8; 32]>());
    world.uploads.insert(
        upload_id.clone(),
        Upload {
            upload_id: upload_id.clone(),
            sha256,
            filename: params
                .get("filename")
                .cloned()
                .unwrap_or_else(|| "audio".to_owned()),
            transcode: None,
        },
    );
    drop(world);
    let url = storage::sign(&shared, &format!("{UPLOAD_PATH}/{upload_id}"));
    Ok(Json(
        json!({ "upload": { "uploadId": upload_id, "uploadUrl": url } }),
    ))
}

/// 202 with `progress` while working (one configured phase per poll), 200 with
/// `transcodedSha256` and `transcodedInfo` when done, `phase: "failed"` for a failing job.
async fn transcoded(
    State(shared): State<SharedState>,
    caller: Caller,
    Path(upload_id): Path<String>,
) -> Result<Response, ApiError> {
    caller.require("user:content:manage")?;
    let phases = &shared.config.transcode_phases;
    let mut world = shared.world();
    world.stats.transcode_polls += 1;
    let upload = world
        .uploads
        .get_mut(&upload_id)
        .ok_or_else(|| ApiError::not_found(format!("Upload {upload_id} not found")))?;
    let Some(job) = upload.transcode.as_mut() else {
        let body = json!({ "transcode": { "uploadId": upload.upload_id, "progress": { "phase": "awaiting-upload", "percent": 0 } } });
        return Ok((StatusCode::ACCEPTED, Json(body)).into_response());
    };
    let poll = job.polls;
    job.polls += 1;
    if job.fails && poll >= 1 {
        let body = json!({ "transcode": { "uploadId": upload_id, "progress": { "phase": "failed", "percent": 0 } } });
        return Ok(Json(body).into_response());
    }
    if let Some(phase) = phases.get(poll) {
        let percent = poll * 100 / phases.len().max(1);
        let body = json!({ "transcode": { "uploadId": upload_id, "progress": { "phase": phase, "percent": percent } } });
        return Ok((StatusCode::ACCEPTED, Json(body)).into_response());
    }
    let body = json!({ "transcode": {
        "uploadId": upload_id,
        "transcodedSha256": job.transcoded_sha256,
        "transcodedInfo": job.info,
        "progress": { "phase": "complete", "percent": 100 },
    }});
    Ok(Json(body).into_response())
}
