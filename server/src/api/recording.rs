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
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::recording::{self, ChunkOutcome};
use cardsmith_core::Core;
use cardsmith_model::recording::{
    RecordFinishInput, RecordFinishOutputBody, RecordStartInput, RecordStartOutputBody,
};
use cardsmith_model::Problem;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{
    Conflict, Forbidden, NotFound, PayloadTooLarge, Unauthorized, Unprocessable,
    UnsupportedMediaType,
};
use crate::problem::{ApiError, ApiJsonOrEmpty, ApiPath, ApiQuery, ApiResult};
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
    params(("slug" = String, Path)), request_body(content = Option<RecordStartInput>, description = "Optional: the take's title"),
    responses((status = 201, body = RecordStartOutputBody), Unauthorized,
        Forbidden, NotFound,
        (status = 409, description = "the caller already has the most recording sessions open", body = Problem, content_type = "application/problem+json"),
        Unprocessable))]
pub async fn record_start(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
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
    /// the ones received; with it a re-sent chunk is not stored twice. Taken as sent and
    /// checked by the service, so a malformed one is a 422 on `seq` like any invalid field.
    #[param(minimum = 0, value_type = Option<i64>)]
    pub seq: Option<String>,
}

/// Appends one chunk of the take (raw bytes of the recorder's format).
#[utoipa::path(post, path = "/recording/{session_id}/chunk", tag = "recording", operation_id = "record-chunk",
    params(("session_id" = String, Path), ChunkQuery),
    request_body(content = cardsmith_model::upload::AudioChunk, content_type = "application/octet-stream", description = "the chunk's bytes"),
    responses((status = 204, headers(("Recording-Next-Seq" = i64, description = "the sequence number expected next"))),
        Unauthorized, NotFound,
        (status = 409, description = "the chunk is ahead of the one expected; `Recording-Next-Seq` names that one", body = Problem, content_type = "application/problem+json",
            headers(("Recording-Next-Seq" = i64, description = "the sequence number expected next"))),
        PayloadTooLarge,
        (status = 415, description = "the first chunk does not start like accepted audio", body = Problem, content_type = "application/problem+json"),
        Unprocessable))]
pub async fn record_chunk(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<ChunkQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let outcome =
        recording::chunk(&core, &actor, &id, q.seq.as_deref(), content_type, &body).await?;
    let (mut response, next_seq) = match outcome {
        ChunkOutcome::Stored(state) => (StatusCode::NO_CONTENT.into_response(), state.next_seq),
        ChunkOutcome::OutOfOrder { next_seq, detail } => (
            ApiError::new(StatusCode::CONFLICT, detail).into_response(),
            next_seq,
        ),
    };
    response
        .headers_mut()
        .insert("recording-next-seq", HeaderValue::from(next_seq));
    Ok(response)
}

/// Finishes the take: adds it as the card's last track and returns it.
#[utoipa::path(post, path = "/recording/{session_id}/finish", tag = "recording", operation_id = "record-finish",
    params(("session_id" = String, Path)), request_body(content = Option<RecordFinishInput>, description = "Optional: the title, when not given at the start"),
    responses((status = 200, body = RecordFinishOutputBody), Unauthorized,
        NotFound, Conflict,
        UnsupportedMediaType, Unprocessable))]
pub async fn record_finish(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJsonOrEmpty(input): ApiJsonOrEmpty<RecordFinishInput>,
) -> ApiResult<Json<RecordFinishOutputBody>> {
    Ok(Json(recording::finish(&core, &actor, &id, input).await?))
}

/// Abandons the take: the session and everything received are deleted.
#[utoipa::path(post, path = "/recording/{session_id}/abandon", tag = "recording", operation_id = "record-abandon",
    params(("session_id" = String, Path)),
    responses((status = 204), Unauthorized,
        NotFound))]
pub async fn record_abandon(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    recording::abandon(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
