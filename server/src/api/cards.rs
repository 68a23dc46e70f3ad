//! Cards: listing, creation in a collection, editing, slugs, home, covers, playback.
//!
//! Reading needs any role that reaches the card (its home collection or a collection it is
//! linked into); changing it needs editor in its home collection. Unreachable cards are 404.

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::cards::{cover, list_cache, service};
use cardsmith_core::Core;
use cardsmith_model::card::{
    CardDetailOut, CardOut, CreateCardInput, MoveCardInput, PlaybackConfigOut, UpdateCardInput,
};
use cardsmith_model::collection::{SlugAvailableOutputBody, SlugInput};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::collections::SlugQuery;
use super::media::image_response;
use super::multipart::Upload;
use crate::problem::responses::{
    Conflict, Forbidden, NotFound, PayloadTooLarge, Unauthorized, Unprocessable,
    UnsupportedMediaType,
};
use crate::problem::{ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_cards))
        .routes(routes!(card_slug_available))
        .routes(routes!(list_collection_cards, create_card))
        .routes(routes!(get_card, update_card, delete_card))
        .routes(routes!(change_card_slug))
        .routes(routes!(move_card_home))
        .routes(routes!(get_playback, set_playback))
}

/// Routes that take image uploads; `api::router` gives them the larger body limit.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_cover, upload_cover))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SideQuery {
    /// `front` (default) or `back`.
    pub side: Option<String>,
}

/// Every card the caller can reach, across all their collections. The answer carries an
/// `ETag`; sent back in `If-None-Match`, it is answered `304` while nothing in the list
/// changed. An unchanged list is served as it was made, without being built again.
#[utoipa::path(get, path = "/cards", tag = "cards", operation_id = "list-cards",
    responses((status = 200, body = Vec<CardOut>,
            headers(("ETag" = String, description = "Changes whenever the list may have changed"))),
        (status = 304, description = "Not modified: the list is the one the `If-None-Match` tag names"),
        Unauthorized))]
pub async fn list_cards(
    State(core): State<Core>,
    Caller(actor): Caller,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let list = list_cache::cards_json(&core, &actor).await?;
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == list.etag));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(header::CONTENT_TYPE, "application/json")],
            Body::from(list.body.as_ref().clone()),
        )
            .into_response()
    };
    let h = response.headers_mut();
    if let Ok(etag) = HeaderValue::from_str(&list.etag) {
        h.insert(header::ETAG, etag);
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    h.insert(header::VARY, HeaderValue::from_static("Cookie"));
    Ok(response)
}

/// Whether a card slug is free. An ill-formed slug is a 422.
#[utoipa::path(get, path = "/cards/slug-available", tag = "cards", operation_id = "card-slug-available",
    params(SlugQuery),
    responses((status = 200, body = SlugAvailableOutputBody), Unauthorized,
        Unprocessable))]
pub async fn card_slug_available(
    State(core): State<Core>,
    Caller(_actor): Caller,
    ApiQuery(q): ApiQuery<SlugQuery>,
) -> ApiResult<Json<SlugAvailableOutputBody>> {
    Ok(Json(service::slug_available(&core, &q.slug).await?))
}

/// The cards shown in a collection: those whose home it is and those linked into it.
#[utoipa::path(get, path = "/collections/{collectionID}/cards", tag = "cards", operation_id = "list-collection-cards",
    params(("collectionID" = String, Path)),
    responses((status = 200, body = Vec<CardOut>), Unauthorized,
        NotFound))]
pub async fn list_collection_cards(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(collection_id): ApiPath<String>,
) -> ApiResult<Json<Vec<CardOut>>> {
    Ok(Json(
        service::list_collection_cards(&core, &actor, &collection_id).await?,
    ))
}

/// Creates a card whose home is this collection (editor). The slug is derived from the title
/// unless given; 409 when a given slug is taken.
#[utoipa::path(post, path = "/collections/{collectionID}/cards", tag = "cards", operation_id = "create-card",
    params(("collectionID" = String, Path)), request_body = CreateCardInput,
    responses((status = 201, body = CardOut), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn create_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(collection_id): ApiPath<String>,
    ApiJson(input): ApiJson<CreateCardInput>,
) -> ApiResult<(StatusCode, Json<CardOut>)> {
    Ok((
        StatusCode::CREATED,
        Json(service::create_card(&core, &actor, &collection_id, input).await?),
    ))
}

