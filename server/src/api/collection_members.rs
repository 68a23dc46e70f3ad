//! Collection members and their roles (story presets and the child profile are in
//! [`super::collection_presets`]).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::collections::members;
use cardsmith_core::Core;
use cardsmith_model::collection::{AddMemberInput, MemberOut, UpdateMemberInput};
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
        .routes(routes!(list_members, add_member))
        .routes(routes!(update_member, remove_member))
}

/// Members and their roles (any member).
#[utoipa::path(get, path = "/collections/{id}/members", tag = "collections", operation_id = "list-members",
    params(("id" = String, Path)),
    responses((status = 200, body = Vec<MemberOut>), Unauthorized,
        NotFound))]
pub async fn list_members(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<Vec<MemberOut>>> {
    Ok(Json(members::list(&core, &actor, &id).await?))
}

/// Shares the collection (owner) with a person named by user id or email address, as
/// `owner`, `editor` or `viewer`: a pending invitation of that address, mailed to it, which
/// the person accepts or declines signed in (`GET /invitations`); they become a member once
/// they accept. Whether the address has an account here changes nothing in the answer nor in
/// what the owner sees (`GET /collections/{id}/invitations`). 409 when the address is already
/// a member or invited; 422 for a malformed address or a user id of no active user; 429 past
/// ten invitations a minute. An address is mailed at most once a day per collection and three
/// times a day in all; later invitations are recorded without a mail.
#[utoipa::path(post, path = "/collections/{id}/members", tag = "collections", operation_id = "add-member",
    params(("id" = String, Path)), request_body = AddMemberInput,
    responses((status = 204, description = "Invited"), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable, TooManyRequests))]
pub async fn add_member(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<AddMemberInput>,
) -> ApiResult<StatusCode> {
    members::add(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Changes a member's role (owner). The last owner cannot be demoted (409). Demoted below
/// editor, the member's links of this collection's cards into other collections are removed.
#[utoipa::path(put, path = "/collections/{id}/members/{userId}", tag = "collections", operation_id = "update-member",
    params(("id" = String, Path), ("userId" = String, Path)), request_body = UpdateMemberInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn update_member(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((id, user_id)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<UpdateMemberInput>,
) -> ApiResult<StatusCode> {
    members::update(&core, &actor, &id, &user_id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Removes a member (owner), or the caller themselves (leaving). The last owner stays (409).
/// The links the member made of this collection's cards into other collections go too.
#[utoipa::path(delete, path = "/collections/{id}/members/{userId}", tag = "collections", operation_id = "remove-member",
    params(("id" = String, Path), ("userId" = String, Path)),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Conflict))]
pub async fn remove_member(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((id, user_id)): ApiPath<(String, String)>,
) -> ApiResult<StatusCode> {
    members::remove(&core, &actor, &id, &user_id).await?;
    Ok(StatusCode::NO_CONTENT)
}
