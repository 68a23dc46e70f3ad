//! Sharing a collection with an email address that has no account yet.
//!
//! `POST /collections/{id}/members` with an address nobody uses creates a pending invitation
//! instead of a membership, and mails the address (through [`crate::mail`], so to the outbox
//! when no SMTP server is configured). The answer is the same 204 as for an address with an
//! account, so sharing cannot be used to find out who has an account here. When an account
//! with that address is created (by an admin, or provisioned at a first single sign-on),
//! [`accept_for`] turns its pending invitations into memberships. Owners see pending
//! invitations beside the members and may revoke them until then.

use cardsmith_model::deletion::InvitationOut;
use cardsmith_model::validate::CollectionRole;

use super::access::require_collection;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::db::DbTx;
use crate::error::OnUnique;
use crate::mail::{self, escape_html, Mail};
use crate::{new_id, time, Core, CoreError, CoreResult};

/// The 409 for an address that is already a member or invited: one sentence for both, so the
/// answer does not tell them apart either.
pub(super) fn already_there(key: &str) -> CoreError {
    CoreError::Conflict(format!("{key} is already a member or invited"))
}

/// Records a pending invitation of `email` (normalised, with no account) to collection `id`
/// as `role`, and queues its mail, in the caller's transaction.
pub(super) async fn invite(
    tx: &mut DbTx<'static>,
    core: &Core,
    actor: &Actor,
    id: &str,
    email: &str,
    role: &str,
) -> CoreResult<()> {
    let invitation = new_id();
    sqlx::query(
        "INSERT INTO collection_invitations (id, collection_id, email, role, invited_by, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6)",
    )
    .bind(&invitation)
    .bind(id)
    .bind(email)
    .bind(role)
    .bind(actor.id())
    .bind(time::now_str())
    .execute(&mut **tx)
    .await
    .on_unique(|| already_there(email))?;
    let name: String = sqlx::query_scalar("SELECT name FROM collections WHERE id = $1")
        .bind(id)
        .fetch_one(&mut **tx)
        .await?;
    mail::enqueue(tx, invitation_mail(core, actor, email, &name, role))
        .await
        .map_err(|e| match e {
            // the mailer's address rule is stricter than ours in a few corners
            CoreError::Invalid(_) => CoreError::invalid("user_id", "is not an email address"),
            other => other,
        })?;
    audit::record(
        &mut **tx,
        AuditEvent::own(
            actor,
            "collection.invitation_created",
            format!("{id}: {email} as {role} (invitation {invitation})"),
        ),
    )
    .await
}

fn invitation_mail(core: &Core, actor: &Actor, to: &str, collection: &str, role: &str) -> Mail {
    let who = &actor.user.display_name;
    let link = mail::link(core, "/login");
    Mail {
        to: to.to_owned(),
        subject: format!("{who} shared the collection \"{collection}\" with you on Cardsmith"),
        text: format!(
            "{who} ({}) shared the collection \"{collection}\" with you as {role}.\n\n\
             You will find it in your library as soon as you have an account with this \
             address ({to}) on {link}. Ask the administrator of that Cardsmith for one, or \
             sign in with single sign-on if the sign-in page offers it.\n",
            actor.user.email
        ),
        html: format!(
            "<p>{} ({}) shared the collection <strong>{}</strong> with you as {}.</p>\
             <p>You will find it in your library as soon as you have an account with this \
             address ({}) on <a href=\"{}\">{}</a>. Ask the administrator of that Cardsmith \
             for one, or sign in with single sign-on if the sign-in page offers it.</p>",
            escape_html(who),
            escape_html(&actor.user.email),
            escape_html(collection),
            escape_html(role),
            escape_html(to),
            escape_html(&link),
            escape_html(&link),
        ),
    }
}

/// The pending invitations of collection `id`, oldest first (owners only: they name
/// addresses of people who are not members).
pub async fn list(core: &Core, actor: &Actor, id: &str) -> CoreResult<Vec<InvitationOut>> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Owner).await?;
    let rows: Vec<(String, String, String, Option<String>, String)> = sqlx::query_as(
        "SELECT id, email, role, invited_by, created_at FROM collection_invitations
         WHERE collection_id = $1 AND status = 'pending' ORDER BY created_at, id",
    )
    .bind(id)
    .fetch_all(core.db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, email, role, invited_by, created_at)| InvitationOut {
            id,
            email,
            role,
            invited_by,
            created_at,
        })
        .collect())
}

/// Withdraws a pending invitation (owners): no membership comes of it. 404 when the
/// collection has no pending invitation by that id.
pub async fn revoke(core: &Core, actor: &Actor, id: &str, invitation: &str) -> CoreResult<()> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Owner).await?;
    let mut tx = core.db.begin().await?;
    let email: Option<String> = sqlx::query_scalar(
        "UPDATE collection_invitations SET status = 'revoked', decided_at = $1
         WHERE id = $2 AND collection_id = $3 AND status = 'pending' RETURNING email",
    )
    .bind(time::now_str())
    .bind(invitation)
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let email = email.ok_or_else(|| {
        CoreError::not_found("this collection has no pending invitation by that id")
    })?;
    audit::commit(
        tx,
        AuditEvent::own(
            actor,
            "collection.invitation_revoked",
            format!("{id}: {email} (invitation {invitation})"),
        ),
    )
    .await
}

/// Turns the pending invitations of `email` into memberships of the new account `user_id`,
/// in the caller's transaction (the one creating the account). Returns how many it granted.
/// Where the account already is a member, the invitation is closed and the role kept.
pub async fn accept_for(tx: &mut DbTx<'_>, user_id: &str, email: &str) -> CoreResult<u64> {
    let email = crate::users::repo::normalise_email(email);
    let now = time::now_str();
    let accepted: Vec<(String, String, String, Option<String>)> = sqlx::query_as(
        "UPDATE collection_invitations SET status = 'accepted', decided_at = $1
         WHERE email = $2 AND status = 'pending'
         RETURNING id, collection_id, role, invited_by",
    )
    .bind(&now)
    .bind(&email)
    .fetch_all(&mut **tx)
    .await?;
    for (invitation, collection, role, invited_by) in &accepted {
        sqlx::query(
            "INSERT INTO collection_members (collection_id, user_id, role, added_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT (collection_id, user_id) DO NOTHING",
        )
        .bind(collection)
        .bind(user_id)
        .bind(role)
        .bind(&now)
        .execute(&mut **tx)
        .await?;
        audit::record(
            &mut **tx,
            AuditEvent::unattended(
                "collection.invitation_accepted",
                user_id,
                invited_by.as_deref().unwrap_or_default(),
                format!("{collection} as {role} (invitation {invitation})"),
                None,
            ),
        )
        .await?;
    }
    Ok(accepted.len() as u64)
}
