//! Tracks of a card: upload, stream, read, rename, describe, reorder, delete, play (Range) and
//! the waveform. Reading needs any role on the card, changing needs editor in its home
//! collection; a card or track the caller cannot reach is a 404.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use cardsmith_core::media::store::IncomingFile;
use cardsmith_core::tracks::{service, stream, upload};
use cardsmith_core::Core;
use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{
    IconPromptInput, PeaksOutputBody, ReorderTracksInput, StreamTrackInput, TrackDescriptionInput,
    TrackDetailOut, TrackSlugAvailableOutputBody, TrackSlugInput, TrackTitleInput,
    TrackTitleOutputBody,
};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::audio::file_response;
use super::multipart::MultipartForm;
use crate::problem::responses::{
    Conflict, Forbidden, NotFound, PayloadTooLarge, RangeNotSatisfiable, Unauthorized,
    Unprocessable, UnsupportedMediaType,
};
use crate::problem::{ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reorder_tracks))
        .routes(routes!(track_slug_available))
        .routes(routes!(add_stream_track))
        .routes(routes!(get_track, delete_track))
        .routes(routes!(track_audio))
        .routes(routes!(track_peaks))
        .routes(routes!(set_track_description))
        .routes(routes!(set_track_icon_prompt))
        .routes(routes!(set_track_slug))
        .routes(routes!(set_track_title))
}

/// The audio upload route; `api::router` gives it the audio body limit.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_track))
        .routes(routes!(replace_track_audio))
}

/// Adds an audio file as the card's last track (editor). `multipart/form-data` with the file
/// (any field name; a `title` text field is optional: the file name is used otherwise).
/// MP3, M4A/AAC, WAV, FLAC, Ogg Vorbis, Opus and WebM are accepted, recognised by content;
/// anything else is a 415, beyond `CARDSMITH_MAX_AUDIO_BYTES` a 413. The file streams to disk
/// (hashed on the way); the original is kept and a `transcode` job makes the player's AAC
/// 128 kbps M4A, loudness-normalised (EBU R128): `transcode_status` goes pending → processing
/// → ready (or failed, with the reason on the track).
#[utoipa::path(post, path = "/cards/{slug}/tracks", tag = "cards", operation_id = "upload-track",
    params(("slug" = String, Path)),
    request_body(content = cardsmith_model::upload::AudioUpload, content_type = "multipart/form-data", description = "`file`: the audio; `title` (optional)"),
    responses((status = 201, body = TrackOut), Unauthorized,
        Forbidden, NotFound,
        PayloadTooLarge, UnsupportedMediaType,
        Unprocessable))]
pub async fn upload_track(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    form: MultipartForm,
) -> ApiResult<(StatusCode, Json<TrackOut>)> {
    // refuse early, before a large body is read, when the caller may not add tracks
    cardsmith_core::cards::require_card(
        core.db.pool(),
        &actor,
        &slug,
        cardsmith_model::validate::CollectionRole::Editor,
    )
    .await?;
    let mut file =
        IncomingFile::create(&core.settings.data_dir, core.settings.max_audio_bytes).await?;
    let mut fields = form.read_into(&mut file, &["title"]).await?;
    let title = fields.take_text("title");
    let track = upload::add_upload(&core, &actor, &slug, file, title, fields.file_name).await?;
    Ok((StatusCode::CREATED, Json(track)))
}

/// Replaces the track's audio with an uploaded file, keeping its place (editor): the new
/// track takes the old one's title, slug, position, icon and description, and its passage in
/// the card's story; the old audio is kept as a source (`GET /cards/{slug}/sources`, Undo
/// restores it). The file is read as for `upload-track` and transcoded the same way. 409
/// while the track is being processed (an edit or its transcode).
#[utoipa::path(post, path = "/cards/{slug}/tracks/{track_slug}/replace", tag = "cards", operation_id = "replace-track-audio",
    params(("slug" = String, Path), ("track_slug" = String, Path)),
    request_body(content = cardsmith_model::upload::AudioUpload, content_type = "multipart/form-data", description = "`file`: the new audio"),
    responses((status = 200, body = TrackOut), Unauthorized,
        Forbidden, NotFound, Conflict,
        PayloadTooLarge, UnsupportedMediaType,
        Unprocessable))]
