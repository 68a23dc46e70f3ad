//! Generated chapter icons: the card's icon theme (palettes suggested, one approved), icons
//! drawn for every chapter, a sample of two, one chapter again, and per-chapter variations
//! previewed and selected.
//!
//! Every operation checks the session and the editor role on the card before it reads its
//! body, with the answers of an icon upload: a viewer 403, anybody who cannot reach the card
//! 404. A bad body is a 422 and changes nothing. Generating operations are rate limited per
//! user (429 with `Retry-After`). Icons come from the caller's provider cascade (a text
//! model's 16x16 grid in the theme's colours, else an image model's picture reduced to the
//! palette) and from the curated offline pixel glyphs otherwise; every icon is a 16x16 RGBA
//! PNG in the approved theme's colours (a default palette until one is approved).

use axum::extract::{FromRequest, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::icon_generation::{self, Batch};
use cardsmith_core::tracks::icons::parse_position;
use cardsmith_core::{Core, CoreError};
use cardsmith_model::icons::{
    ApproveThemeInput, GenerateIconsOutputBody, IconEstimateOut, SelectIconInput,
    SuggestThemeOutputBody, VariationsInput, VariationsOutputBody, ESTIMATE_MAX_ICONS,
};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use cardsmith_model::job::JobIDOutputBody;

use super::media::image_response;
use super::respond_async::{accepted, prefers_async};
use crate::problem::responses::{
    Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized, Unprocessable,
    UnsupportedMediaType,
};
use crate::problem::{ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(suggest_theme, approve_theme))
        .routes(routes!(generate_icons))
        .routes(routes!(sample_icons))
        .routes(routes!(regenerate_icon))
        .routes(routes!(icon_variations))
        .routes(routes!(estimate_icons))
        .routes(routes!(get_icon_preview))
        .routes(routes!(select_icon))
}

/// Suggests palettes for the card's icons (3 or more, best first), each `{name, colors
/// (4–8 #rrggbb, darkest first), style (pixel, flat or tile)}`: from the first text provider
/// of the caller's cascade when it answers well-formed palettes free of the collection's
/// avoided themes, else from a curated list chosen by the words of the card, its chapters
/// and the child's interests. Nothing is stored: approve one with `PUT`.
#[utoipa::path(post, path = "/cards/{slug}/icons/theme", tag = "icons", operation_id = "suggest-icon-theme",
    params(("slug" = String, Path)),
    responses((status = 200, body = SuggestThemeOutputBody),
        Unauthorized, Forbidden, NotFound, TooManyRequests))]
pub async fn suggest_theme(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<SuggestThemeOutputBody>> {
    let card = icon_generation::editable_card(&core, &actor, &slug).await?;
    Ok(Json(
        icon_generation::suggest_theme(&core, &actor, &card).await?,
    ))
}

/// Approves the card's icon theme: 2 to 8 `#rrggbb` colours, a palette name (1–60
/// characters) and a style (`pixel`: shaded; `flat`: outline and flat colours; `tile`: on a
/// rounded tile of the lightest colour). Icons drawn afterwards use only these colours;
/// existing icons are not redrawn.
#[utoipa::path(put, path = "/cards/{slug}/icons/theme", tag = "icons", operation_id = "approve-icon-theme",
    params(("slug" = String, Path)), request_body = ApproveThemeInput,
    responses((status = 204, description = "Theme approved"),
        Unauthorized, Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType, Unprocessable))]
