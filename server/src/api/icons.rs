//! Track icons: the 16x16 PNG each chapter shows on the player, and the picture it was made
//! from. Chapters are addressed by position (1-based, among playable tracks), as the player
//! numbers them. Reading needs any role on the card; uploading needs editor in its home
//! collection. A chapter without an uploaded icon is served its drawn default.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use cardsmith_core::tracks::icons;
use cardsmith_core::Core;
use cardsmith_model::track::TrackIconOut;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::media::image_response;
use super::multipart::Upload;
use crate::problem::responses::{
    Forbidden, NotFound, PayloadTooLarge, Unauthorized, Unprocessable, UnsupportedMediaType,
};
use crate::problem::{ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

/// The reading routes; `get_icon` also answers the `-full` path documented by [`FullIconDoc`].
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(FullIconDoc::openapi()).routes(routes!(get_icon))
}

/// The upload route; `api::router` gives it the image body limit.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload_icon))
}

/// The 16x16 PNG of chapter `position` (ETag; 304 on If-None-Match): the uploaded icon, or
/// the drawn default (the chapter's number or initial on a coloured tile). The last segment
/// may also be `{position}-full`, documented separately.
#[utoipa::path(get, path = "/cards/{slug}/icons/{position}", tag = "icons", operation_id = "get-track-icon",
    params(("slug" = String, Path), ("position" = i64, Path, description = "Chapter position, from 1")),
    responses((status = 200, description = "16x16 PNG", content_type = "image/png"), (status = 304, description = "Unchanged"),
        Unauthorized, NotFound,
        Unprocessable))]
pub async fn get_icon(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, position)): ApiPath<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let (position, size) = icons::parse_icon_ref(&position)?;
    let icon = icons::get_icon(&core, &actor, &slug, position, size).await?;
    Ok(image_response(
        &headers,
        icon.bytes,
        &icon.content_type,
        &icon.hash,
    ))
}

/// Documents `GET /cards/{slug}/icons/{position}-full`. The router cannot match a parameter
/// with a static suffix, so [`get_icon`] serves this path and tells the two apart itself.
#[derive(OpenApi)]
#[openapi(paths(get_icon_full))]
struct FullIconDoc;

/// The full-resolution picture chapter `position`'s icon was made from (ETag; 304 on
/// If-None-Match); for the drawn default, the 16x16 icon enlarged to 256x256 with crisp
/// pixels.
#[utoipa::path(get, path = "/cards/{slug}/icons/{position}-full", tag = "icons", operation_id = "get-track-icon-full",
    params(("slug" = String, Path), ("position" = i64, Path, description = "Chapter position, from 1")),
    responses((status = 200, description = "The image", content_type = "image/*"), (status = 304, description = "Unchanged"),
        Unauthorized, NotFound,
        Unprocessable))]
#[expect(dead_code, reason = "documentation only: `get_icon` serves this path")]
fn get_icon_full() {}

/// Sets chapter `position`'s icon from a multipart image upload (JPEG, PNG, WebP or GIF up to
/// the configured size; metadata stripped) (editor). The picture is kept as uploaded and its
/// centre square becomes the 16x16 PNG, resampled with transparency kept; the card's
/// `content_hash` changes, since the icon is published.
#[utoipa::path(post, path = "/cards/{slug}/tracks/{position}/icon", tag = "icons", operation_id = "upload-track-icon",
    params(("slug" = String, Path), ("position" = i64, Path, description = "Chapter position, from 1")),
    request_body(content = cardsmith_model::upload::ImageUpload, content_type = "multipart/form-data", description = "One image file"),
    responses((status = 200, body = TrackIconOut), Unauthorized,
        Forbidden, NotFound,
        PayloadTooLarge, UnsupportedMediaType,
        Unprocessable))]
pub async fn upload_icon(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((slug, position)): ApiPath<(String, String)>,
    Upload(bytes): Upload,
) -> ApiResult<Json<TrackIconOut>> {
    let position = icons::parse_position(&position)?;
    Ok(Json(
        icons::upload_icon(&core, &actor, &slug, position, bytes).await?,
    ))
}
