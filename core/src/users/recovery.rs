//! Getting back into an account without its password: "forgot password" mails a reset link,
//! an admin can make one to hand over (for instances without mail), and the link sets a new
//! password once.
//!
//! A reset ends every session of the account (whoever got in with the old password is out)
//! and clears its sign-in lockouts, exactly as an admin's unlock does: the person just proved
//! they hold the account's mailbox or got the link from an admin.

use std::net::IpAddr;

use cardsmith_i18n::{t, Locale};
use cardsmith_model::recovery::{
    AdminResetPasswordOutputBody, ForgotPasswordInput, ResetPasswordInput,
};

use super::admin::{begin_admin_action, finish_admin_action};
use super::tokens::{self, Purpose};
use super::{link_mails, repo};
use crate::audit::{self, AuditEvent};
use crate::auth::chosen_locale;
use crate::auth::{password, session, Actor};
use crate::{mail, time, Core, CoreError, CoreResult};

/// Mail-sending requests a minute from one client address (forgot-password and the admin's
/// resend-verification), 429 beyond.
pub const MAIL_REQUESTS_PER_ADDRESS: u32 = 10;
/// Mail-sending requests a minute for one email from one client address, 429 beyond.
pub const MAIL_REQUESTS_PER_ACCOUNT: u32 = 3;
/// Reset mails one account gets in an hour, whoever asks and from wherever: beyond this,
/// forgot-password still answers the same but sends nothing, so nobody can flood a mailbox
/// by asking from many addresses.
pub const RESET_MAILS_PER_HOUR: i64 = 5;

/// What forgot-password answers, whether or not the email has an account.
pub fn forgot_password_message(locale: Locale) -> String {
    let lifetime =
        crate::mail::letter::hours(locale, Purpose::ResetPassword.lifetime().num_hours());
    t!(locale, "mail-reset-requested", lifetime = lifetime)
}

/// Admits one mail-sending request for `email` from `client`, or answers 429 with
/// `Retry-After`.
pub(crate) fn admit_mail_request(
    core: &Core,
    client: Option<IpAddr>,
    email: &str,
) -> CoreResult<()> {
    core.throttles.mail_links.admit(client, email)
}

/// Mails a reset link to `input.email` if an active account with a password has it.
///
/// The answer is the same (`Ok`, [`forgot_password_message`]) whatever the email, so nobody
/// learns who has an account: unknown emails, deactivated accounts, accounts without a
/// password (they sign in through a provider, whose own reset applies) and accounts that had
/// [`RESET_MAILS_PER_HOUR`] mails already get nothing, and every case writes one audit row in
/// one transaction, so they take about as long. Rate limits (429) count every request alike.
#[tracing::instrument(skip_all)]
pub async fn forgot_password(
    core: &Core,
    input: ForgotPasswordInput,
    client: Option<IpAddr>,
    locale: Locale,
) -> CoreResult<()> {
    input.validate()?;
    let email = repo::normalise_email(&input.email);
    admit_mail_request(core, client, &email)?;
    let row = repo::find_row_by_email(core.db.pool(), &email).await?;
    let mut tx = core.db.begin().await?;
    let (user_id, detail) = match row {
        None => (String::new(), "no account has that email"),
        Some(row) if row.status != "active" => (row.id, "account deactivated; nothing sent"),
        Some(row) if row.password_hash.is_none() => {
            (row.id, "account has no password; nothing sent")
        }
        Some(row) => {
            if tokens::issued_last_hour(&mut tx, &row.id, Purpose::ResetPassword).await?
                >= RESET_MAILS_PER_HOUR
            {
                (row.id, "hourly limit of reset mails reached; nothing sent")
            } else {
                let token =
                    tokens::issue(&mut tx, &row.id, &row.email, Purpose::ResetPassword).await?;
                // the account's language, else the one of the page that asked
                let locale = chosen_locale(row.locale.as_deref()).unwrap_or(locale);
                let message =
                    link_mails::reset(core, locale, &row.email, &row.display_name, &token);
                mail::enqueue(&mut tx, message).await?;
                (row.id, "reset link mailed")
            }
        }
    };
    audit::record(
        &mut *tx,
        AuditEvent::unattended(
            "auth.password_reset_requested",
            &user_id,
            "",
            detail,
            client,
        ),
    )
    .await?;
    tx.commit().await?;
    core.jobs.wake();
    Ok(())
}

/// Sets a new password with a reset link's token. The token is checked before the password is
/// hashed (so dead links cost no hashing), then used in the transaction that changes the
/// password, ends every session of the account, clears its lockouts and retires its other
/// reset links. A 422 on `token` says whether the link is unknown, used or expired.
#[tracing::instrument(skip_all)]
pub async fn reset_password(
    core: &Core,
    input: ResetPasswordInput,
    client: Option<IpAddr>,
) -> CoreResult<()> {
    input.validate()?;
    tokens::check(core.db.pool(), &input.token, Purpose::ResetPassword).await?;
    let hash = password::hash(input.new_password).await?;
    let mut tx = core.db.begin().await?;
    let redeemed = tokens::redeem(&mut tx, &input.token, Purpose::ResetPassword).await?;
    let row = repo::find_row_by_id(&mut *tx, &redeemed.user_id)
        .await?
        .filter(|row| row.email == redeemed.email)
        .ok_or_else(tokens::not_valid)?;
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(hash)
        .bind(time::now_str())
        .bind(&row.id)
        .execute(&mut *tx)
        .await?;
    let ended = session::end_all(&mut *tx, &row.id, None).await?;
    let cleared = sqlx::query("DELETE FROM login_failures WHERE email = $1")
        .bind(&row.email)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    tokens::retire_all(&mut tx, &row.id, Purpose::ResetPassword).await?;
    let detail = format!("{ended} session(s) ended; {cleared} failure record(s) cleared");
    audit::record(
        &mut *tx,
        AuditEvent::unattended("auth.password_reset", &row.id, &row.id, detail, client),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// An admin makes a reset link for `user_id` to hand over themselves (nothing is mailed), so
/// resets work on instances without mail. It works like a mailed one: once, for an hour. The
/// account is unchanged until the link is used.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), user_id = %user_id))]
pub async fn admin_reset_link(
    core: &Core,
    actor: &Actor,
    user_id: &str,
) -> CoreResult<AdminResetPasswordOutputBody> {
    let mut tx = begin_admin_action(core, actor).await?;
    let row = repo::find_row_by_id(&mut *tx, user_id)
        .await?
        .ok_or_else(|| CoreError::NotFound("no user has that id".into()))?;
    let token = tokens::issue(&mut tx, &row.id, &row.email, Purpose::ResetPassword).await?;
    let reset_link = link_mails::link(core, Purpose::ResetPassword, &token);
    let detail = "reset link made (valid 1 hour)".to_owned();
    finish_admin_action(tx, actor, user_id, "admin.password_reset_link", detail).await?;
    Ok(AdminResetPasswordOutputBody {
        message: t!(
            actor.locale,
            "adm-users-reset-link-made",
            email = &row.email,
            lifetime = crate::mail::letter::hours(
                actor.locale,
                Purpose::ResetPassword.lifetime().num_hours()
            )
        ),
        reset_link,
    })
}
