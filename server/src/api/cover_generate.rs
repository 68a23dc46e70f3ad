//! Generated covers: a pending preview per side, shown, then accepted as the card's cover.
//!
//! Every operation checks the session and the editor role on the card before it reads its
//! body, with the answers of a cover upload: a viewer 403, anybody who cannot reach the card
//! 404. A bad body is a 422 and changes nothing.

use axum::extract::{FromRequest, Request, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::cards::generate_job;
use cardsmith_core::cards::{cover, generate};
use cardsmith_core::Core;
use cardsmith_model::cover::{
    AcceptCoverPreviewInput, GenerateCoverInput, GenerateCoverOutputBody,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use cardsmith_model::job::JobIDOutputBody;

use super::cards::SideQuery;
use super::media::image_response;
use super::respond_async::{accepted, prefers_async};
use crate::problem::responses::{
    Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized, Unprocessable,
    UnsupportedMediaType,
};
use crate::problem::{ApiJson, ApiJsonOrEmpty, ApiPath, ApiQuery, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(generate_cover))
        .routes(routes!(get_cover_preview))
        .routes(routes!(accept_cover_preview))
}

/// Makes a pending preview for the front (default) or back cover from a prompt, and answers
/// its hash; the card's cover is not changed. The picture comes from the first image
/// provider of the caller's cascade that can draw (the prompt made child-safe from the
/// collection's profile), else from the built-in procedural generator (a scene chosen by the
/// prompt's words, the card's title and author, coloured by the approved icon theme). Asking
/// again with the same prompt draws a new picture. At most 10 generations a minute per user
/// (429 beyond, with `Retry-After`). With `Prefer: respond-async` the drawing is a job (202).
#[utoipa::path(post, path = "/cards/{slug}/cover/generate", tag = "cards", operation_id = "generate-card-cover",
    params(("slug" = String, Path), ("Prefer" = Option<String>, Header, description = "`respond-async`: answer 202 with the job (`Location: /api/jobs/{id}`) instead of waiting; the job's `result` is the 200 body")), request_body = GenerateCoverInput,
    responses((status = 200, description = "A pending preview exists for the side", body = GenerateCoverOutputBody),
        (status = 202, description = "Queued as a job (with `Prefer: respond-async`)", body = JobIDOutputBody,
            headers(("Location" = String, description = "The job: `/api/jobs/{id}`"))),
        Unauthorized, Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType, Unprocessable,
        TooManyRequests))]
pub async fn generate_cover(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    request: Request,
) -> ApiResult<Response> {
    let card = generate::editable_card(&core, &actor, &slug).await?;
    let queued = prefers_async(request.headers());
    let ApiJson(input) = ApiJson::<GenerateCoverInput>::from_request(request, &()).await?;
    if queued {
        let job_id = generate_job::queue(&core, &actor, &card, input).await?;
        return Ok(accepted(job_id));
    }
    let preview_hash = generate::generate(&core, &actor, &card, input).await?;
    Ok(Json(GenerateCoverOutputBody { preview_hash }).into_response())
}

/// The pending preview of the front (default) or back cover (ETag; 304 on If-None-Match);
/// 404 when there is none.
#[utoipa::path(get, path = "/cards/{slug}/cover/preview", tag = "cards", operation_id = "get-card-cover-preview",
    params(("slug" = String, Path), SideQuery),
    responses((status = 200, description = "The preview image", content_type = "image/*"),
        (status = 304, description = "Unchanged"),
        Unauthorized, Forbidden, NotFound, Unprocessable))]
pub async fn get_cover_preview(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(q): ApiQuery<SideQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let card = generate::editable_card(&core, &actor, &slug).await?;
    let side = cover::parse_side(q.side.as_deref())?;
    let (bytes, content_type, hash) = generate::preview(&core, &card, side).await?;
    Ok(image_response(&headers, bytes, &content_type, &hash))
}

/// Makes the pending preview of the front (default) or back the card's cover, and its prompt
/// the side's cover prompt; the preview is gone afterwards. The body may be left out. 404
/// when there is no preview on that side.
#[utoipa::path(post, path = "/cards/{slug}/cover/accept-preview", tag = "cards", operation_id = "accept-card-cover-preview",
    params(("slug" = String, Path)), request_body(content = Option<AcceptCoverPreviewInput>, description = "Optional; an empty body accepts the front"),
    responses((status = 200, description = "The preview is the card's cover now", body = GenerateCoverOutputBody),
        Unauthorized, Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType, Unprocessable))]
pub async fn accept_cover_preview(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    request: Request,
) -> ApiResult<Json<GenerateCoverOutputBody>> {
    let card = generate::editable_card(&core, &actor, &slug).await?;
    let ApiJsonOrEmpty(input) =
        ApiJsonOrEmpty::<AcceptCoverPreviewInput>::from_request(request, &()).await?;
    let preview_hash = generate::accept(&core, &actor, &card, input).await?;
    Ok(Json(GenerateCoverOutputBody { preview_hash }))
}