pub async fn approve_theme(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    request: Request,
) -> ApiResult<StatusCode> {
    let card = icon_generation::editable_card(&core, &actor, &slug).await?;
    let ApiJson(input) = ApiJson::<ApproveThemeInput>::from_request(request, &()).await?;
    icon_generation::approve_theme(&core, &actor, &card, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Draws an icon for every chapter, in the approved theme, replacing drawn defaults and
/// icons generated before; icons a person uploaded (or imported) are kept, and `message`
/// names those chapters. `generated` counts the new icons. With `Prefer: respond-async` the
/// batch is a job (202) whose progress counts the chapters drawn.
#[utoipa::path(post, path = "/cards/{slug}/icons/generate", tag = "icons", operation_id = "generate-icons",
    params(("slug" = String, Path), ("Prefer" = Option<String>, Header, description = "`respond-async`: answer 202 with the job (`Location: /api/jobs/{id}`) instead of waiting; the job's `result` is the 200 body")),
    responses((status = 200, body = GenerateIconsOutputBody),
        (status = 202, description = "Queued as a job (with `Prefer: respond-async`)", body = JobIDOutputBody,
            headers(("Location" = String, description = "The job: `/api/jobs/{id}`"))),
        Unauthorized, Forbidden, NotFound, TooManyRequests))]
pub async fn generate_icons(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let card = icon_generation::editable_card(&core, &actor, &slug).await?;
    if prefers_async(&headers) {
        let job_id = icon_generation::job::queue(&core, &actor, &card, Batch::All).await?;
        return Ok(accepted(job_id));
    }
    Ok(Json(icon_generation::generate_all(&core, &actor, &card).await?).into_response())
}

/// Like `generate`, for the first two chapters without an icon of their own: to try the
/// theme before drawing them all.
#[utoipa::path(post, path = "/cards/{slug}/icons/sample", tag = "icons", operation_id = "sample-icons",
    params(("slug" = String, Path), ("Prefer" = Option<String>, Header, description = "`respond-async`: answer 202 with the job (`Location: /api/jobs/{id}`) instead of waiting; the job's `result` is the 200 body")),
    responses((status = 200, body = GenerateIconsOutputBody),
        (status = 202, description = "Queued as a job (with `Prefer: respond-async`)", body = JobIDOutputBody,
            headers(("Location" = String, description = "The job: `/api/jobs/{id}`"))),
        Unauthorized, Forbidden, NotFound, TooManyRequests))]
pub async fn sample_icons(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let card = icon_generation::editable_card(&core, &actor, &slug).await?;
    if prefers_async(&headers) {
        let job_id = icon_generation::job::queue(&core, &actor, &card, Batch::Sample).await?;
        return Ok(accepted(job_id));
    }
    Ok(Json(icon_generation::sample(&core, &actor, &card).await?).into_response())
}

/// Draws a new icon for chapter `position` (different from its current one), replacing any
/// icon it has, an uploaded one too; `generated` is 1.
#[utoipa::path(post, path = "/cards/{slug}/icons/{position}/regenerate", tag = "icons", operation_id = "regenerate-icon",
    params(("slug" = String, Path), ("position" = i64, Path, description = "Chapter position, from 1")),
    responses((status = 200, body = GenerateIconsOutputBody),
        Unauthorized, Forbidden, NotFound, Unprocessable, TooManyRequests))]
pub async fn regenerate_icon(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, position)): ApiPath<(String, String)>,
) -> ApiResult<Json<GenerateIconsOutputBody>> {
    let card = icon_generation::editable_card(&core, &actor, &slug).await?;
    let position = parse_position(&position)?;
    Ok(Json(
        icon_generation::regenerate(&core, &actor, &card, position).await?,
    ))
}

/// Draws `count` (1–8) candidate icons for chapter `position`, replacing the previous
/// candidates; they are shown at `preview/0` … `preview/{count-1}` and one is chosen with
/// `select`. The icon itself does not change. Different candidates show other matching
/// pictures, colourings or a mirror image. `prompt` (at most 300 characters) says what to
/// show instead of the chapter's words. `estimated_usd` is what the calls were estimated to
/// cost before any was made (`count` calls on the first provider that would be asked: a text
/// model, else an image model), checked against that provider's budget by the cascade; 0
/// when the offline pictures draw them.
#[utoipa::path(post, path = "/cards/{slug}/icons/{position}/variations", tag = "icons", operation_id = "icon-variations",
    params(("slug" = String, Path), ("position" = i64, Path, description = "Chapter position, from 1")),
    request_body = VariationsInput,
    responses((status = 200, body = VariationsOutputBody),
        Unauthorized, Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType, Unprocessable,
        TooManyRequests))]
