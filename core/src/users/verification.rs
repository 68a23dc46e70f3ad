//! Email verification: proof that an account's address reaches its owner.
//!
//! An account an admin creates is vouched for by that admin (the API's `email_verified_at` is
//! its creation time, `email_confirmed` is false) and is mailed a confirmation link at once
//! ([`start`]); without an SMTP server the mail goes to the outbox, where the admin finds the
//! link. The link confirms the address once, within 48 hours (`email_confirmed` becomes true,
//! `email_verified_at` that time). Admins can mail a new link ([`resend`]) or mark the
//! address checked themselves ([`mark_verified`]). The column `users.email_verified_at` is
//! the owner's confirmation only (null until then).
//!
//! **Unverified accounts may sign in.** An admin created the account and so vouches for it,
//! and refusing sign-in would lock every user out of an instance that has no mail server; the
//! app shows such users an "email not verified" notice instead, and `email_verified_at` says
//! it to API clients. What verification guards is mail itself: it proves the password-reset
//! mails will reach the right person.

use std::net::IpAddr;

use cardsmith_i18n::{t, Locale};
use cardsmith_model::recovery::VerifyEmailInput;

use super::admin::{begin_admin_action, finish_admin_action};
use super::link_mails;
use super::recovery::admit_mail_request;
use super::repo::{self, UserRow};
use super::tokens::{self, Purpose};
use crate::audit::{self, AuditEvent};
use crate::auth::{chosen_locale, Actor};
use crate::db::DbTx;
use crate::{mail, time, Core, CoreError, CoreResult};

fn no_such_user() -> CoreError {
    CoreError::NotFound("no user has that id".into())
}

/// Marks a new account's address unverified and queues its verification mail, in the
/// transaction that creates the account (so either both happen or neither). Call
/// `core.jobs.wake()` after the commit to send it at once.
pub(crate) async fn start(
    core: &Core,
    tx: &mut DbTx<'_>,
    locale: Locale,
    user_id: &str,
    email: &str,
    display_name: &str,
) -> CoreResult<()> {
    crate::auth::session_cache::forget_user(user_id);
    sqlx::query("UPDATE users SET email_verified_at = NULL WHERE id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    queue_mail(core, tx, locale, user_id, email, display_name).await
}

async fn queue_mail(
    core: &Core,
    tx: &mut DbTx<'_>,
    locale: Locale,
    user_id: &str,
    email: &str,
    display_name: &str,
) -> CoreResult<()> {
    let token = tokens::issue(tx, user_id, email, Purpose::VerifyEmail).await?;
    mail::enqueue(
        tx,
        link_mails::verification(core, locale, email, display_name, &token),
    )
    .await
}

/// Confirms the address a verification link was sent to. The token is used once; the account's
/// other verification links stop working too. A link for an address the account no longer
/// has is refused like an unknown one.
#[tracing::instrument(skip_all)]
pub async fn verify_email(
    core: &Core,
    input: VerifyEmailInput,
    client: Option<IpAddr>,
) -> CoreResult<()> {
    input.validate()?;
    let mut tx = core.db.begin().await?;
    let redeemed = tokens::redeem(&mut tx, &input.token, Purpose::VerifyEmail).await?;
    let row = repo::find_row_by_id(&mut *tx, &redeemed.user_id)
        .await?
        .filter(|row| row.email == redeemed.email)
        .ok_or_else(tokens::not_valid)?;
    set_verified(&mut tx, &row).await?;
    audit::record(
        &mut *tx,
        AuditEvent::unattended("auth.email_verified", &row.id, &row.id, "", client),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// An admin mails `user_id` a new verification link (their older links keep working until
/// they expire). Rate-limited per admin address and account (429); an address that is
/// verified already is a 409. Returns the sentence for the admin: where the mail went.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), user_id = %user_id))]
pub async fn resend(core: &Core, actor: &Actor, user_id: &str) -> CoreResult<String> {
    let mut tx = begin_admin_action(core, actor).await?;
    let row = repo::find_row_by_id(&mut *tx, user_id)
        .await?
        .ok_or_else(no_such_user)?;
    if row.email_verified_at.is_some() {
        return Err(CoreError::Conflict(format!(
            "{} is verified already",
            row.email
        )));
    }
    admit_mail_request(core, actor.ip, &row.email)?;
    // in the language the person chose, else in the admin's (who likely shares theirs)
    let locale = chosen_locale(row.locale.as_deref()).unwrap_or(actor.locale);
    queue_mail(
        core,
        &mut tx,
        locale,
        &row.id,
        &row.email,
        &row.display_name,
    )
    .await?;
    let detail = "verification link mailed (valid 48 hours)".to_owned();
    finish_admin_action(tx, actor, user_id, "admin.verification_resent", detail).await?;
    core.jobs.wake();
    Ok(if mail::smtp_configured(core) {
        t!(actor.locale, "mail-resend-sent", email = &row.email)
    } else {
        t!(actor.locale, "mail-resend-outbox", email = &row.email)
    })
}

/// An admin marks `user_id`'s address verified (they checked it another way); the account's
/// outstanding verification links stop working. Already verified: nothing changes, still 204.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), user_id = %user_id))]
pub async fn mark_verified(core: &Core, actor: &Actor, user_id: &str) -> CoreResult<()> {
    let mut tx = begin_admin_action(core, actor).await?;
    let row = repo::find_row_by_id(&mut *tx, user_id)
        .await?
        .ok_or_else(no_such_user)?;
    let detail = match &row.email_verified_at {
        Some(at) => format!("was verified at {at}"),
        None => "was unverified".to_owned(),
    };
    set_verified(&mut tx, &row).await?;
    finish_admin_action(tx, actor, user_id, "admin.email_verified", detail).await
}

/// Sets `email_verified_at` (keeping an earlier time) and retires the verification links.
async fn set_verified(tx: &mut DbTx<'_>, row: &UserRow) -> CoreResult<()> {
    crate::auth::session_cache::forget_user(&row.id);
    sqlx::query(
        "UPDATE users SET email_verified_at = COALESCE(email_verified_at, $1), updated_at = $1
         WHERE id = $2",
    )
    .bind(time::now_str())
    .bind(&row.id)
    .execute(&mut **tx)
    .await?;
    tokens::retire_all(tx, &row.id, Purpose::VerifyEmail).await?;
    Ok(())
}
