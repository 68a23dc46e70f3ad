//! Which account a provider identity signs in to, and how the two are joined.
//!
//! An identity is the provider's (`issuer`, `sub`) pair, kept on the account
//! (`users.oidc_issuer`, `users.oidc_subject`; one each way). It is joined to an account in
//! exactly three ways:
//! - the first sign-in of an unknown identity creates a new account for it (`auth_type`
//!   `oidc`, no password);
//! - the account's owner, signed in, links it ("Link sign-in provider" in Settings);
//! - an admin associates it (`POST /admin/users/{id}/oidc-link` with the subject).
//!
//! Never by a matching email: whoever controls an address at the provider (a provider that
//! lets people set any unverified email, a recycled address, a tenant of a shared provider)
//! would otherwise take over the local account with that email. A first sign-in whose email
//! already belongs to an account is refused (409) and says how to link instead.

use std::net::IpAddr;

use cardsmith_model::oidc::{OidcLinkInput, SignInFailure};
use cardsmith_model::user::{UserOut, ROLE_USER};
use cardsmith_model::validate::{display_name_problem, email_problem};

use super::Oidc;
use crate::audit::{self, AuditEvent};
use crate::auth::{session, Actor};
use crate::db::DbTx;
use crate::error::OnUnique;
use crate::users::admin::{begin_admin_action, finish_admin_action};
use crate::users::{repo, SignedIn};
use crate::{new_id, time, Core, CoreError, CoreResult};

/// What a verified ID token (and userinfo) says about the person.
#[derive(Debug, Clone)]
pub struct Verified {
    pub subject: String,
    /// The provider's session id (`sid`), when it sends one: back-channel logout names it.
    pub sid: Option<String>,
    pub email: Option<String>,
    pub email_verified: bool,
    pub name: Option<String>,
}

fn taken() -> CoreError {
    CoreError::Conflict(SignInFailure::IdentityTaken.sentence().into())
}

fn no_such_user() -> CoreError {
    CoreError::NotFound("no user has that id".into())
}

/// 409 when the account already has an identity (unlink it first).
pub(super) async fn ensure_unlinked(core: &Core, user_id: &str) -> CoreResult<()> {
    let linked: Option<Option<String>> =
        sqlx::query_scalar("SELECT oidc_subject FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(core.db.pool())
            .await?;
    match linked {
        None => Err(no_such_user()),
        Some(Some(_)) => Err(CoreError::Conflict(
            SignInFailure::AlreadyLinked.sentence().into(),
        )),
        Some(None) => Ok(()),
    }
}

/// Signs the identity in, creating its account on the first visit. The session remembers the
/// provider session (`sid`) so a back-channel logout can end it.
pub(super) async fn sign_in(
    core: &Core,
    oidc: &Oidc,
    who: &Verified,
    client: Option<IpAddr>,
) -> CoreResult<SignedIn> {
    let mut tx = core.db.begin().await?;
    let existing: Option<(String, String)> =
        sqlx::query_as("SELECT id, status FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2")
            .bind(oidc.issuer())
            .bind(&who.subject)
            .fetch_optional(&mut *tx)
            .await?;
    let user_id = match existing {
        Some((_, status)) if status == "deactivated" => {
            return Err(CoreError::Forbidden(
                SignInFailure::Deactivated.sentence().into(),
            ))
        }
        Some((id, _)) => id,
        None => provision(&mut tx, oidc, who, client).await?,
    };
    let new_session = session::create(core, &mut *tx, &user_id).await?;
    sqlx::query(
        "UPDATE sessions SET oidc_issuer = $1, oidc_subject = $2, oidc_sid = $3 WHERE token_hash = $4",
    )
    .bind(oidc.issuer())
    .bind(&who.subject)
    .bind(&who.sid)
    .bind(session::token_hash(&new_session.token))
    .execute(&mut *tx)
    .await?;
    audit::record(
        &mut *tx,
        AuditEvent::unattended("auth.oidc_login", &user_id, &user_id, String::new(), client),
    )
    .await?;
    tx.commit().await?;
    let user = repo::find_by_id(core.db.pool(), &user_id)
        .await?
        .ok_or_else(no_such_user)?;
    Ok(SignedIn {
        user,
        session: new_session,
    })
}

/// Creates the account of an unknown identity: role `user`, no password, the provider's email
/// (confirmed, since the provider verified it) and name. Pending collection invitations for
/// that email then wait for the new account to accept them.
///
/// Only a verified email makes an account: an address the provider did not verify may belong
/// to anybody, and taking it would let its holder answer the address's invitations and keep
/// an admin from creating the real person's account. Such a first sign-in is refused (403)
/// and nothing is recorded for the address.
async fn provision(
    tx: &mut DbTx<'_>,
    oidc: &Oidc,
    who: &Verified,
    client: Option<IpAddr>,
) -> CoreResult<String> {
    let email = who
        .email
        .as_deref()
        .map(repo::normalise_email)
        .filter(|e| email_problem(e).is_none())
        .ok_or_else(|| CoreError::Conflict(SignInFailure::NoEmail.sentence().into()))?;
    if !who.email_verified {
        return Err(email_unverified());
    }
    let email_taken: crate::db::Flag =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)")
            .bind(&email)
            .fetch_one(&mut **tx)
            .await?;
    if email_taken.0 {
        return Err(email_in_use());
    }
    let display_name = who
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| display_name_problem(n).is_none())
        .unwrap_or_else(|| email.split('@').next().unwrap_or_default())
        .to_owned();
    let id = new_id();
    let now = time::now_str();
    sqlx::query(
        "INSERT INTO users (id, email, display_name, password_hash, role, auth_type, created_at, updated_at,
                            email_verified_at, oidc_issuer, oidc_subject)
         VALUES ($1, $2, $3, NULL, $4, 'oidc', $5, $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(&email)
    .bind(&display_name)
    .bind(ROLE_USER)
    .bind(&now)
    .bind(&now)
    .bind(oidc.issuer())
    .bind(&who.subject)
    .execute(&mut **tx)
    .await
    .on_unique(email_in_use)?;
    audit::record(
        &mut **tx,
        AuditEvent::unattended(
            "auth.oidc_provisioned",
            &id,
            &id,
            format!("subject {} at {}", who.subject, oidc.issuer()),
            client,
        ),
    )
    .await?;
    Ok(id)
}

