//! Edits of tracks (trim, split, merge, fade) and the sources they leave behind.
//!
//! An edit answers 202 with a `job_id` to poll at `GET /jobs/{id}` (`progress` 0..1). Cuts are
//! sample-exact on the decoded audio; the result is stored losslessly (FLAC) and encoded to
//! the player's M4A. The edited track becomes a *source* (`is_source`; the new tracks'
//! `parent_track_id` points at it), listed under `/sources`: restoring it undoes the edit,
//! purging it deletes its record and files. Editing needs editor; only transcoded, idle,
//! playable tracks can be edited (409 otherwise).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::tracks::{edit, sources};
use cardsmith_core::Core;
use cardsmith_model::job::JobIDOutputBody;
use cardsmith_model::track::{
    FadeInput, MergeInput, SourceTrackOut, SplitInput, TrackTitleOutputBody, TrimInput,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Conflict, Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(trim_track))
        .routes(routes!(split_track))
        .routes(routes!(fade_track))
        .routes(routes!(merge_tracks))
        .routes(routes!(list_sources))
        .routes(routes!(purge_source))
        .routes(routes!(restore_source))
}

fn accepted(job_id: String) -> (StatusCode, Json<JobIDOutputBody>) {
    (StatusCode::ACCEPTED, Json(JobIDOutputBody { job_id }))
}

/// Keeps `start..end` seconds of the track (sample-exact); `title` renames the result.
#[utoipa::path(post, path = "/cards/{slug}/tracks/{track_slug}/trim", tag = "cards", operation_id = "trim-track",
    params(("slug" = String, Path), ("track_slug" = String, Path)), request_body = TrimInput,
    responses((status = 202, body = JobIDOutputBody), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn trim_track(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<TrimInput>,
) -> ApiResult<(StatusCode, Json<JobIDOutputBody>)> {
    Ok(accepted(
        edit::trim(&core, &actor, &slug, &track, input).await?,
    ))
}

/// Cuts the track at `split_points` (seconds, increasing) into consecutive tracks, titled from
/// `titles` or "<title> (part n)".
#[utoipa::path(post, path = "/cards/{slug}/tracks/{track_slug}/split", tag = "cards", operation_id = "split-track",
    params(("slug" = String, Path), ("track_slug" = String, Path)), request_body = SplitInput,
    responses((status = 202, body = JobIDOutputBody), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn split_track(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<SplitInput>,
) -> ApiResult<(StatusCode, Json<JobIDOutputBody>)> {
    Ok(accepted(
        edit::split(&core, &actor, &slug, &track, input).await?,
    ))
}

/// Fades the start in and/or the end out (milliseconds, up to 60000 each).
#[utoipa::path(post, path = "/cards/{slug}/tracks/{track_slug}/fade", tag = "cards", operation_id = "fade-track",
    params(("slug" = String, Path), ("track_slug" = String, Path)), request_body = FadeInput,
    responses((status = 202, body = JobIDOutputBody), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn fade_track(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<FadeInput>,
) -> ApiResult<(StatusCode, Json<JobIDOutputBody>)> {
    Ok(accepted(
        edit::fade(&core, &actor, &slug, &track, input).await?,
    ))
}

/// Joins two or more tracks of the card, in the order given, into one at the first one's place.
#[utoipa::path(post, path = "/cards/{slug}/merge", tag = "cards", operation_id = "merge-tracks",
    params(("slug" = String, Path)), request_body = MergeInput,
    responses((status = 202, body = JobIDOutputBody), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn merge_tracks(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<MergeInput>,
) -> ApiResult<(StatusCode, Json<JobIDOutputBody>)> {
    Ok(accepted(edit::merge(&core, &actor, &slug, input).await?))
}

/// Sources of the card: audio that edits replaced, kept for undo.
#[utoipa::path(get, path = "/cards/{slug}/sources", tag = "cards", operation_id = "list-sources",
    params(("slug" = String, Path)),
    responses((status = 200, body = Vec<SourceTrackOut>), Unauthorized,
        NotFound))]
pub async fn list_sources(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<Vec<SourceTrackOut>>> {
    Ok(Json(sources::list(&core, &actor, &slug).await?))
}

/// Purges a source: its record, and its files when nothing else uses them (editor).
#[utoipa::path(delete, path = "/cards/{slug}/sources/{track_slug}", tag = "cards", operation_id = "purge-source",
    params(("slug" = String, Path), ("track_slug" = String, Path)),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound))]
pub async fn purge_source(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
) -> ApiResult<StatusCode> {
    sources::purge(&core, &actor, &slug, &track).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Undoes the edit that made this source: the tracks made from it become sources and it takes
/// their place (editor). Returns the restored track's slug and title.
#[utoipa::path(post, path = "/cards/{slug}/sources/{track_slug}/restore", tag = "cards", operation_id = "restore-source",
    params(("slug" = String, Path), ("track_slug" = String, Path)),
    responses((status = 200, body = TrackTitleOutputBody), Unauthorized,
        Forbidden, NotFound,
        Conflict))]
pub async fn restore_source(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, track)): ApiPath<(String, String)>,
) -> ApiResult<Json<TrackTitleOutputBody>> {
    let (slug, title) = sources::restore(&core, &actor, &slug, &track).await?;
    Ok(Json(TrackTitleOutputBody { slug, title }))
}
