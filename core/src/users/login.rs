//! Signing in and out, with lockout after repeated failures.

use cardsmith_model::user::LoginInput;

use super::repo::{self, UserRow};
use super::SignedIn;
use crate::audit::{self, AuditEvent};
use crate::auth::{password, session};
use crate::{time, Core, CoreError, CoreResult};

fn bad_credentials() -> CoreError {
    CoreError::Unauthenticated("email or password is wrong".to_owned())
}

/// Checks the credentials and opens a session.
///
/// The same 401 answers an unknown email and a wrong password, so sign-in does not reveal who
/// has an account. While a lockout is in force the password is not even checked, so guessing
/// gains nothing.
#[tracing::instrument(skip_all)]
pub async fn login(core: &Core, input: LoginInput) -> CoreResult<SignedIn> {
    input.validate()?;
    let pool = core.db.pool();
    let row = repo::find_row_by_email(pool, &input.email).await?;
    let Some(row) = row else {
        password::verify(input.password, None).await?;
        return Err(bad_credentials());
    };
    if row.is_locked() {
        return Err(locked(&row));
    }
    if !password::verify(input.password, row.password_hash.clone()).await? {
        return Err(record_failure(core, &row).await?);
    }
    if row.status == "deactivated" {
        return Err(CoreError::Forbidden(
            "this account is deactivated; ask an admin to reactivate it".to_owned(),
        ));
    }
    let mut tx = core.db.begin().await?;
    sqlx::query("UPDATE users SET failed_login_count = 0, locked_until = NULL WHERE id = $1")
        .bind(&row.id)
        .execute(&mut *tx)
        .await?;
    let new_session = session::create(core, &mut *tx, &row.id).await?;
    audit::record(
        &mut *tx,
        AuditEvent {
            action: "auth.login",
            user_id: &row.id,
            actor_id: &row.id,
            detail: String::new(),
        },
    )
    .await?;
    tx.commit().await?;
    let user = repo::find_by_id(pool, &row.id)
        .await?
        .ok_or_else(bad_credentials)?;
    Ok(SignedIn {
        user,
        session: new_session,
    })
}

/// Counts a failed attempt; the one that reaches the limit starts a lockout.
async fn record_failure(core: &Core, row: &UserRow) -> CoreResult<CoreError> {
    let failures = row.failed_login_count + 1;
    let mut tx = core.db.begin().await?;
    let error = if failures >= core.settings.max_failed_logins {
        let until = time::from_now(core.settings.lockout);
        sqlx::query(
            "UPDATE users SET failed_login_count = 0, locked_until = $1,
                 locked_account_count = locked_account_count + 1 WHERE id = $2",
        )
        .bind(&until)
        .bind(&row.id)
        .execute(&mut *tx)
        .await?;
        audit::record(
            &mut *tx,
            AuditEvent {
                action: "auth.locked",
                user_id: &row.id,
                actor_id: "",
                detail: format!("{failures} failed sign-ins"),
            },
        )
        .await?;
        locked(&UserRow {
            locked_until: Some(until),
            ..row.clone()
        })
    } else {
        sqlx::query("UPDATE users SET failed_login_count = $1 WHERE id = $2")
            .bind(failures)
            .bind(&row.id)
            .execute(&mut *tx)
            .await?;
        audit::record(
            &mut *tx,
            AuditEvent {
                action: "auth.login_failed",
                user_id: &row.id,
                actor_id: "",
                detail: String::new(),
            },
        )
        .await?;
        bad_credentials()
    };
    tx.commit().await?;
    Ok(error)
}

fn locked(row: &UserRow) -> CoreError {
    let retry_after_s = row
        .locked_until
        .as_deref()
        .and_then(time::parse)
        .map(|until| (until - time::now()).num_seconds().max(1))
        .unwrap_or(60);
    let minutes = (retry_after_s + 59) / 60;
    CoreError::TooManyRequests {
        detail: format!(
            "too many failed sign-ins: this account is locked for {minutes} more minute(s)"
        ),
        retry_after_s,
    }
}

/// Ends the session behind `token`, if any.
pub async fn logout(core: &Core, token: Option<&str>) -> CoreResult<()> {
    match token {
        Some(token) => session::end(core.db.pool(), token).await,
        None => Ok(()),
    }
}
