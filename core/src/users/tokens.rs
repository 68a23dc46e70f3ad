//! The tokens of links that act on an account without a session: password reset and email
//! verification (`email_tokens`).
//!
//! A token is 32 random bytes (base64url, 43 characters), shown once in a link and stored
//! only as its SHA-256, like a session token: a copy of the database opens no link. Each
//! works once ([`redeem`] marks it used in the transaction of the change it allows, so two
//! concurrent uses cannot both succeed) and only until it expires: a reset link after
//! [`Purpose::ResetPassword`]'s hour (it hands over the account, so it must not lie in a
//! mailbox for long), a verification link after [`Purpose::VerifyEmail`]'s 48 hours (it only
//! confirms an address, and people read mail a day late).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use cardsmith_i18n::Locale;
use chrono::Duration;
use rand::RngCore;

use crate::db::{DbPool, DbTx};
use crate::media::store::sha256_hex;
use crate::{time, CoreError, CoreResult};

/// What a token may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    ResetPassword,
    VerifyEmail,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::ResetPassword => "reset_password",
            Self::VerifyEmail => "verify_email",
        }
    }

    /// How long a link of this purpose works.
    pub fn lifetime(self) -> Duration {
        match self {
            Self::ResetPassword => Duration::hours(1),
            Self::VerifyEmail => Duration::hours(48),
        }
    }
}

fn hash(token: &str) -> String {
    sha256_hex(token.trim().as_bytes())
}

/// Issues a token of `purpose` for `user_id` at `email`, inside the caller's transaction, and
/// returns it for the link (it is not kept anywhere). Tokens of the same user and purpose that
/// have expired are dropped here, so the table holds only what could still be used.
pub async fn issue(
    tx: &mut DbTx<'_>,
    user_id: &str,
    email: &str,
    purpose: Purpose,
) -> CoreResult<String> {
    let now = time::now_str();
    sqlx::query(
        "DELETE FROM email_tokens WHERE user_id = $1 AND purpose = $2 AND expires_at <= $3",
    )
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    sqlx::query(
        "INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(hash(&token))
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(email)
    .bind(&now)
    .bind(time::from_now(purpose.lifetime()))
    .execute(&mut **tx)
    .await?;
    Ok(token)
}

/// How many tokens of `purpose` were issued for `user_id` in the last hour (the per-account
/// cap on mails that strangers can trigger).
pub async fn issued_last_hour(
    tx: &mut DbTx<'_>,
    user_id: &str,
    purpose: Purpose,
) -> CoreResult<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM email_tokens WHERE user_id = $1 AND purpose = $2 AND created_at > $3",
    )
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(time::from_now(-Duration::hours(1)))
    .fetch_one(&mut **tx)
    .await?)
}

/// Whose a redeemed token was, and the address it was issued for.
#[derive(Debug, Clone)]
pub struct Redeemed {
    pub user_id: String,
    pub email: String,
}

/// Checks that `token` could be redeemed for `purpose` now, without using it: lets a caller
/// refuse a dead link before doing anything costly (hashing a new password).
pub async fn check(pool: &DbPool, token: &str, purpose: Purpose) -> CoreResult<()> {
    let state: Option<(Option<String>, String)> = sqlx::query_as(
        "SELECT used_at, expires_at FROM email_tokens WHERE token_hash = $1 AND purpose = $2",
    )
    .bind(hash(token))
    .bind(purpose.as_str())
    .fetch_optional(pool)
    .await?;
    match state {
        Some((None, expires_at)) if expires_at > time::now_str() => Ok(()),
        other => Err(refusal(other, purpose)),
    }
}

/// Uses `token` for `purpose`: marks it used in the caller's transaction (which must then make
/// the change the link allows, and commit) and says whose it is. A token that is unknown, of
/// another purpose, used or expired is a 422 on `token` saying which, so the page can tell the
/// person what to do next; saying so reveals nothing, since only the holder of a link that was
/// really issued can tell "used" from "unknown".
pub async fn redeem(tx: &mut DbTx<'_>, token: &str, purpose: Purpose) -> CoreResult<Redeemed> {
    let now = time::now_str();
    let row: Option<(String, String)> = sqlx::query_as(
        "UPDATE email_tokens SET used_at = $1
         WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1
         RETURNING user_id, email",
    )
    .bind(&now)
    .bind(hash(token))
    .bind(purpose.as_str())
    .fetch_optional(&mut **tx)
    .await?;
    if let Some((user_id, email)) = row {
        return Ok(Redeemed { user_id, email });
    }
    let state: Option<(Option<String>, String)> = sqlx::query_as(
        "SELECT used_at, expires_at FROM email_tokens WHERE token_hash = $1 AND purpose = $2",
    )
    .bind(hash(token))
    .bind(purpose.as_str())
    .fetch_optional(&mut **tx)
    .await?;
    Err(refusal(state, purpose))
}

/// Marks every unused token of `purpose` for `user_id` used: once a password is reset or an
/// address verified, the other links that would do the same must not work any more.
pub async fn retire_all(tx: &mut DbTx<'_>, user_id: &str, purpose: Purpose) -> CoreResult<u64> {
    Ok(sqlx::query(
        "UPDATE email_tokens SET used_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL",
    )
    .bind(time::now_str())
    .bind(user_id)
    .bind(purpose.as_str())
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// The answer for a token that cannot be used: `state` is its `(used_at, expires_at)`, if the
/// token exists for that purpose.
fn refusal(state: Option<(Option<String>, String)>, purpose: Purpose) -> CoreError {
    let detail = match state {
        None => "is not valid; copy the whole link from the mail, or ask for a new one".to_owned(),
        Some((Some(_), _)) => {
            "has already been used (each link works once); ask for a new one if you need it"
                .to_owned()
        }
        Some((None, _)) => format!(
            "has expired (these links work for {}); ask for a new one",
            crate::mail::letter::hours(Locale::En, purpose.lifetime().num_hours())
        ),
    };
    CoreError::invalid("token", detail)
}

/// Not valid: the refusal for a token whose account no longer matches it (its address
/// changed since the link was sent).
pub fn not_valid() -> CoreError {
    refusal(None, Purpose::VerifyEmail)
}
