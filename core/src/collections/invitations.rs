//! Sharing a collection is an invitation, whoever it names.
//!
//! `POST /collections/{id}/members` with an email address or a user id records a pending
//! invitation of that address and mails it (through [`crate::mail`], so to the outbox when no
//! SMTP server is configured); the person accepts or declines it signed in
//! (`GET /invitations`, `POST /invitations/{id}/accept|decline`), now or once they have an
//! account. Nobody becomes a member of a collection they did not accept, so nobody can push a
//! collection into a stranger's library, and the owner sees the same thing for an address
//! with an account and one without (a pending invitation), so sharing tells nobody who has an
//! account here. Owners see pending invitations beside the members and may revoke them.
//!
//! Invitations cost mail, so they are bounded: [`INVITATIONS_PER_USER`] a minute per inviter
//! (and [`INVITATIONS_PER_ADDRESS`] per client address), and an address is mailed at most
//! once a day per collection (inviting, revoking and inviting again mails once) and
//! [`MAILS_PER_RECIPIENT_PER_DAY`] times a day in all; an invitation past those limits is
//! still recorded and can be accepted, it is only not mailed again.

use cardsmith_i18n::t;
use cardsmith_model::deletion::{InvitationOut, MyInvitationOut};
use cardsmith_model::validate::CollectionRole;

use super::access::require_collection;
use crate::audit::{self, AuditEvent};
use crate::auth::chosen_locale;
use crate::auth::Actor;
use crate::db::{DbTx, Flag};
use crate::error::OnUnique;
use crate::mail::letter::Letter;
use crate::mail::{self, Mail};
use crate::{new_id, time, Core, CoreError, CoreResult};

/// Invitations one user may send a minute (from one client address).
pub const INVITATIONS_PER_USER: u32 = 10;
/// Invitations a minute from one client address, whoever signed in.
pub const INVITATIONS_PER_ADDRESS: u32 = 30;
/// Invitation mails one address receives a day at most, from every inviter together.
pub const MAILS_PER_RECIPIENT_PER_DAY: i64 = 3;

/// The 409 for an address that is already a member or invited: one sentence for both, so the
/// answer does not tell them apart either.
pub(super) fn already_there(key: &str) -> CoreError {
    CoreError::Conflict(format!("{key} is already a member or invited"))
}

/// Invites `email` (normalised) to collection `id` as `role` (the caller is its owner): a
/// pending invitation, mailed unless the mail limits say otherwise.
pub(super) async fn invite(
    core: &Core,
    actor: &Actor,
    id: &str,
    email: &str,
    role: &str,
) -> CoreResult<()> {
    admit(core, actor)?;
    let mut tx = core.db.begin().await?;
    let member: Flag = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM collection_members m JOIN users u ON u.id = m.user_id
                        WHERE m.collection_id = $1 AND u.email = $2)",
    )
    .bind(id)
    .bind(email)
    .fetch_one(&mut *tx)
    .await?;
    if member.0 {
        return Err(already_there(email));
    }
    let now = time::now_str();
    let mailed = mail_due(&mut tx, id, email).await?;
    let invitation = new_id();
    sqlx::query(
        "INSERT INTO collection_invitations
             (id, collection_id, email, role, invited_by, status, created_at, mailed_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)",
    )
    .bind(&invitation)
    .bind(id)
    .bind(email)
    .bind(role)
    .bind(actor.id())
    .bind(&now)
    .bind(mailed.then_some(&now))
    .execute(&mut *tx)
    .await
    .on_unique(|| already_there(email))?;
    if mailed {
        let name: String = sqlx::query_scalar("SELECT name FROM collections WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        let message = invitation_mail(core, &mut tx, actor, email, &name, role).await?;
        mail::enqueue(&mut tx, message).await.map_err(|e| match e {
            // the mailer's address rule is stricter than ours in a few corners
            CoreError::Invalid(_) => CoreError::invalid("user_id", "is not an email address"),
            other => other,
        })?;
    }
    let mail_note = if mailed {
        ""
    } else {
        ", not mailed again today"
    };
    audit::record(
        &mut *tx,
        AuditEvent::own(
            actor,
            "collection.invitation_created",
            format!("{id}: {email} as {role} (invitation {invitation}{mail_note})"),
        ),
    )
    .await?;
    tx.commit().await?;
    if mailed {
        core.jobs.wake();
    }
    Ok(())
}

/// Admits one invitation of `actor`, or answers 429 with `Retry-After`.
fn admit(core: &Core, actor: &Actor) -> CoreResult<()> {
    core.throttles.invitations.admit_actor(actor)
}

