//! A collection's story presets (ordered prompts for generated stories) and its child
//! profile. Any member reads them; editors change them.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::collections::presets;
use cardsmith_core::Core;
use cardsmith_model::collection::{CollectionProfileOut, PresetInput, PresetOut};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_presets, create_preset))
        .routes(routes!(update_preset, delete_preset))
        .routes(routes!(get_profile, update_profile))
}

/// Story presets, in `sort_order` (any member).
#[utoipa::path(get, path = "/collections/{id}/presets", tag = "collections", operation_id = "list-presets",
    params(("id" = String, Path)),
    responses((status = 200, body = Vec<PresetOut>), Unauthorized,
        NotFound))]
pub async fn list_presets(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<Vec<PresetOut>>> {
    Ok(Json(presets::list(&core, &actor, &id).await?))
}

/// Adds a preset (editor).
#[utoipa::path(post, path = "/collections/{id}/presets", tag = "collections", operation_id = "create-preset",
    params(("id" = String, Path)), request_body = PresetInput,
    responses((status = 201, body = PresetOut), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn create_preset(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<PresetInput>,
) -> ApiResult<(StatusCode, Json<PresetOut>)> {
    Ok((
        StatusCode::CREATED,
        Json(presets::create(&core, &actor, &id, input).await?),
    ))
}

/// Replaces a preset (editor).
#[utoipa::path(put, path = "/collections/{id}/presets/{preset_id}", tag = "collections", operation_id = "update-preset",
    params(("id" = String, Path), ("preset_id" = String, Path)), request_body = PresetInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn update_preset(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((id, preset_id)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<PresetInput>,
) -> ApiResult<StatusCode> {
    presets::update(&core, &actor, &id, &preset_id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes a preset (editor).
#[utoipa::path(delete, path = "/collections/{id}/presets/{preset_id}", tag = "collections", operation_id = "delete-preset",
    params(("id" = String, Path), ("preset_id" = String, Path)),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound))]
pub async fn delete_preset(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((id, preset_id)): ApiPath<(String, String)>,
) -> ApiResult<StatusCode> {
    presets::delete(&core, &actor, &id, &preset_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The child profile (any member).
#[utoipa::path(get, path = "/collections/{id}/profile", tag = "collections", operation_id = "get-collection-profile",
    params(("id" = String, Path)),
    responses((status = 200, body = CollectionProfileOut), Unauthorized,
        NotFound))]
pub async fn get_profile(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<CollectionProfileOut>> {
    Ok(Json(presets::get_profile(&core, &actor, &id).await?))
}

/// Replaces the child profile (editor); every field is required, `child_age` may be null.
#[utoipa::path(patch, path = "/collections/{id}/profile", tag = "collections", operation_id = "update-collection-profile",
    params(("id" = String, Path)), request_body = CollectionProfileOut,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn update_profile(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<CollectionProfileOut>,
) -> ApiResult<StatusCode> {
    presets::set_profile(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}