pub async fn replace_track_audio(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    form: MultipartForm,
) -> ApiResult<Json<TrackOut>> {
    // refuse early, before a large body is read, when the caller may not change the track
    cardsmith_core::tracks::require_track(
        &core,
        &actor,
        &slug,
        &track,
        cardsmith_model::validate::CollectionRole::Editor,
    )
    .await?;
    let mut file =
        IncomingFile::create(&core.settings.data_dir, core.settings.max_audio_bytes).await?;
    form.read_into(&mut file, &[]).await?;
    Ok(Json(
        cardsmith_core::tracks::replace::replace_audio(&core, &actor, &slug, &track, file).await?,
    ))
}

/// Adds a stream track: audio the player fetches from an `http(s)` address (editor). The
/// address must resolve to public internet addresses (no loopback or private networks unless
/// the server allows them); the server asks it for one byte (no redirects followed) and
/// records the answer in `stream_status` (`reachable` / `unreachable`).
#[utoipa::path(post, path = "/cards/{slug}/tracks/stream", tag = "cards", operation_id = "add-stream-track",
    params(("slug" = String, Path)), request_body = StreamTrackInput,
    responses((status = 201, body = TrackOut), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn add_stream_track(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<StreamTrackInput>,
) -> ApiResult<(StatusCode, Json<TrackOut>)> {
    Ok((
        StatusCode::CREATED,
        Json(stream::add(&core, &actor, &slug, input).await?),
    ))
}

/// Puts the playable tracks in a new order: `positions` lists every one of them once, by slug
/// (or id), first to last (editor).
#[utoipa::path(put, path = "/cards/{slug}/tracks/reorder", tag = "cards", operation_id = "reorder-tracks",
    params(("slug" = String, Path)), request_body = ReorderTracksInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn reorder_tracks(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<ReorderTracksInput>,
) -> ApiResult<StatusCode> {
    service::reorder(&core, &actor, &slug, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrackSlugQuery {
    #[param(min_length = 1, max_length = 60, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$")]
    pub slug: String,
    /// The track asking (its own slug counts as available).
    pub track_id: Option<String>,
}

/// Whether a track slug is free on this card. An ill-formed slug is a 422.
#[utoipa::path(get, path = "/cards/{slug}/tracks/slug-available", tag = "cards", operation_id = "track-slug-available",
    params(("slug" = String, Path, description = "the card's slug"), TrackSlugQuery),
    responses((status = 200, body = TrackSlugAvailableOutputBody), Unauthorized,
        NotFound, Unprocessable))]
pub async fn track_slug_available(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(q): ApiQuery<TrackSlugQuery>,
) -> ApiResult<Json<TrackSlugAvailableOutputBody>> {
    Ok(Json(
        service::slug_available(&core, &actor, &slug, &q.slug, q.track_id.as_deref()).await?,
    ))
}

/// A track (playable or source) with its edit history and processing state.
#[utoipa::path(get, path = "/cards/{slug}/tracks/{track_slug}", tag = "cards", operation_id = "get-track",
    params(("slug" = String, Path), ("track_slug" = String, Path)),
    responses((status = 200, body = TrackDetailOut), Unauthorized,
        NotFound))]
pub async fn get_track(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
) -> ApiResult<Json<TrackDetailOut>> {
    Ok(Json(service::get(&core, &actor, &slug, &track).await?))
}

/// Deletes a track (editor). A job working on it is cancelled; its files go when nothing else
/// uses them. Sources made by its edits stay (they can be restored or purged).
#[utoipa::path(delete, path = "/cards/{slug}/tracks/{track_slug}", tag = "cards", operation_id = "delete-track",
    params(("slug" = String, Path), ("track_slug" = String, Path)),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound))]