fn email_unverified() -> CoreError {
    CoreError::Forbidden(SignInFailure::EmailUnverified.sentence().into())
}

fn email_in_use() -> CoreError {
    CoreError::Conflict(SignInFailure::EmailInUse.sentence().into())
}

/// Joins `who` to `user_id` in `tx` (409 when either side is already joined).
async fn join(tx: &mut DbTx<'_>, user_id: &str, issuer: &str, subject: &str) -> CoreResult<()> {
    let current: Option<Option<String>> =
        sqlx::query_scalar("SELECT oidc_subject FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&mut **tx)
            .await?;
    match current {
        None => return Err(no_such_user()),
        Some(Some(_)) => {
            return Err(CoreError::Conflict(
                SignInFailure::AlreadyLinked.sentence().into(),
            ))
        }
        Some(None) => {}
    }
    crate::auth::session_cache::forget_user(user_id);
    sqlx::query(
        "UPDATE users SET oidc_issuer = $1, oidc_subject = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(issuer)
    .bind(subject)
    .bind(time::now_str())
    .bind(user_id)
    .execute(&mut **tx)
    .await
    .on_unique(taken)?;
    Ok(())
}

/// The signed-in owner links the identity they just proved at the provider.
pub(super) async fn link_own(core: &Core, actor: &Actor, who: &Verified) -> CoreResult<UserOut> {
    let issuer = super::configured(core)?.issuer();
    let mut tx = core.db.begin().await?;
    join(&mut tx, actor.id(), issuer, &who.subject).await?;
    audit::commit(
        tx,
        AuditEvent::own(
            actor,
            "auth.oidc_linked",
            format!("subject {}", who.subject),
        ),
    )
    .await?;
    repo::find_by_id(core.db.pool(), actor.id())
        .await?
        .ok_or_else(no_such_user)
}

/// Removes the identity from `user_id`, which must keep a password to sign in with (409).
async fn separate(tx: &mut DbTx<'_>, user_id: &str) -> CoreResult<String> {
    let row: Option<(Option<String>, Option<String>)> =
        sqlx::query_as("SELECT oidc_subject, password_hash FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&mut **tx)
            .await?;
    let (subject, password) = row.ok_or_else(no_such_user)?;
    let subject = subject.ok_or_else(|| {
        CoreError::Conflict("this account is not linked to a sign-in provider".into())
    })?;
    if password.is_none() {
        return Err(CoreError::Conflict(
            "this account has no password, so unlinking the sign-in provider would leave no way \
             to sign in; set a password first (\"Forgot password\" on the sign-in page)"
                .into(),
        ));
    }
    crate::auth::session_cache::forget_user(user_id);
    sqlx::query(
        "UPDATE users SET oidc_issuer = NULL, oidc_subject = NULL, updated_at = $1 WHERE id = $2",
    )
    .bind(time::now_str())
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(subject)
}

/// `POST /auth/oidc/unlink`: the caller's account stops signing in through the provider. It
/// needs a password to remain (409 otherwise). Works whether or not a provider is configured
/// now, so an identity left from an earlier configuration can be removed.
pub async fn unlink(core: &Core, actor: &Actor) -> CoreResult<()> {
    let mut tx = core.db.begin().await?;
    let subject = separate(&mut tx, actor.id()).await?;
    audit::commit(
        tx,
        AuditEvent::own(actor, "auth.oidc_unlinked", format!("subject {subject}")),
    )
    .await
}

/// An admin joins an existing account to the provider identity `input.subject` of the
/// configured issuer (404 without a provider or user; 409 when either is already joined).
pub async fn admin_link(
    core: &Core,
    actor: &Actor,
    user_id: &str,
    input: OidcLinkInput,
) -> CoreResult<UserOut> {
    let mut tx = begin_admin_action(core, actor).await?;
    input.validate()?;
    let issuer = super::configured(core)?.issuer();
    join(&mut tx, user_id, issuer, &input.subject).await?;
    finish_admin_action(
        tx,
        actor,
        user_id,
        "admin.oidc_linked",
        format!("subject {}", input.subject),
    )
    .await?;
    repo::find_by_id(core.db.pool(), user_id)
        .await?
        .ok_or_else(no_such_user)
}

/// An admin removes an account's identity (404 unknown user; 409 when it has none or no
/// password to fall back on).
pub async fn admin_unlink(core: &Core, actor: &Actor, user_id: &str) -> CoreResult<()> {
    let mut tx = begin_admin_action(core, actor).await?;
    let subject = separate(&mut tx, user_id).await?;
    finish_admin_action(
        tx,
        actor,
        user_id,
        "admin.oidc_unlinked",
        format!("subject {subject}"),
    )
    .await
}
