//! Collection members, story presets and the child profile.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::collections::{members, presets};
use cardsmith_core::Core;
use cardsmith_model::collection::{
    AddMemberInput, CollectionProfileOut, MemberOut, PresetInput, PresetOut, UpdateMemberInput,
};
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::{ApiJson, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_members, add_member))
        .routes(routes!(update_member, remove_member))
        .routes(routes!(list_presets, create_preset))
        .routes(routes!(update_preset, delete_preset))
        .routes(routes!(get_profile, update_profile))
}

/// Members and their roles (any member).
#[utoipa::path(get, path = "/collections/{id}/members", tag = "collections", operation_id = "list-members",
    params(("id" = String, Path)),
    responses((status = 200, body = Vec<MemberOut>), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn list_members(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<MemberOut>>> {
    Ok(Json(members::list(&core, &actor, &id).await?))
}

/// Shares the collection with a user, named by id or email, as `owner`, `editor` or
/// `viewer` (owner). 409 when already a member; 422 when no active user matches.
#[utoipa::path(post, path = "/collections/{id}/members", tag = "collections", operation_id = "add-member",
    params(("id" = String, Path)), request_body = AddMemberInput,
    responses((status = 204), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"), (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, body = Problem, content_type = "application/problem+json"), (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn add_member(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<AddMemberInput>,
) -> ApiResult<StatusCode> {
    members::add(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Changes a member's role (owner). The last owner cannot be demoted (409). Demoted below
/// editor, the member's links of this collection's cards into other collections are removed.
#[utoipa::path(put, path = "/collections/{id}/members/{userId}", tag = "collections", operation_id = "update-member",
    params(("id" = String, Path), ("userId" = String, Path)), request_body = UpdateMemberInput,
    responses((status = 204), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"), (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, body = Problem, content_type = "application/problem+json"), (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn update_member(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path((id, user_id)): Path<(String, String)>,
    ApiJson(input): ApiJson<UpdateMemberInput>,
) -> ApiResult<StatusCode> {
    members::update(&core, &actor, &id, &user_id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Removes a member (owner), or the caller themselves (leaving). The last owner stays (409).
/// The links the member made of this collection's cards into other collections go too.
#[utoipa::path(delete, path = "/collections/{id}/members/{userId}", tag = "collections", operation_id = "remove-member",
    params(("id" = String, Path), ("userId" = String, Path)),
    responses((status = 204), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"), (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, body = Problem, content_type = "application/problem+json")))]
pub async fn remove_member(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path((id, user_id)): Path<(String, String)>,
) -> ApiResult<StatusCode> {
    members::remove(&core, &actor, &id, &user_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Story presets, in `sort_order` (any member).
#[utoipa::path(get, path = "/collections/{id}/presets", tag = "collections", operation_id = "list-presets",
    params(("id" = String, Path)),
    responses((status = 200, body = Vec<PresetOut>), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn list_presets(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<PresetOut>>> {
    Ok(Json(presets::list(&core, &actor, &id).await?))
}

/// Adds a preset (editor).
#[utoipa::path(post, path = "/collections/{id}/presets", tag = "collections", operation_id = "create-preset",
    params(("id" = String, Path)), request_body = PresetInput,
    responses((status = 201, body = PresetOut), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"), (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn create_preset(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(id): Path<String>,
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
    responses((status = 204), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"), (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn update_preset(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path((id, preset_id)): Path<(String, String)>,
    ApiJson(input): ApiJson<PresetInput>,
) -> ApiResult<StatusCode> {
    presets::update(&core, &actor, &id, &preset_id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes a preset (editor).
#[utoipa::path(delete, path = "/collections/{id}/presets/{preset_id}", tag = "collections", operation_id = "delete-preset",
    params(("id" = String, Path), ("preset_id" = String, Path)),
    responses((status = 204), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"), (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn delete_preset(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path((id, preset_id)): Path<(String, String)>,
) -> ApiResult<StatusCode> {
    presets::delete(&core, &actor, &id, &preset_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The child profile (any member).
#[utoipa::path(get, path = "/collections/{id}/profile", tag = "collections", operation_id = "get-collection-profile",
    params(("id" = String, Path)),
    responses((status = 200, body = CollectionProfileOut), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn get_profile(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(id): Path<String>,
) -> ApiResult<Json<CollectionProfileOut>> {
    Ok(Json(presets::get_profile(&core, &actor, &id).await?))
}

/// Replaces the child profile (editor); every field is required, `child_age` may be null.
#[utoipa::path(patch, path = "/collections/{id}/profile", tag = "collections", operation_id = "update-collection-profile",
    params(("id" = String, Path)), request_body = CollectionProfileOut,
    responses((status = 204), (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"), (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn update_profile(
    State(core): State<Core>,
    Caller(actor): Caller,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<CollectionProfileOut>,
) -> ApiResult<StatusCode> {
    presets::set_profile(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}