/// A card with its tracks.
#[utoipa::path(get, path = "/cards/{slug}", tag = "cards", operation_id = "get-card",
    params(("slug" = String, Path)),
    responses((status = 200, body = CardDetailOut), Unauthorized,
        NotFound))]
pub async fn get_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<CardDetailOut>> {
    Ok(Json(service::get_card(&core, &actor, &slug).await?))
}

/// Edits title, description and author (editor of the home collection).
#[utoipa::path(put, path = "/cards/{slug}", tag = "cards", operation_id = "update-card",
    params(("slug" = String, Path)), request_body = UpdateCardInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn update_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<UpdateCardInput>,
) -> ApiResult<StatusCode> {
    service::update_card(&core, &actor, &slug, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes the card and its links (editor of the home collection).
#[utoipa::path(delete, path = "/cards/{slug}", tag = "cards", operation_id = "delete-card",
    params(("slug" = String, Path)),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound))]
pub async fn delete_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<StatusCode> {
    service::delete_card(&core, &actor, &slug).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Changes the slug (editor of the home collection); 409 when taken.
#[utoipa::path(put, path = "/cards/{slug}/slug", tag = "cards", operation_id = "change-card-slug",
    params(("slug" = String, Path)), request_body = SlugInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn change_card_slug(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<SlugInput>,
) -> ApiResult<StatusCode> {
    service::change_slug(&core, &actor, &slug, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Moves the card's home collection (editor of both).
#[utoipa::path(put, path = "/cards/{slug}/home", tag = "cards", operation_id = "move-card-home",
    params(("slug" = String, Path)), request_body = MoveCardInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn move_card_home(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<MoveCardInput>,
) -> ApiResult<StatusCode> {
    service::move_home(&core, &actor, &slug, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The front (default) or back cover (ETag; 304 on If-None-Match).
#[utoipa::path(get, path = "/cards/{slug}/cover", tag = "cards", operation_id = "get-card-cover",
    params(("slug" = String, Path), SideQuery),
    responses((status = 200, description = "The image", content_type = "image/*"), (status = 304, description = "Unchanged"),
        Unauthorized, NotFound,
        Unprocessable))]
pub async fn get_cover(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(q): ApiQuery<SideQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let side = cover::parse_side(q.side.as_deref())?;
    let (bytes, content_type, hash) = cover::get_cover(&core, &actor, &slug, side).await?;
    Ok(image_response(&headers, bytes, &content_type, &hash))
}

/// Replaces the front (default) or back cover with a multipart image upload (JPEG, PNG, WebP
/// or GIF up to the configured size; metadata stripped) (editor).
#[utoipa::path(post, path = "/cards/{slug}/cover", tag = "cards", operation_id = "upload-card-cover",
    params(("slug" = String, Path), SideQuery), request_body(content = Vec<u8>, content_type = "multipart/form-data", description = "One file field"),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        PayloadTooLarge, UnsupportedMediaType,
        Unprocessable))]
pub async fn upload_cover(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(q): ApiQuery<SideQuery>,
    Upload(bytes): Upload,
) -> ApiResult<StatusCode> {
    let side = cover::parse_side(q.side.as_deref())?;
    cover::upload_cover(&core, &actor, &slug, side, bytes).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// How the player plays the card.
#[utoipa::path(get, path = "/cards/{slug}/playback", tag = "cards", operation_id = "get-card-playback",
    params(("slug" = String, Path)),
    responses((status = 200, body = PlaybackConfigOut), Unauthorized,
        NotFound))]
pub async fn get_playback(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<PlaybackConfigOut>> {
    Ok(Json(service::get_playback(&core, &actor, &slug).await?))
}

/// Sets playback: `autoadvance` next|none|repeat, `shuffle` off|on, timeouts in seconds
/// (editor).
#[utoipa::path(put, path = "/cards/{slug}/playback", tag = "cards", operation_id = "set-card-playback",
    params(("slug" = String, Path)), request_body = PlaybackConfigOut,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn set_playback(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<PlaybackConfigOut>,
) -> ApiResult<StatusCode> {
    service::set_playback(&core, &actor, &slug, input).await?;
    Ok(StatusCode::NO_CONTENT)
}
