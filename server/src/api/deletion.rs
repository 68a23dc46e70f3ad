//! Account deletion: a user's request (`POST /auth/delete-request`), the admin's decision
//! (`/admin/deletion-requests…`), direct deletion (`DELETE /admin/users/{id}`) and the
//! collections left without an owner (`/admin/orphaned-collections…`). The services are in
//! `cardsmith_core::users::{deletion, deletion_requests}` and
//! `cardsmith_core::collections::orphans`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::collections::orphans;
use cardsmith_core::users::{deletion, deletion_requests};
use cardsmith_core::Core;
use cardsmith_model::deletion::{
    AssignCollectionInput, DeleteRequestInput, DeletionRequestItem, OrphanedCollectionOut,
    ReassignmentsInput,
};
use cardsmith_model::system::MessageOutputBody;
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{
    Forbidden, NotFound, TooManyRequests, Unauthorized, Unprocessable,
};
use crate::problem::{ApiJson, ApiJsonOrEmpty, ApiPath, ApiResult};
use crate::session::{AdminCaller, Caller};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(request_deletion))
        .routes(routes!(delete_user))
        .routes(routes!(list_deletion_requests))
        .routes(routes!(approve_deletion_request))
        .routes(routes!(reject_deletion_request))
        .routes(routes!(list_orphaned_collections))
        .routes(routes!(assign_orphaned_collection))
}

/// Asks the administrators to delete the caller's account. `reason` is optional (at most
/// 1000 characters). The request stays pending until an admin approves (the account is then
/// deleted) or rejects it, or until it expires (30 days by default,
/// `--deletion-request-days`); a user has at most one pending request (409 for a second).
/// Rate limited per client address and per user (429 with `Retry-After`).
#[utoipa::path(post, path = "/auth/delete-request", tag = "auth", operation_id = "request-account-deletion",
    request_body(content = Option<DeleteRequestInput>, description = "Optional; an empty body is a request without a reason"),
    responses(
        (status = 201, description = "Requested; the message says until when it waits", body = MessageOutputBody),
        Unauthorized,
        (status = 409, description = "A request of this user is already pending", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
        TooManyRequests,
    ))]
pub async fn request_deletion(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJsonOrEmpty(input): ApiJsonOrEmpty<DeleteRequestInput>,
) -> ApiResult<(StatusCode, Json<MessageOutputBody>)> {
    let message = deletion_requests::request(&core, &actor, input).await?;
    Ok((StatusCode::CREATED, Json(message)))
}

/// Deletes the user, in one transaction: each collection named in `reassignments`
/// (collection id → id of an active user other than this one) gets that owner; collections
/// the user owned alone and nobody takes over become orphaned (their content and the other
/// members' roles stay; see `GET /admin/orphaned-collections`). The user's sessions end,
/// their queued and running jobs are cancelled, and their linked player accounts (tokens),
/// recording sessions, label sheets and share links are deleted; files of theirs nothing
/// else uses are removed. Links they made of cards into other collections end. An admin
/// cannot delete their own account, nor the last active admin (409). A bad reassignment is a
/// 422 naming `/reassignments/<collection id>`.
#[utoipa::path(delete, path = "/admin/users/{id}", tag = "admin", operation_id = "admin-delete-user",
    params(("id" = String, Path, description = "User id")),
    request_body(content = Option<ReassignmentsInput>, description = "Optional"),
    responses(
        (status = 204, description = "Deleted"),
        Unauthorized,
        Forbidden,
        NotFound,
        (status = 409, description = "The caller's own account, or the last active admin", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
    ))]
pub async fn delete_user(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
    ApiJsonOrEmpty(input): ApiJsonOrEmpty<ReassignmentsInput>,
) -> ApiResult<StatusCode> {
    deletion::delete_user(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The pending deletion requests, oldest first, each with `expires_at` and the collections
/// its user owns (`sole_owner`: orphaned unless reassigned). Requests past `expires_at` are
/// marked `expired` before the list is read, so none is listed.
#[utoipa::path(get, path = "/admin/deletion-requests", tag = "admin", operation_id = "admin-list-deletion-requests",
    responses(
        (status = 200, description = "Pending requests", body = Vec<DeletionRequestItem>),
        Unauthorized,
        Forbidden,
    ))]
pub async fn list_deletion_requests(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<Json<Vec<DeletionRequestItem>>> {
    Ok(Json(deletion_requests::list(&core, &actor).await?))
}

/// Approves a pending request: the account is deleted exactly as by
/// `DELETE /admin/users/{id}`, with the optional `reassignments`. 409 when the request is no
/// longer pending (decided or expired), or the user is the caller or the last active admin.
#[utoipa::path(post, path = "/admin/deletion-requests/{id}/approve", tag = "admin", operation_id = "admin-approve-deletion-request",
    params(("id" = String, Path, description = "Deletion request id")),
    request_body(content = Option<ReassignmentsInput>, description = "Optional"),
    responses(
        (status = 204, description = "Approved; the account is deleted"),
        Unauthorized,
        Forbidden,
        NotFound,
        (status = 409, description = "Not pending any more, or the account cannot be deleted (own account, last admin)", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
    ))]
pub async fn approve_deletion_request(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
    ApiJsonOrEmpty(input): ApiJsonOrEmpty<ReassignmentsInput>,
) -> ApiResult<StatusCode> {
    deletion_requests::approve(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Rejects a pending request; the account stays and its user may ask again. 409 when the
/// request is no longer pending.
#[utoipa::path(post, path = "/admin/deletion-requests/{id}/reject", tag = "admin", operation_id = "admin-reject-deletion-request",
    params(("id" = String, Path, description = "Deletion request id")),
    responses(
        (status = 204, description = "Rejected"),
        Unauthorized,
        Forbidden,
        NotFound,
        (status = 409, description = "The request is no longer pending", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn reject_deletion_request(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    deletion_requests::reject(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Collections without an owner (their owner was deleted and nothing was reassigned), oldest
/// first. Their cards and other members stay as they were.
#[utoipa::path(get, path = "/admin/orphaned-collections", tag = "admin", operation_id = "admin-list-orphaned-collections",
    responses(
        (status = 200, description = "Orphaned collections", body = Vec<OrphanedCollectionOut>),
        Unauthorized,
        Forbidden,
    ))]
pub async fn list_orphaned_collections(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<Json<Vec<OrphanedCollectionOut>>> {
    Ok(Json(orphans::list(&core, &actor).await?))
}

/// Makes an active user (`user_id`) the owner of an orphaned collection. 409 when the
/// collection has an owner; 422 when `user_id` is no active user.
#[utoipa::path(post, path = "/admin/orphaned-collections/{id}/assign", tag = "admin", operation_id = "admin-assign-orphaned-collection",
    params(("id" = String, Path, description = "Collection id")),
    request_body = AssignCollectionInput,
    responses(
        (status = 204, description = "Assigned; the user owns the collection"),
        Unauthorized,
        Forbidden,
        NotFound,
        (status = 409, description = "The collection has an owner", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
    ))]
pub async fn assign_orphaned_collection(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<AssignCollectionInput>,
) -> ApiResult<StatusCode> {
    orphans::assign(&core, &actor, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}
