//! Invitations (`cardsmith_core::collections::invitations`): the pending ones of a collection,
//! made by `POST /collections/{id}/members`, for its owners; and the caller's own, which they
//! accept or decline.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::collections::invitations::{self, Answer};
use cardsmith_core::Core;
use cardsmith_model::deletion::{InvitationOut, MyInvitationOut};
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
        .routes(routes!(my_invitations))
        .routes(routes!(accept_invitation))
        .routes(routes!(decline_invitation))
}

/// The collection's pending invitations, oldest first (owners: they name addresses of people
/// who are not members). Each becomes a membership with its role when the person it names
/// accepts it, signed in with an account of that address.
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

/// The invitations addressed to the caller's email that wait for an answer, newest first,
/// each with the collection's name, the role it gives and who sent it.
#[utoipa::path(get, path = "/invitations", tag = "collections", operation_id = "list-my-invitations",
    responses(
        (status = 200, description = "Pending invitations to the caller", body = Vec<MyInvitationOut>),
        Unauthorized,
    ))]
pub async fn my_invitations(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<Vec<MyInvitationOut>>> {
    Ok(Json(invitations::mine(&core, &actor).await?))
}

/// Accepts an invitation addressed to the caller: they become a member of its collection with
/// its role (one who already is keeps their role). 404 for an id that is not a pending
/// invitation of theirs, whether or not it exists.
#[utoipa::path(post, path = "/invitations/{invitationId}/accept", tag = "collections", operation_id = "accept-invitation",
    params(("invitationId" = String, Path, description = "Invitation id")),
    responses(
        (status = 204, description = "Accepted: the caller is a member"),
        Unauthorized,
        NotFound,
    ))]
pub async fn accept_invitation(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(invitation): ApiPath<String>,
) -> ApiResult<StatusCode> {
    invitations::answer(&core, &actor, &invitation, Answer::Accept).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Declines an invitation addressed to the caller: no membership comes of it (the owner may
/// invite again). 404 for an id that is not a pending invitation of theirs.
#[utoipa::path(post, path = "/invitations/{invitationId}/decline", tag = "collections", operation_id = "decline-invitation",
    params(("invitationId" = String, Path, description = "Invitation id")),
    responses(
        (status = 204, description = "Declined"),
        Unauthorized,
        NotFound,
    ))]
pub async fn decline_invitation(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(invitation): ApiPath<String>,
) -> ApiResult<StatusCode> {
    invitations::answer(&core, &actor, &invitation, Answer::Decline).await?;
    Ok(StatusCode::NO_CONTENT)
}
