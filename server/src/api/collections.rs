//! Collections: CRUD, slugs, default, background, card links, stats.
//!
//! Roles: viewers read; editors change content, background and links; owners change the slug,
//! members and delete. Collections the caller is not a member of answer 404.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use cardsmith_core::collections::{links, service};
use cardsmith_core::Core;
use cardsmith_model::collection::{
    CollectionOut, CollectionStatsOutputBody, CreateCollectionInput, GetCollectionOutputBody,
    LinkCardInput, SlugAvailableOutputBody, SlugInput, UpdateCollectionInput,
};
use cardsmith_model::Problem;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

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
        .routes(routes!(list_collections, create_collection))
        .routes(routes!(default_collection))
        .routes(routes!(collection_slug_available))
        .routes(routes!(get_collection_by_slug))
        .routes(routes!(
            get_collection,
            update_collection,
            delete_collection
        ))
        .routes(routes!(link_card))
        .routes(routes!(unlink_card))
        .routes(routes!(set_default_collection))
        .routes(routes!(change_collection_slug))
        .routes(routes!(collection_stats))
}

/// Routes that take image uploads; `api::router` gives them the larger body limit.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_background, upload_background))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SlugQuery {
    /// The slug to check.
    #[param(min_length = 1, max_length = 60, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$")]
    pub slug: String,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CascadeQuery {
    /// Also delete the cards whose home is this collection (default false: refuse with 409).
    #[serde(default)]
    pub cascade: bool,
}

/// Refuses a caller who may not edit collection `id` (404 when they cannot see it), before a
/// route reads a large body (a ZIP, a story file) that only an editor may send.
pub(crate) async fn editor_before_body(
    core: &Core,
    actor: &cardsmith_core::auth::Actor,
    id: &str,
) -> ApiResult<()> {
    cardsmith_core::collections::access::require_collection(
        core.db.pool(),
        actor,
        id,
        cardsmith_model::validate::CollectionRole::Editor,
    )
    .await?;
    Ok(())
}

/// The caller's collections (default first).
#[utoipa::path(get, path = "/collections", tag = "collections", operation_id = "list-collections",
    responses((status = 200, body = Vec<CollectionOut>), Unauthorized))]
pub async fn list_collections(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<Vec<CollectionOut>>> {
    Ok(Json(service::list(&core, &actor).await?))
}

/// Creates a collection owned by the caller. The slug is derived from the name unless given.
#[utoipa::path(post, path = "/collections", tag = "collections", operation_id = "create-collection",
    request_body = CreateCollectionInput,
    responses((status = 201, body = CollectionOut), Unauthorized,
        (status = 409, description = "Slug taken", body = Problem, content_type = "application/problem+json"),
        Unprocessable))]
pub async fn create_collection(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<CreateCollectionInput>,
) -> ApiResult<(StatusCode, Json<CollectionOut>)> {
    Ok((
        StatusCode::CREATED,
        Json(service::create(&core, &actor, input).await?),
    ))
}

/// The caller's quick-record collection, created ("My recordings") on first use.
#[utoipa::path(post, path = "/collections/default", tag = "collections", operation_id = "default-collection",
    responses((status = 200, body = CollectionOut), Unauthorized))]
pub async fn default_collection(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<CollectionOut>> {
    Ok(Json(service::default_collection(&core, &actor).await?))
}

/// Whether a collection slug is free. An ill-formed slug is a 422.
#[utoipa::path(get, path = "/collections/slug-available", tag = "collections", operation_id = "collection-slug-available",
    params(SlugQuery),
    responses((status = 200, body = SlugAvailableOutputBody), Unauthorized,
        Unprocessable))]
pub async fn collection_slug_available(
    State(core): State<Core>,
    Caller(_actor): Caller,
    ApiQuery(q): ApiQuery<SlugQuery>,
) -> ApiResult<Json<SlugAvailableOutputBody>> {
    Ok(Json(service::slug_available(&core, &q.slug).await?))
}

/// A collection and its cards, by slug.
#[utoipa::path(get, path = "/collections/by-slug/{slug}", tag = "collections", operation_id = "get-collection-by-slug",
    params(("slug" = String, Path)),
    responses((status = 200, body = GetCollectionOutputBody), Unauthorized,
        (status = 404, description = "No such collection, or not a member", body = Problem, content_type = "application/problem+json")))]
pub async fn get_collection_by_slug(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<GetCollectionOutputBody>> {
    Ok(Json(service::get_by_slug(&core, &actor, &slug).await?))
}

/// A collection and its cards (home and linked).
#[utoipa::path(get, path = "/collections/{id}", tag = "collections", operation_id = "get-collection",
    params(("id" = String, Path)),
    responses((status = 200, body = GetCollectionOutputBody), Unauthorized,
        NotFound))]