pub async fn delete_track(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
) -> ApiResult<StatusCode> {
    service::delete(&core, &actor, &slug, &track).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The track's audio: the player's M4A once transcoded, the original before. Supports HTTP
/// Range (`206` with `Content-Range`, `416` outside the file), `Accept-Ranges: bytes` and ETag
/// (the content hash; `304` on `If-None-Match`). A stream track has no stored audio (409).
#[utoipa::path(get, path = "/cards/{slug}/tracks/{track_slug}/audio", tag = "cards", operation_id = "get-track-audio",
    params(("slug" = String, Path), ("track_slug" = String, Path), ("Range" = Option<String>, Header, description = "e.g. `bytes=0-1023`")),
    responses((status = 200, description = "the audio", content_type = "audio/mp4"), (status = 206, description = "part of the audio"),
        (status = 304, description = "not modified"), Unauthorized,
        NotFound, Conflict,
        RangeNotSatisfiable))]
pub async fn track_audio(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let file = service::audio(&core, &actor, &slug, &track).await?;
    let body = core.media().open(&file.hash).await;
    file_response(&headers, body, file.content_type, &file.hash).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeaksQuery {
    /// How many values to return (1 to 20000, default 1000).
    #[param(minimum = 1, maximum = 20000)]
    pub buckets: Option<usize>,
}

/// The waveform for editors: `buckets` values, each the loudest sample (0..1) of its slice of
/// the track, computed in-process from the transcoded audio and cached. 409 until transcoded.
#[utoipa::path(get, path = "/cards/{slug}/tracks/{track_slug}/peaks", tag = "cards", operation_id = "get-track-peaks",
    params(("slug" = String, Path), ("track_slug" = String, Path), PeaksQuery),
    responses((status = 200, body = PeaksOutputBody), Unauthorized,
        NotFound, Conflict,
        Unprocessable))]
pub async fn track_peaks(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    ApiQuery(q): ApiQuery<PeaksQuery>,
) -> ApiResult<Json<PeaksOutputBody>> {
    Ok(Json(
        service::peaks(&core, &actor, &slug, &track, q.buckets).await?,
    ))
}

#[utoipa::path(put, path = "/cards/{slug}/tracks/{track_slug}/description", tag = "cards", operation_id = "set-track-description",
    params(("slug" = String, Path), ("track_slug" = String, Path)), request_body = TrackDescriptionInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn set_track_description(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<TrackDescriptionInput>,
) -> ApiResult<StatusCode> {
    service::set_description(&core, &actor, &slug, &track, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// What the track's 16x16 icon should show (used when icons are generated).
#[utoipa::path(put, path = "/cards/{slug}/tracks/{track_slug}/icon-prompt", tag = "cards", operation_id = "set-track-icon-prompt",
    params(("slug" = String, Path), ("track_slug" = String, Path)), request_body = IconPromptInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn set_track_icon_prompt(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<IconPromptInput>,
) -> ApiResult<StatusCode> {
    service::set_icon_prompt(&core, &actor, &slug, &track, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sets the track's slug exactly; one another track of the card has is a 409.
#[utoipa::path(put, path = "/cards/{slug}/tracks/{track_slug}/slug", tag = "cards", operation_id = "set-track-slug",
    params(("slug" = String, Path), ("track_slug" = String, Path)), request_body = TrackSlugInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn set_track_slug(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<TrackSlugInput>,
) -> ApiResult<StatusCode> {
    service::set_slug(&core, &actor, &slug, &track, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Renames the track; the slug follows the title (made unique on the card) and is returned.
#[utoipa::path(put, path = "/cards/{slug}/tracks/{track_slug}/title", tag = "cards", operation_id = "set-track-title",
    params(("slug" = String, Path), ("track_slug" = String, Path)), request_body = TrackTitleInput,
    responses((status = 200, body = TrackTitleOutputBody), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn set_track_title(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<TrackTitleInput>,
) -> ApiResult<Json<TrackTitleOutputBody>> {
    Ok(Json(
        service::set_title(&core, &actor, &slug, &track, input).await?,
    ))
}
