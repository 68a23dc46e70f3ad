//! Signing in and out, with rate limits and lockout after repeated failures.

use std::net::IpAddr;

use cardsmith_model::user::LoginInput;

use super::lockout::{self, bad_credentials};
use super::repo;
use super::SignedIn;
use crate::audit::{self, AuditEvent};
use crate::auth::{password, session};
use crate::{Core, CoreError, CoreResult};

/// Checks the credentials and opens a session. `client` is the address the attempt came
/// from (see [`crate::auth::client_address`]).
///
/// In order: the rate limits of [`crate::throttle`] (429, before any hashing), the
/// lockout of `client` for this email (429, the password is not even checked, so guessing
/// gains nothing), then the password. Nothing up to the password check differs between an
/// email that has an account and one that has not: the same 401 for a wrong password, the
/// same count of failures, the same 429 when they reach the limit, and one argon2 hash each
/// either way (no timing oracle). Only the right password of a deactivated account (403)
/// tells more, and only to someone who knows that password.
#[tracing::instrument(skip_all)]
pub async fn login(core: &Core, input: LoginInput, client: Option<IpAddr>) -> CoreResult<SignedIn> {
    input.validate()?;
    let email = repo::normalise_email(&input.email);
    core.throttles.sign_in.admit(client, &email)?;
    let address = lockout::address_key(client);
    lockout::check(core, &email, &address).await?;
    let pool = core.db.pool();
    let row = repo::find_row_by_email(pool, &email).await?;
    let phc = row.as_ref().and_then(|r| r.password_hash.clone());
    // Hashes even without an account (`phc` is None then), so both take as long.
    let verified = password::verify(input.password, phc).await?;
    let row = match row {
        Some(row) if verified => row,
        other => {
            let user_id = other.map(|r| r.id);
            return Err(record_failure(core, &email, &address, user_id.as_deref(), client).await?);
        }
    };
    if row.status == "deactivated" {
        return Err(CoreError::Forbidden(
            "this account is deactivated; ask an admin to reactivate it".to_owned(),
        ));
    }
    let mut tx = core.db.begin().await?;
    lockout::clear(&mut *tx, &email, &address).await?;
    let new_session = session::create(core, &mut *tx, &row.id).await?;
    audit::record(
        &mut *tx,
        AuditEvent::unattended("auth.login", &row.id, &row.id, String::new(), client),
    )
    .await?;
    tx.commit().await?;
    core.throttles.sign_in.succeeded(client, &email);
    let user = repo::find_by_id(pool, &row.id)
        .await?
        .ok_or_else(bad_credentials)?;
    Ok(SignedIn {
        user,
        session: new_session,
    })
}

/// Counts a failed attempt and audits it; returns the answer for the client (401, or 429 once
/// the lockout is in force). `user_id` is `None` for an email without an account.
async fn record_failure(
    core: &Core,
    email: &str,
    address: &str,
    user_id: Option<&str>,
    client: Option<IpAddr>,
) -> CoreResult<CoreError> {
    let mut tx = core.db.begin().await?;
    let failure = lockout::record(core, &mut *tx, email, address).await?;
    let started = failure.started_lockout(core);
    if started {
        if let Some(id) = user_id {
            crate::auth::session_cache::forget_user(id);
            sqlx::query(
                "UPDATE users SET locked_account_count = locked_account_count + 1 WHERE id = $1",
            )
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
    }
    let (action, detail) = match (started, user_id) {
        (true, _) => ("auth.locked", format!("{} failed sign-ins", failure.count)),
        (false, Some(_)) => ("auth.login_failed", String::new()),
        // The attempted email is not kept: people type passwords into the email field.
        (false, None) => ("auth.login_failed", "no account has that email".to_owned()),
    };
    audit::record(
        &mut *tx,
        AuditEvent::unattended(action, user_id.unwrap_or_default(), "", detail, client),
    )
    .await?;
    tx.commit().await?;
    Ok(failure.into_error())
}

/// Ends the session behind `token`, if any, and audits whose it was.
pub async fn logout(core: &Core, token: Option<&str>, client: Option<IpAddr>) -> CoreResult<()> {
    let Some(token) = token else {
        return Ok(());
    };
    if let Some(user_id) = session::end(core.db.pool(), token).await? {
        audit::record(
            core.db.pool(),
            AuditEvent::unattended("auth.logout", &user_id, &user_id, String::new(), client),
        )
        .await?;
    }
    Ok(())
}
