//! The admin's management of user accounts. Every operation needs the admin role (403 else),
//! checked before the body is read: a non-admin gets 403 even for a malformed body.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::users::admin;
use cardsmith_core::Core;
use cardsmith_model::user::{AdminUserOutputBody, CreateUserInput, UpdateUserInput, UserOut};
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::AdminCaller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_users, create_user))
        .routes(routes!(update_user))
        .routes(routes!(revoke_user_sessions))
        .routes(routes!(deactivate_user))
        .routes(routes!(reactivate_user))
        .routes(routes!(unlock_user))
}

/// Every account, oldest first.
#[utoipa::path(get, path = "/admin/users", tag = "admin", operation_id = "admin-list-users",
    responses(
        (status = 200, description = "All users", body = Vec<UserOut>),
        Unauthorized,
        (status = 403, description = "Not an admin", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn list_users(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<Json<Vec<UserOut>>> {
    Ok(Json(admin::list_users(&core, &actor).await?))
}

/// Creates a local account with a confirmed email. `role` is `admin` or `user`; the display
/// name defaults to the part of the email before `@`.
#[utoipa::path(post, path = "/admin/users", tag = "admin", operation_id = "admin-create-user",
    request_body = CreateUserInput,
    responses(
        (status = 201, description = "Created", body = AdminUserOutputBody),
        Unauthorized,
        (status = 403, description = "Not an admin", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "Email already taken", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
    ))]
pub async fn create_user(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiJson(input): ApiJson<CreateUserInput>,
) -> ApiResult<(StatusCode, Json<AdminUserOutputBody>)> {
    let user = admin::create_user(&core, &actor, input).await?;
    Ok((StatusCode::CREATED, Json(user.into())))
}

/// Renames a user and sets their role. Demoting the last active admin is a 409.
#[utoipa::path(put, path = "/admin/users/{id}", tag = "admin", operation_id = "admin-update-user",
    params(("id" = String, Path, description = "User id")),
    request_body = UpdateUserInput,
    responses(
        (status = 200, description = "Updated", body = AdminUserOutputBody),
        Unauthorized,
        (status = 403, description = "Not an admin", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such user", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "Would leave no active admin", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
    ))]
pub async fn update_user(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<UpdateUserInput>,
) -> ApiResult<Json<AdminUserOutputBody>> {
    Ok(Json(
        admin::update_user(&core, &actor, &id, input).await?.into(),
    ))
}

/// Signs the user out of every session.
#[utoipa::path(post, path = "/admin/users/{id}/revoke-sessions", tag = "admin", operation_id = "admin-revoke-user-sessions",
    params(("id" = String, Path, description = "User id")),
    responses(
        (status = 204, description = "Every session ended"),
        Unauthorized,
        (status = 403, description = "Not an admin", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such user", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn revoke_user_sessions(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    admin::revoke_user_sessions(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deactivates the user: they can no longer sign in (403 at `POST /auth/login`) and every
/// session they have open ends at once (401 on their next request). Deactivating an account
/// that already is one is a 204 too. An admin cannot deactivate their own account (409).
#[utoipa::path(post, path = "/admin/users/{id}/deactivate", tag = "admin", operation_id = "admin-deactivate-user",
    params(("id" = String, Path, description = "User id")),
    responses(
        (status = 204, description = "Deactivated; the user's sessions ended"),
        Unauthorized,
        Forbidden,
        NotFound,
        (status = 409, description = "The caller tried to deactivate their own account", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn deactivate_user(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    admin::deactivate_user(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Lets a deactivated user sign in again (their old sessions stay ended). Reactivating an
/// active account is a 204 too.
#[utoipa::path(post, path = "/admin/users/{id}/reactivate", tag = "admin", operation_id = "admin-reactivate-user",
    params(("id" = String, Path, description = "User id")),
    responses(
        (status = 204, description = "Active; the user may sign in"),
        Unauthorized,
        Forbidden,
        NotFound,
    ))]
pub async fn reactivate_user(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    admin::reactivate_user(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Ends every sign-in lockout of the user (from any client address) and forgets the failed
/// attempts counted so far; the user no longer reads `locked`. Unlocking an account that is
/// not locked is a 204 too.
#[utoipa::path(post, path = "/admin/users/{id}/unlock", tag = "admin", operation_id = "admin-unlock-user",
    params(("id" = String, Path, description = "User id")),
    responses(
        (status = 204, description = "Unlocked"),
        Unauthorized,
        Forbidden,
        NotFound,
    ))]
pub async fn unlock_user(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    admin::unlock_user(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