pub async fn icon_variations(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, position)): ApiPath<(String, String)>,
    request: Request,
) -> ApiResult<Json<VariationsOutputBody>> {
    let card = icon_generation::editable_card(&core, &actor, &slug).await?;
    let position = parse_position(&position)?;
    let ApiJson(input) = ApiJson::<VariationsInput>::from_request(request, &()).await?;
    Ok(Json(
        icon_generation::variations(&core, &actor, &card, position, input).await?,
    ))
}

/// Candidate `index` (from 0) of chapter `position`: a 16x16 PNG (ETag; 304 on
/// If-None-Match); 404 when there is none.
#[utoipa::path(get, path = "/cards/{slug}/icons/{position}/preview/{index}", tag = "icons", operation_id = "get-icon-preview",
    params(("slug" = String, Path), ("position" = i64, Path, description = "Chapter position, from 1"),
        ("index" = i64, Path, description = "Candidate, from 0")),
    responses((status = 200, description = "16x16 PNG", content_type = "image/png"),
        (status = 304, description = "Unchanged"),
        Unauthorized, Forbidden, NotFound, Unprocessable))]
pub async fn get_icon_preview(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, position, index)): ApiPath<(String, String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let card = icon_generation::editable_card(&core, &actor, &slug).await?;
    let position = parse_position(&position)?;
    let index: i64 = index.parse().map_err(|_| {
        cardsmith_core::CoreError::invalid("index", "must be a whole number, from 0")
    })?;
    let (bytes, content_type, hash) =
        icon_generation::preview(&core, &card, position, index).await?;
    Ok(image_response(&headers, bytes, &content_type, &hash))
}

/// Makes candidate `index` (from 0) the icon of chapter `position`; the card's content hash
/// changes, as the icon is published. 404 when there is no such candidate.
#[utoipa::path(post, path = "/cards/{slug}/icons/{position}/select", tag = "icons", operation_id = "select-icon",
    params(("slug" = String, Path), ("position" = i64, Path, description = "Chapter position, from 1")),
    request_body = SelectIconInput,
    responses((status = 204, description = "The candidate is the chapter's icon"),
        Unauthorized, Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType, Unprocessable))]
pub async fn select_icon(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, position)): ApiPath<(String, String)>,
    request: Request,
) -> ApiResult<StatusCode> {
    let card = icon_generation::editable_card(&core, &actor, &slug).await?;
    let position = parse_position(&position)?;
    let ApiJson(input) = ApiJson::<SelectIconInput>::from_request(request, &()).await?;
    icon_generation::select(&core, &actor, &card, position, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// How many icons an estimate is for.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EstimateQuery {
    /// 1 (default) to 100.
    #[param(minimum = 1, maximum = 100)]
    pub count: Option<i64>,
}

/// What drawing `count` icons of this card would cost now, in dollars, on the first provider
/// of the caller's cascade that would draw them (a text model's grid, else an image model); 0
/// when the free offline glyphs would. Nothing is drawn or charged: the Icons panel asks before
/// it offers a paid call. Our own endpoint.
#[utoipa::path(get, path = "/cards/{slug}/icons/estimate", tag = "icons", operation_id = "estimate-icons",
    params(("slug" = String, Path), EstimateQuery),
    responses((status = 200, body = IconEstimateOut),
        Unauthorized, Forbidden, NotFound, Unprocessable))]
pub async fn estimate_icons(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(q): ApiQuery<EstimateQuery>,
) -> ApiResult<Json<IconEstimateOut>> {
    icon_generation::editable_card(&core, &actor, &slug).await?;
    let count = q.count.unwrap_or(1);
    if !(1..=ESTIMATE_MAX_ICONS).contains(&count) {
        return Err(
            CoreError::invalid("count", format!("must be 1 to {ESTIMATE_MAX_ICONS}")).into(),
        );
    }
    let estimated_usd = icon_generation::estimate(&core, actor.id(), count as u32).await?;
    Ok(Json(IconEstimateOut { estimated_usd }))
}
