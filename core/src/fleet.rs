//! What several Cardsmith instances sharing one database coordinate through it.
//!
//! Requests and jobs need nothing more: sessions, caches' versions and the job queue live in
//! the database (a job is claimed once, see `jobs::queue`). Periodic work that must run once
//! across the fleet, not once per instance, takes a named lease first: whichever instance
//! holds it does the work, renewing it each time; when the holder stops (stopped, killed,
//! cut off), its lease runs out and the next instance to ask takes it over. And each
//! instance's memory of sessions hears about changes made on the others
//! ([`relay_forgotten_users`]).

use chrono::Duration;

use crate::auth::session_cache;
use crate::db::DbPool;
use crate::{time, CoreResult, Db};

/// This process's name as a lease holder: fresh at each start, so a restarted instance waits
/// out the lease its previous life held, like any other instance would.
pub fn instance_id() -> &'static str {
    static ID: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ID.get_or_init(crate::new_id)
}

/// Takes or renews lease `name` for `holder` until `ttl` from now. True when `holder` now
/// holds it: it was free, had run out, or was already theirs. One statement, so two instances
/// asking at once cannot both win (on PostgreSQL the second waits for the first's row and
/// then sees it held).
pub async fn try_lease(pool: &DbPool, name: &str, holder: &str, ttl: Duration) -> CoreResult<bool> {
    let taken: Option<String> = sqlx::query_scalar(
        "INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE leases.holder = excluded.holder OR leases.expires_at <= $4
         RETURNING holder",
    )
    .bind(name)
    .bind(holder)
    .bind(time::from_now(ttl))
    .bind(time::now_str())
    .fetch_optional(pool)
    .await?;
    Ok(taken.is_some())
}

/// The channel of `migrations/postgres/0032_forget_notifications.sql`: a user id, whenever
/// one of their sessions ended or their account changed, on any instance.
const FORGET_USER_CHANNEL: &str = "cardsmith_forget_user";

/// Relays other instances' changes to this instance's session memory, for as long as the
/// server runs (PostgreSQL only: on SQLite there is one instance and it returns at once).
/// Whenever it is not listening (starting, connection lost), it forgets everything, since
/// notices may have been missed; then it listens again.
pub async fn relay_forgotten_users(db: Db) {
    loop {
        let listener = match db.listen(FORGET_USER_CHANNEL).await {
            None => return,
            Some(listener) => listener,
        };
        session_cache::forget_all();
        let mut listener = match listener {
            Ok(listener) => listener,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for other instances' session changes; retrying");
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                continue;
            }
        };
        loop {
            match listener.try_recv().await {
                Ok(Some(notice)) => session_cache::forget_user(notice.payload()),
                // the connection dropped; the next call reconnects, and what was said in
                // between is lost
                Ok(None) => session_cache::forget_all(),
                Err(e) => {
                    tracing::warn!(error = %e, "lost the notices of other instances' session changes; reconnecting");
                    session_cache::forget_all();
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_holder_at_a_time_until_the_lease_runs_out() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::connect(&format!(
            "sqlite://{}",
            dir.path().join("lease.db").display()
        ))
        .await
        .unwrap();
        let pool = db.pool();
        let minute = Duration::minutes(1);
        assert!(try_lease(pool, "housekeeping", "a", minute).await.unwrap());
        assert!(!try_lease(pool, "housekeeping", "b", minute).await.unwrap());
        assert!(
            try_lease(pool, "housekeeping", "a", minute).await.unwrap(),
            "the holder renews"
        );
        assert!(
            try_lease(pool, "other-work", "b", minute).await.unwrap(),
            "leases are per name"
        );
        // a's lease runs out (as if a stopped renewing a minute ago): b takes it over
        sqlx::query("UPDATE leases SET expires_at = $1 WHERE name = 'housekeeping'")
            .bind(time::from_now(-minute))
            .execute(pool)
            .await
            .unwrap();
        assert!(try_lease(pool, "housekeeping", "b", minute).await.unwrap());
        assert!(!try_lease(pool, "housekeeping", "a", minute).await.unwrap());
    }
}
