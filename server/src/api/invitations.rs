//! Pending invitations of a collection: made by `POST /collections/{id}/members` with an
//! email address that has no account (`cardsmith_core::collections::invitations`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::collections::invitations;
use cardsmith_core::Core;
use cardsmith_model::deletion::InvitationOut;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, NotFound, Unauthorized};
use crate::problem::{ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_invitations))
        .routes(routes!(revoke_invitation))
}

/// The collection's pending invitations, oldest first (owners: they name addresses of people
/// who are not members). Each becomes a membership with its role when an account with its
/// address is created.
#[utoipa::path(get, path = "/collections/{id}/invitations", tag = "collections", operation_id = "list-invitations",
    params(("id" = String, Path, description = "Collection id")),
    responses(
        (status = 200, description = "Pending invitations", body = Vec<InvitationOut>),
        Unauthorized,
        Forbidden,
        NotFound,
    ))]
pub async fn list_invitations(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<Vec<InvitationOut>>> {
    Ok(Json(invitations::list(&core, &actor, &id).await?))
}

/// Revokes a pending invitation (owners): no membership comes of it.
#[utoipa::path(delete, path = "/collections/{id}/invitations/{invitationId}", tag = "collections", operation_id = "revoke-invitation",
    params(("id" = String, Path, description = "Collection id"), ("invitationId" = String, Path, description = "Invitation id")),
    responses(
        (status = 204, description = "Revoked"),
        Unauthorized,
        Forbidden,
        NotFound,
    ))]
pub async fn revoke_invitation(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((id, invitation)): ApiPath<(String, String)>,
) -> ApiResult<StatusCode> {
    invitations::revoke(&core, &actor, &id, &invitation).await?;
    Ok(StatusCode::NO_CONTENT)
}
