//! Lockout after repeated failed sign-ins, counted per (email, client address).
//!
//! Why per pair: counting per account alone let anybody lock the owner out by guessing from
//! anywhere. Here a stranger's guesses lock only the stranger's address out of that email;
//! the owner's browser elsewhere signs in as usual, while the stranger still gets at most
//! `max_failed_logins` guesses per lockout period per address.
//!
//! Why per email rather than per account: an email nobody has is counted and locked exactly
//! like a real one, so neither the 401s nor the 429 that follows them tell whether an account
//! exists.
//!
//! Counting is one atomic upsert (`failures = failures + 1 ... RETURNING`), so concurrent
//! guesses cannot all read the same count and all get through.

use std::net::IpAddr;

use crate::db::DbDriver;
use crate::{time, Core, CoreError, CoreResult};

/// The key of an address in `login_failures.address`: the same as the rate limits use (an
/// IPv6 client by its /64, '' when unknown).
pub fn address_key(address: Option<IpAddr>) -> String {
    crate::throttle::address_key(address)
}

/// The error while `email` is locked for `address`, if it is.
pub async fn check(core: &Core, email: &str, address: &str) -> CoreResult<()> {
    let until: Option<String> = sqlx::query_scalar(
        "SELECT locked_until FROM login_failures
         WHERE email = $1 AND address = $2 AND locked_until > $3",
    )
    .bind(email)
    .bind(address)
    .bind(time::now_str())
    .fetch_optional(core.db.pool())
    .await?;
    match until {
        Some(until) => Err(locked(&until)),
        None => Ok(()),
    }
}

/// What one more failure did.
pub struct Failure {
    /// Failures in a row now, this one included.
    pub count: i64,
    /// Set when a lockout is in force (this failure started it, or a concurrent one did).
    pub locked_until: Option<String>,
}

impl Failure {
    /// This failure is the one that started the lockout (exactly one per streak).
    pub fn started_lockout(&self, core: &Core) -> bool {
        self.count == core.settings.max_failed_logins
    }

    /// The answer to the client: 401 before the limit, 429 from it on.
    pub fn into_error(self) -> CoreError {
        match self.locked_until {
            Some(until) => locked(&until),
            None => bad_credentials(),
        }
    }
}

/// Counts one failed sign-in of `email` from `address`, atomically.
///
/// A streak starts over when its lockout has passed, or when its last failure is older than
/// one lockout period (an occasional typo over weeks does not add up to a lockout).
pub async fn record<'e, E>(
    core: &Core,
    executor: E,
    email: &str,
    address: &str,
) -> CoreResult<Failure>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let now = time::now();
    let lock_ends = time::format(now + core.settings.lockout);
    let streak_from = time::format(now - core.settings.lockout);
    let max = core.settings.max_failed_logins.max(1);
    let (count, locked_until): (i64, Option<String>) = sqlx::query_as(
        "INSERT INTO login_failures (email, address, failures, last_failed_at, locked_until)
         VALUES ($1, $2, 1, $3, CASE WHEN 1 >= $4 THEN $5 END)
         ON CONFLICT (email, address) DO UPDATE SET
             failures = CASE
                 WHEN login_failures.last_failed_at <= $6 OR login_failures.locked_until <= $3 THEN 1
                 ELSE login_failures.failures + 1 END,
             locked_until = CASE
                 WHEN login_failures.last_failed_at <= $6 OR login_failures.locked_until <= $3
                     THEN CASE WHEN 1 >= $4 THEN $5 END
                 WHEN login_failures.failures + 1 >= $4 THEN COALESCE(login_failures.locked_until, $5)
                 ELSE login_failures.locked_until END,
             last_failed_at = $3
         RETURNING failures, locked_until",
    )
    .bind(email)
    .bind(address)
    .bind(time::format(now))
    .bind(max)
    .bind(&lock_ends)
    .bind(&streak_from)
    .fetch_one(executor)
    .await?;
    Ok(Failure {
        count,
        locked_until,
    })
}

/// Forgets the failures of `email` from `address` (it just signed in).
pub async fn clear<'e, E>(executor: E, email: &str, address: &str) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    sqlx::query("DELETE FROM login_failures WHERE email = $1 AND address = $2")
        .bind(email)
        .bind(address)
        .execute(executor)
        .await?;
    Ok(())
}

/// The one 401 of sign-in, for unknown emails and wrong passwords alike.
pub fn bad_credentials() -> CoreError {
    CoreError::Unauthenticated("email or password is wrong".to_owned())
}

/// The one 429 of a lockout. It names neither the account nor whether there is one.
fn locked(until: &str) -> CoreError {
    let retry_after_s = time::parse(until)
        .map(|until| (until - time::now()).num_seconds().max(1))
        .unwrap_or(60);
    let minutes = (retry_after_s + 59) / 60;
    CoreError::TooManyRequests {
        detail: match minutes {
            1 => "too many failed sign-ins for this email from your address; try again in 1 minute"
                .to_owned(),
            n => format!(
                "too many failed sign-ins for this email from your address; try again in {n} minutes"
            ),
        },
        retry_after_s,
    }
}
