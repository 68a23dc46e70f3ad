//! Account deletion, orphaned collections and invitations: the same services as
//! `server/src/api/{deletion,invitations}.rs`.

use cardsmith_model::deletion::{
    AssignCollectionInput, DeleteRequestInput, DeletionRequestItem, InvitationOut, MyInvitationOut,
    OrphanedCollectionOut, ReassignmentsInput,
};
use cardsmith_model::system::MessageOutputBody;
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;
#[cfg(feature = "ssr")]
use cardsmith_core::collections::{invitations, orphans};
#[cfg(feature = "ssr")]
use cardsmith_core::users::{deletion, deletion_requests};

/// The caller asks for their account to be deleted.
#[server(prefix = "/rpc", endpoint = "request_deletion", input = Json)]
pub async fn request_deletion(input: DeleteRequestInput) -> Result<MessageOutputBody, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(deletion_requests::request(&core, &actor, input).await?)
}

/// The caller's latest deletion request (pending, or how the last one ended), if any.
#[server(prefix = "/rpc", endpoint = "my_deletion_request")]
pub async fn my_deletion_request() -> Result<Option<DeletionRequestItem>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(deletion_requests::mine(&core, &actor).await?)
}

#[server(prefix = "/rpc", endpoint = "admin_deletion_requests")]
pub async fn admin_deletion_requests() -> Result<Vec<DeletionRequestItem>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(deletion_requests::list(&core, &actor).await?)
}

#[server(prefix = "/rpc", endpoint = "approve_deletion_request", input = Json)]
pub async fn approve_deletion_request(
    id: String,
    input: ReassignmentsInput,
) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(deletion_requests::approve(&core, &actor, &id, input).await?)
}

#[server(prefix = "/rpc", endpoint = "reject_deletion_request")]
pub async fn reject_deletion_request(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(deletion_requests::reject(&core, &actor, &id).await?)
}

/// The collections `DELETE /admin/users/{id}` would reassign or orphan: those the user owns.
#[server(prefix = "/rpc", endpoint = "admin_owned_collections")]
pub async fn admin_owned_collections(
    id: String,
) -> Result<Vec<cardsmith_model::deletion::OwnedCollection>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(deletion::owned_by(&core, &actor, &id).await?)
}

#[server(prefix = "/rpc", endpoint = "admin_delete_user", input = Json)]
pub async fn admin_delete_user(id: String, input: ReassignmentsInput) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(deletion::delete_user(&core, &actor, &id, input).await?)
}

#[server(prefix = "/rpc", endpoint = "orphaned_collections")]
pub async fn orphaned_collections() -> Result<Vec<OrphanedCollectionOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(orphans::list(&core, &actor).await?)
}

#[server(prefix = "/rpc", endpoint = "assign_orphaned_collection", input = Json)]
pub async fn assign_orphaned_collection(
    id: String,
    input: AssignCollectionInput,
) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(orphans::assign(&core, &actor, &id, input).await?)
}

/// A collection's pending invitations (owners).
#[server(prefix = "/rpc", endpoint = "collection_invitations")]
pub async fn collection_invitations(id: String) -> Result<Vec<InvitationOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(invitations::list(&core, &actor, &id).await?)
}

#[server(prefix = "/rpc", endpoint = "revoke_invitation")]
pub async fn revoke_invitation(id: String, invitation: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(invitations::revoke(&core, &actor, &id, &invitation).await?)
}

/// The invitations addressed to the caller, newest first.
#[server(prefix = "/rpc", endpoint = "my_invitations")]
pub async fn my_invitations() -> Result<Vec<MyInvitationOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(invitations::mine(&core, &actor).await?)
}

/// Accepts (`accept`) or declines an invitation addressed to the caller.
#[server(prefix = "/rpc", endpoint = "answer_invitation")]
pub async fn answer_invitation(invitation: String, accept: bool) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    let how = if accept {
        invitations::Answer::Accept
    } else {
        invitations::Answer::Decline
    };
    Ok(invitations::answer(&core, &actor, &invitation, how).await?)
}
