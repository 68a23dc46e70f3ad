//! Speech: the voices a user may choose, previews, and card tracks spoken from text.
//!
//! Voice ids are `provider:voice`. Offline voices (`flite:…`, `espeak:…`) are always listed
//! and need no network; remote ones (`openai:coral`, …) appear when the caller's provider
//! cascade holds a usable speech provider, and are paid through it (budgets apply).

use axum::extract::{FromRequest, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::tts;
use cardsmith_core::Core;
use cardsmith_model::card::TrackOut;
use cardsmith_model::tts::{TtsPreviewInput, TtsTrackInput, VoiceOut};
use cardsmith_model::validate::CollectionRole;
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{
    Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized, Unprocessable,
};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_voices))
        .routes(routes!(preview_speech))
        .routes(routes!(add_tts_track))
}

/// The voices the caller may use: every offline voice of this server (flite's voices; each
/// espeak-ng language once, English also in female and male variants), each with its
/// language and character in `description`, then the remote voices of speech providers in
/// the caller's cascade.
#[utoipa::path(get, path = "/tts/voices", tag = "tts", operation_id = "list-voices",
    responses((status = 200, body = Vec<VoiceOut>), Unauthorized))]
pub async fn list_voices(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<Vec<VoiceOut>>> {
    Ok(Json(tts::voices(&core, actor.id()).await?))
}

/// Speaks a short text (at most 500 characters) once, to hear a voice. The answer is the
/// audio: WAV from the offline voices, whatever the provider sent for remote ones (WAV or
/// MP3), with its real `Content-Type`. Previews are cached by (voice, text, instructions),
/// so asking again costs nothing, and limited to 20 a minute per user (429 beyond, with
/// `Retry-After`; previews and spoken tracks share the limit). 409 when the voice's engine
/// or provider is not available.
#[utoipa::path(post, path = "/tts/preview", tag = "tts", operation_id = "preview-speech",
    request_body = TtsPreviewInput,
    responses(
        (status = 200, description = "The spoken audio", content(
            (Vec<u8> = "audio/wav"), (Vec<u8> = "audio/mpeg"), (Vec<u8> = "audio/ogg"),
            (Vec<u8> = "audio/flac"), (Vec<u8> = "audio/mp4"))),
        Unauthorized, Conflict, Unprocessable, TooManyRequests,
        (status = 502, description = "The remote speech provider failed", body = Problem,
            content_type = "application/problem+json")))]
pub async fn preview_speech(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<TtsPreviewInput>,
) -> ApiResult<Response> {
    let preview = tts::preview(&core, &actor, input).await?;
    Ok((
        [
            (header::CONTENT_TYPE, preview.content_type),
            (header::CACHE_CONTROL, "no-store"),
        ],
        preview.audio,
    )
        .into_response())
}

/// Adds a track spoken from `text` (at most 5,000 characters) to the card (editor). The audio
/// goes through the same path as an upload: probed, stored, and transcoded by a job into the
/// player's loudness-normalised M4A (`transcode_status` pending → ready), with its waveform.
/// The track keeps `tts_text`, `tts_voice`, `tts_provider` and `tts_instructions` (see the
/// track's detail). `position` (1-based) puts it at that chapter, moving later ones down;
/// absent or past the end it is added last. `title` defaults to the text's first words.
/// `instructions` only for voices that follow them (`openai:…`). The caller's role is
/// checked before the body is read; a viewer is refused (403), a card the caller cannot see
/// is a 404. Nothing is created on any error. Spoken tracks share the rate limit of
/// previews (429).
#[utoipa::path(post, path = "/cards/{slug}/tracks/tts", tag = "cards", operation_id = "add-tts-track",
    params(("slug" = String, Path)), request_body = TtsTrackInput,
    responses((status = 201, body = TrackOut), Unauthorized, Forbidden, NotFound, Conflict,
        Unprocessable, TooManyRequests,
        (status = 502, description = "The remote speech provider failed", body = Problem,
            content_type = "application/problem+json")))]
pub async fn add_tts_track(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    request: Request,
) -> ApiResult<(StatusCode, Json<TrackOut>)> {
    // identity and role before the body: a viewer learns nothing from a bad body
    cardsmith_core::cards::require_card(core.db.pool(), &actor, &slug, CollectionRole::Editor)
        .await?;
    let ApiJson(input) = ApiJson::<TtsTrackInput>::from_request(request, &()).await?;
    let track = tts::add_spoken_track(&core, &actor, &slug, input).await?;
    Ok((StatusCode::CREATED, Json(track)))
}