/// Whether an invitation of `email` to `id` is mailed now: not when one to this collection
/// was mailed to the address in the last day, nor past [`MAILS_PER_RECIPIENT_PER_DAY`].
async fn mail_due(tx: &mut DbTx<'static>, id: &str, email: &str) -> CoreResult<bool> {
    let since = time::from_now(chrono::Duration::days(-1));
    let (here, everywhere): (i64, i64) = sqlx::query_as(
        "SELECT COALESCE(SUM(CASE WHEN collection_id = $1 THEN 1 ELSE 0 END), 0), COUNT(*)
         FROM collection_invitations WHERE email = $2 AND mailed_at > $3",
    )
    .bind(id)
    .bind(email)
    .bind(&since)
    .fetch_one(&mut **tx)
    .await?;
    Ok(here == 0 && everywhere < MAILS_PER_RECIPIENT_PER_DAY)
}

/// The mail of an invitation, in the invitee's language when they have an account that chose
/// one, else in the inviter's. Users' words (the inviter's name, the collection's) are in the
/// body only, quoted (and escaped in HTML by [`Letter`]), never in the subject, and no link is
/// made of them.
async fn invitation_mail(
    core: &Core,
    tx: &mut DbTx<'static>,
    actor: &Actor,
    to: &str,
    collection: &str,
    role: &str,
) -> CoreResult<Mail> {
    // asked whether or not the address has an account, so the mail costs the same either way
    let theirs: Option<Option<String>> =
        sqlx::query_scalar("SELECT locale FROM users WHERE email = $1")
            .bind(to)
            .fetch_optional(&mut **tx)
            .await?;
    let locale = chosen_locale(theirs.flatten().as_deref()).unwrap_or(actor.locale);
    let link = mail::link(core, "/collections");
    Ok(Letter {
        locale,
        to,
        subject: t!(locale, "mail-invite-subject"),
        name: None,
        paragraphs: vec![
            t!(
                locale,
                "mail-invite-who",
                who = &actor.user.display_name,
                email = &actor.user.email,
                collection = collection,
                role = role
            ),
            t!(locale, "mail-invite-how"),
        ],
        link: &link,
        button: t!(locale, "mail-invite-button"),
        closing: t!(locale, "mail-invite-closing", to = to),
    }
    .write())
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

/// The caller's address, normalised as invitations keep it. An account's address is never
/// one its user typed unchecked: an admin gave it (and vouches for it), or a sign-in provider
/// verified it, and it cannot be changed afterwards.
fn invitee_email(actor: &Actor) -> String {
    crate::users::repo::normalise_email(&actor.user.email)
}

/// The pending invitations addressed to the caller, newest first.
pub async fn mine(core: &Core, actor: &Actor) -> CoreResult<Vec<MyInvitationOut>> {
    let email = invitee_email(actor);
    let rows: Vec<(String, String, String, String, Option<String>, String)> = sqlx::query_as(
        "SELECT i.id, i.collection_id, c.name, i.role, u.display_name, i.created_at
         FROM collection_invitations i JOIN collections c ON c.id = i.collection_id
         LEFT JOIN users u ON u.id = i.invited_by
         WHERE i.email = $1 AND i.status = 'pending' ORDER BY i.created_at DESC, i.id",
    )
    .bind(&email)
    .fetch_all(core.db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(id, collection_id, collection_name, role, invited_by_name, created_at)| {
                MyInvitationOut {
                    id,
                    collection_id,
                    collection_name,
                    role,
                    invited_by_name,
                    created_at,
                }
            },
        )
        .collect())
}

/// How the invitee answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Decline,
}

/// Accepts (the caller becomes a member with the invitation's role; one who already is keeps
/// their role) or declines a pending invitation addressed to the caller. 404 for any other
/// id, the same whether it exists or not.
pub async fn answer(core: &Core, actor: &Actor, invitation: &str, how: Answer) -> CoreResult<()> {
    let not_yours = || CoreError::not_found("you have no pending invitation by that id");
    let email = invitee_email(actor);
    let (status, action) = match how {
        Answer::Accept => ("accepted", "collection.invitation_accepted"),
        Answer::Decline => ("declined", "collection.invitation_declined"),
    };
    let now = time::now_str();
    let mut tx = core.db.begin().await?;
    let decided: Option<(String, String, Option<String>)> = sqlx::query_as(
        "UPDATE collection_invitations SET status = $1, decided_at = $2
         WHERE id = $3 AND email = $4 AND status = 'pending'
         RETURNING collection_id, role, invited_by",
    )
    .bind(status)
    .bind(&now)
    .bind(invitation)
    .bind(&email)
    .fetch_optional(&mut *tx)
    .await?;
    let (collection, role, invited_by) = decided.ok_or_else(not_yours)?;
    let inviter = invited_by.as_deref().unwrap_or("a deleted account");
    if how == Answer::Accept {
        sqlx::query(
            "INSERT INTO collection_members (collection_id, user_id, role, added_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT (collection_id, user_id) DO NOTHING",
        )
        .bind(&collection)
        .bind(actor.id())
        .bind(&role)
        .bind(&now)
        .execute(&mut *tx)
        .await?;
    }
    let detail = format!("{collection} as {role} (invitation {invitation} from {inviter})");
    audit::commit(tx, AuditEvent::own(actor, action, detail)).await
}
