//! Recording a take from the browser in chunks.
//!
//! `record-start` opens a session on a card (editor; at most `--max-open-recordings` per user)
//! and says how many seconds of audio each chunk should hold. Each chunk is `POST`ed raw (the
//! recorder's `Content-Type`, e.g. `audio/webm;codecs=opus`) and synced to disk before the
//! answer. `seq` is optional: without it (as the service spec describes the call) chunks are
//! appended in arrival order; with it (0, 1, 2…, what our recorder sends) a chunk sent again is
//! acknowledged without being stored twice and a chunk ahead of the next expected one is a 409
//! whose detail names the one missing. The first chunk must start like accepted audio (415
//! otherwise). The answer always carries `Recording-Next-Seq`. `finish` turns the take into a lossless
//! original plus the player's M4A (already encoded while recording, so it is quick) and adds
//! it as the card's last track; `abandon` deletes everything. Sessions idle for 24 hours
//! expire.

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::{recording, Core, CoreError};
use cardsmith_model::recording::{
    RecordFinishInput, RecordFinishOutputBody, RecordStartInput, RecordStartOutputBody,
};
use cardsmith_model::Problem;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::{ApiError, ApiJsonOrEmpty, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(record_start))
        .routes(routes!(record_finish))
        .routes(routes!(record_abandon))
}

/// The chunk route, with room for one chunk.
pub fn chunk_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(record_chunk))
        .layer(DefaultBodyLimit::max(recording::MAX_CHUNK_BYTES))
}

/// Opens a recording session on the card (editor).
#[utoipa::path(post, path = "/cards/{slug}/tracks/record-start", tag = "recording", operation_id = "record-start",
    params(("slug" = String, Path)), request_body = RecordStartInput,
    responses((status = 201, body = RecordStartOutputBody), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"), (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "the caller already has the most recording sessions open", body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn record_start(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(slug): Path<String>,
    ApiJsonOrEmpty(input): ApiJsonOrEmpty<RecordStartInput>,
) -> ApiResult<(StatusCode, Json<RecordStartOutputBody>)> {
    Ok((
        StatusCode::CREATED,
        Json(recording::start(&core, &actor, &slug, input).await?),
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChunkQuery {
    /// The chunk's sequence number, from 0. Optional: without it the chunk is appended after
    /// the ones received; with it a re-sent chunk is not stored twice.
    #[param(minimum = 0)]
    pub seq: Option<i64>,
}

/// Appends one chunk of the take (raw bytes of the recorder's format).
#[utoipa::path(post, path = "/recording/{session_id}/chunk", tag = "recording", operation_id = "record-chunk",
    params(("session_id" = String, Path), ChunkQuery),
    request_body(content_type = "application/octet-stream", description = "the chunk's bytes"),
    responses((status = 204, headers(("Recording-Next-Seq" = i64, description = "the sequence number expected next"))),
        (status = 401, body = Problem, content_type = "application/problem+json"), (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, body = Problem, content_type = "application/problem+json"), (status = 413, body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "the first chunk does not start like accepted audio", body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn record_chunk(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(id): Path<String>,
    query: Result<Query<ChunkQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    let Query(q) = query.map_err(|_| {
        ApiError::from(Problem::invalid(vec![cardsmith_model::FieldError::new(
            "seq",
            "must be a whole number: the chunk's sequence number, from 0",
        )]))
    })?;
    if q.seq.is_some_and(|seq| seq < 0) {
        return Err(CoreError::invalid("seq", "must be 0 or more").into());
    }
    if body.is_empty() {
        return Err(CoreError::invalid("body", "the chunk is empty").into());
    }
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    match recording::chunk(&core, &actor, &id, q.seq, content_type, &body).await {
        Ok(state) => {
            let mut r = StatusCode::NO_CONTENT.into_response();
            r.headers_mut()
                .insert("recording-next-seq", HeaderValue::from(state.next_seq));
            Ok(r)
        }
        Err(CoreError::Conflict(detail)) => {
            let mut r = ApiError::new(StatusCode::CONFLICT, detail).into_response();
            if let Some(next) = recording::next_seq(&core, &actor, &id).await? {
                r.headers_mut()
                    .insert("recording-next-seq", HeaderValue::from(next));
            }
            Ok(r)
        }
        Err(e) => Err(e.into()),
    }
}

/// Finishes the take: adds it as the card's last track and returns it.
#[utoipa::path(post, path = "/recording/{session_id}/finish", tag = "recording", operation_id = "record-finish",
    params(("session_id" = String, Path)), request_body = RecordFinishInput,
    responses((status = 200, body = RecordFinishOutputBody), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"), (status = 409, body = Problem, content_type = "application/problem+json"),
        (status = 415, body = Problem, content_type = "application/problem+json"), (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn record_finish(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(id): Path<String>,
    ApiJsonOrEmpty(input): ApiJsonOrEmpty<RecordFinishInput>,
) -> ApiResult<Json<RecordFinishOutputBody>> {
    Ok(Json(recording::finish(&core, &actor, &id, input).await?))
}

/// Abandons the take: the session and everything received are deleted.
#[utoipa::path(post, path = "/recording/{session_id}/abandon", tag = "recording", operation_id = "record-abandon",
    params(("session_id" = String, Path)),
    responses((status = 204), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn record_abandon(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    recording::abandon(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