pub async fn get_collection(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<GetCollectionOutputBody>> {
    Ok(Json(service::get(&core, &actor, &id).await?))
}

/// Renames and describes a collection (editor).
#[utoipa::path(put, path = "/collections/{id}", tag = "collections", operation_id = "update-collection",
    params(("id" = String, Path)), request_body = UpdateCollectionInput,
    responses((status = 204), Unauthorized,
        (status = 403, description = "Viewer", body = Problem, content_type = "application/problem+json"),
        NotFound, Unprocessable))]
pub async fn update_collection(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<UpdateCollectionInput>,
) -> ApiResult<StatusCode> {
    service::update(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes a collection (owner). Refused with 409 while it is home to cards unless
/// `cascade=true`, which deletes those cards too. Links of other cards into it are removed;
/// those cards stay in their own homes.
#[utoipa::path(delete, path = "/collections/{id}", tag = "collections", operation_id = "delete-collection",
    params(("id" = String, Path), CascadeQuery),
    responses((status = 204), Unauthorized,
        (status = 403, description = "Not an owner", body = Problem, content_type = "application/problem+json"),
        NotFound,
        (status = 409, description = "Home to cards and cascade not set", body = Problem, content_type = "application/problem+json")))]
pub async fn delete_collection(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<CascadeQuery>,
) -> ApiResult<StatusCode> {
    service::delete(&core, &actor, &id, q.cascade).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The background image (ETag; 304 on If-None-Match).
#[utoipa::path(get, path = "/collections/{id}/background", tag = "collections", operation_id = "get-collection-background",
    params(("id" = String, Path)),
    responses((status = 200, description = "The image", content_type = "image/*"), (status = 304, description = "Unchanged"),
        Unauthorized, NotFound))]
pub async fn get_background(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let (bytes, content_type, hash) = service::get_background(&core, &actor, &id).await?;
    Ok(image_response(&headers, bytes, &content_type, &hash))
}

/// Sets the background from a multipart image upload (JPEG, PNG, WebP or GIF; metadata is
/// stripped) (editor).
#[utoipa::path(post, path = "/collections/{id}/background", tag = "collections", operation_id = "upload-collection-background",
    params(("id" = String, Path)), request_body(content = cardsmith_model::upload::ImageUpload, content_type = "multipart/form-data", description = "One image file"),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        PayloadTooLarge, UnsupportedMediaType,
        (status = 422, description = "No file in the body", body = Problem, content_type = "application/problem+json")))]
pub async fn upload_background(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    Upload(bytes): Upload,
) -> ApiResult<StatusCode> {
    service::set_background(&core, &actor, &id, bytes).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Shows a card in this collection too; its home is unchanged. Needs editor here and editor in
/// the card's home collection (403 otherwise). The link ends when its maker stops being an
/// editor of the card's home.
#[utoipa::path(post, path = "/collections/{id}/cards/link", tag = "collections", operation_id = "link-card",
    params(("id" = String, Path)), request_body = LinkCardInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        (status = 409, description = "This is the card's home", body = Problem, content_type = "application/problem+json")))]
pub async fn link_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<LinkCardInput>,
) -> ApiResult<StatusCode> {
    links::link_card(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Removes a linked card from this collection (editor); the card stays in its home.
#[utoipa::path(delete, path = "/collections/{id}/cards/{cardId}/link", tag = "collections", operation_id = "unlink-card",
    params(("id" = String, Path), ("cardId" = String, Path, description = "Card id or slug")),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound))]
pub async fn unlink_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((id, card_id)): ApiPath<(String, String)>,
) -> ApiResult<StatusCode> {
    links::unlink_card(&core, &actor, &id, &card_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Makes this the caller's default collection (editor: quick recordings create cards here).
#[utoipa::path(post, path = "/collections/{id}/set-default", tag = "collections", operation_id = "set-default-collection",
    params(("id" = String, Path)),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound))]
pub async fn set_default_collection(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    service::set_default(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Changes the slug (owner). 409 when taken.
#[utoipa::path(put, path = "/collections/{id}/slug", tag = "collections", operation_id = "change-collection-slug",
    params(("id" = String, Path)), request_body = SlugInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn change_collection_slug(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<SlugInput>,
) -> ApiResult<StatusCode> {
    service::change_slug(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Counts and disk use of the collection.
#[utoipa::path(get, path = "/collections/{id}/stats", tag = "collections", operation_id = "collection-stats",
    params(("id" = String, Path)),
    responses((status = 200, body = CollectionStatsOutputBody), Unauthorized,
        NotFound))]
pub async fn collection_stats(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<CollectionStatsOutputBody>> {
    Ok(Json(service::stats(&core, &actor, &id).await?))
}
